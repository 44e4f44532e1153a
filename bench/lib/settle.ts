/**
 * Settling one market with many open bets: the bets are placed through the API by many demo
 * customers, then an admin settles the market by its winning outcome, twice.
 */
import { createClient } from "@libsql/client";
import type { RunningServer } from "./server.ts";

const json = { "content-type": "application/json" };

async function demo(url: string, role: "customer" | "admin") {
  const res = await fetch(`${url}/api/demo/login`, { method: "POST", headers: json, body: JSON.stringify({ role }) });
  if (!res.ok) throw new Error(`demo login ${res.status}`);
  return res.headers.getSetCookie()[0].split(";")[0];
}

export async function settleLargeMarket(server: RunningServer, bets: number) {
  type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };
  const events = (await (await fetch(`${server.url}/api/events?status=upcoming&limit=50`)).json()) as Ev[];
  const event = events[events.length - 1];
  const market = event.markets[0];
  const customers = await Promise.all(Array.from({ length: 100 }, () => demo(server.url, "customer")));
  let placed = 0;
  let next = 0;
  const worker = async () => {
    while (next < bets) {
      const i = next++;
      const o = market.outcomes[i % market.outcomes.length];
      const res = await fetch(`${server.url}/api/bets`, {
        method: "POST",
        headers: { ...json, cookie: customers[i % customers.length] },
        body: JSON.stringify({ selections: [{ eventId: event.id, marketId: market.id, outcomeId: o.id, odds: o.odds }], stake: 100, betType: "single" }),
      });
      if (res.status === 201) placed++;
      else await res.body?.cancel();
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  const admin = await demo(server.url, "admin");
  const settle = () =>
    fetch(`${server.url}/api/admin/markets/${market.id}/settle`, { method: "POST", headers: { ...json, cookie: admin }, body: JSON.stringify({ winningOutcomeId: market.outcomes[0].id }) });
  await fetch(`${server.url}/api/admin/events/${event.id}`, { method: "PATCH", headers: { ...json, cookie: admin }, body: JSON.stringify({ status: "finished" }) });
  const t0 = performance.now();
  const first = await settle();
  const ms = Math.round(performance.now() - t0);
  if (!first.ok) return { error: `settle answered ${first.status} ${(await first.text()).slice(0, 120)}` } as const;
  const summary = (await first.json()) as { graded: number; settled: number; waiting: number };
  const db = createClient({ url: `file:${server.dbPath}` });
  // Rows that settling this market's bets writes (other background work may write elsewhere).
  const count = async () =>
    Number(
      (
        await db.execute({
          sql: `SELECT (SELECT COUNT(*) FROM ledger_transactions WHERE reference IN (SELECT bet_id FROM bet_legs WHERE market_id = ?))
                     + (SELECT COUNT(*) FROM audit_log WHERE entity_id IN (SELECT bet_id FROM bet_legs WHERE market_id = ?) OR entity_id = ?) AS n`,
          args: [market.id, market.id, market.id],
        })
      ).rows[0].n,
    );
  const before = await count();
  const again = await settle();
  const changedAgain = (await count()) - before;
  db.close();
  const againSummary = again.ok ? ((await again.json()) as { graded: number; settled: number }) : null;
  return { error: undefined, bets: placed, ms, summary, againStatus: again.status, againSummary, changedAgain };
}
