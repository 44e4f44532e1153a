/**
 * Demo data for same game multis: each seeded customer backs a same game multi on a few open
 * events, through placeBet like real traffic, so GET /api/betting/same-game-multis shows real
 * punter counts on a fresh database. Legs are the ones the suggestions use (the favourite, the
 * Over, both teams to score), so popular combinations and suggestions agree.
 */
import type { Database } from "./database.ts";
import { libsqlPorts } from "./index.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { suggestedLegs } from "../../domain/betting/same-game-multi-suggestions.ts";
import { formatOdds } from "../../domain/shared/odds.ts";
import type { Ids } from "../../domain/shared/clock.ts";
import type { User } from "../../domain/shared/types.ts";

export async function seedSameGameMultis(d: Database, ids: Ids, now: Date): Promise<void> {
  const ports = libsqlPorts(d);
  const rs = await d.client.execute("SELECT id FROM users WHERE role = 'customer' AND is_demo = 0 ORDER BY created_at, id");
  const customers = (await Promise.all(rs.rows.map((r) => ports.users.findById(String(r.id))))).filter((u): u is User => !!u);
  const events = (await ports.events.list({ status: "open", limit: 200 }))
    .filter((e) => suggestedLegs(e.markets).length >= 3)
    .slice(0, 3);
  const placedAt = new Date(now.getTime() - 30 * 60_000);
  for (const [i, c] of customers.entries()) {
    // Customer i backs the first (i % 3) + 1 events, so the first is the most popular.
    for (const e of events.slice(0, (i % events.length) + 1)) {
      const legs = suggestedLegs(e.markets);
      const selections = legs.map(({ market, outcomeId }) => ({
        eventId: e.id,
        marketId: market.id,
        outcomeId,
        odds: formatOdds(market.outcomes.find((o) => o.id === outcomeId)!.priceMilli),
      }));
      const res = await placeBet(
        { actor: { kind: "user", user: c, sessionId: "seed" }, ports, clock: { now: () => placedAt }, ids },
        { selections, stake: 500 + 250 * i, betType: "same_game_multi" },
        null,
      );
      if (!res.ok) throw new Error(`seed same game multi refused: ${res.error.code} ${res.error.message}`);
    }
  }
}
