/**
 * The responsible-gambling session result with fantasy contest fees: an entry fee paid
 * for a contest that is not resolved yet is money at stake, not lost, exactly like the stake of a
 * pending bet: GET /api/responsible leaves it out of `session.netWinLoss` and counts it in
 * `session.openStakes`. Once the contest is resolved (here: cancelled, every fee refunded) it is
 * decided play: fee and refund both count, the net is 0 and nothing is open.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type Session, type TestApp } from "../fixtures/test-app.ts";
import { placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";
import { createContestOk, enterOk, HOUR, lineupFor } from "../fixtures/fantasy.ts";

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
});
afterAll(() => t.close());

type SessionFigures = { netWinLoss: number; openStakes: number };
const sessionOf = async (s: Session): Promise<SessionFigures> => {
  const res = await s.get("/api/responsible");
  expect(res.status).toBe(200);
  return ((await res.json()) as { session: SessionFigures }).session;
};

describe("contest entry fees in the session result", () => {
  it("an unresolved contest's fee is open, not lost; once the contest is cancelled and refunded it nets to zero", async () => {
    const s = await demoLogin(t, "customer");
    await put(s, "/api/responsible/limit-prompt", { declined: true });
    expect(await sessionOf(s)).toMatchObject({ netWinLoss: 0, openStakes: 0 });

    const contest = await createContestOk(admin, {
      sportId: "fsp_nfl", name: `Session fees ${Math.random().toString(36).slice(2, 7)}`, entryFee: 1_500, maxEntries: 20,
      startTime: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const entered = await enterOk(s, contest.id, await lineupFor(s, contest));
    expect(entered.entry.status).toBe("active");
    // A pending bet beside it: both are open, neither is lost.
    const pool = await upcomingPool(s);
    await placeOk(s, [selectionOf(pool.next())], 700);
    expect(await sessionOf(s)).toMatchObject({ netWinLoss: 0, openStakes: 1_500 + 700 });

    // Cancelled by an operator: the fee comes back, the entry is resolved (refunded).
    expect((await admin.post(`/api/admin/fantasy/contests/${contest.id}/cancel`)).status).toBe(200);
    expect(await sessionOf(s)).toMatchObject({ netWinLoss: 0, openStakes: 700 });
  });
});
