/**
 * Settling one market with many open bets: the bets are placed through the API by many demo
 * customers, then an admin settles the market by its winning outcome, twice.
 */
import { openServerDatabase } from "./db.ts";
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
  const patch = (body: unknown) =>
    fetch(`${server.url}/api/admin/events/${event.id}`, { method: "PATCH", headers: { ...json, cookie: admin }, body: JSON.stringify(body) });
  const settle = () =>
    fetch(`${server.url}/api/admin/markets/${market.id}/settle`, { method: "POST", headers: { ...json, cookie: admin }, body: JSON.stringify({ winningOutcomeId: market.outcomes[0].id }) });
  // As an operator's results control does: the match kicked off (its start moved to now), went live,
  // and finished with its score. Finishing grades the markets the score decides and settles their
  // bets in the same request; a market the score does not decide is then settled by hand.
  // Once its start is past, the feed may kick the match off itself before the second step: an event
  // already live has reached that step.
  const isLive = async () => {
    const db = openServerDatabase(server.dbPath);
    const rs = await db.execute({ sql: "SELECT status FROM events WHERE id = ?", args: [event.id] });
    db.close();
    return rs.rows[0]?.status === "live";
  };
  for (const step of [{ startTime: new Date(Date.now() - 60_000).toISOString() }, { status: "live" }]) {
    const r = await patch(step);
    if (r.ok || ("status" in step && r.status === 409 && (await isLive()))) {
      await r.body?.cancel();
      continue;
    }
    return { error: `event ${JSON.stringify(step)} answered ${r.status} ${(await r.text()).slice(0, 120)}` } as const;
  }
  const t0 = performance.now();
  const finished = await patch({ status: "finished", homeScore: 1, awayScore: 0 });
  if (!finished.ok) return { error: `finishing the event answered ${finished.status} ${(await finished.text()).slice(0, 120)}` } as const;
  const db = openServerDatabase(server.dbPath);
  const statusCount = async () =>
    (await db.execute({ sql: "SELECT b.status AS s, COUNT(*) AS n FROM bets b JOIN bet_legs l ON l.bet_id = b.id WHERE l.market_id = ? GROUP BY b.status", args: [market.id] })).rows;
  let byStatus = await statusCount();
  if (byStatus.some((r) => r.s === "pending")) {
    const first = await settle();
    if (!first.ok) {
      db.close();
      return { error: `settle answered ${first.status} ${(await first.text()).slice(0, 120)}` } as const;
    }
    await first.body?.cancel();
    byStatus = await statusCount();
  }
  const ms = Math.round(performance.now() - t0);
  const waiting = Number(byStatus.find((r) => r.s === "pending")?.n ?? 0);
  const summary = { settled: byStatus.reduce((a, r) => a + (r.s === "pending" ? 0 : Number(r.n)), 0), waiting };
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
  const againSummary = again.ok ? ((await again.json()) as { graded: number; settled: number }) : (await again.body?.cancel(), null);
  return { error: undefined, bets: placed, ms, summary, againStatus: again.status, againSummary, changedAgain };
}
