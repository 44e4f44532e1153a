/**
 * POST /api/bets behind the customer's gates: verification, suspension, loss limits (checked before
 * and again inside the write, across the 24-hour boundary), and the price-change policy (refuse,
 * accept_higher, accept_any). Every refusal writes nothing; ledger invariants hold.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deferUpcomingEvents, demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf, betCountFor, currentUserId, expectError, expectedReturn, expectLedgerBalanced, milli, placeOk, postingCountFor,
  selectionOf, upcomingPool, type Selection,
} from "../fixtures/builders.ts";
import { put, registerCustomer, verifiedCustomer } from "../fixtures/accounts.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { HOUSE_ACCOUNT, ledgerTransaction, transfer, walletAccountId } from "../../domain/wallet/ledger.ts";
import type { PlacementPlan } from "../../domain/ports/index.ts";
import { EARLY } from "../fixtures/settle.ts";

let t: TestApp;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  // These tests move the clock up to a week ahead and still bet pre-match.
  await deferUpcomingEvents(t, 30 * 86_400_000);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());
afterEach(() => t.clock.set(null as unknown as Date));

const H = 3_600_000;
const T0 = new Date(Math.floor(Date.now() / H) * H + H);
const at = (ms: number) => new Date(T0.getTime() + ms);

async function customer() {
  t.clock.set(T0);
  const s = await demoLogin(t, "customer");
  const id = await currentUserId(s);
  await t.database.client.execute({ sql: "UPDATE sessions SET expires_at = ? WHERE user_id = ?", args: [T0.getTime() + 30 * 24 * H, id] });
  return { s, id };
}
const single = (s: Session, sel: Selection, stake: number) => s.post("/api/bets", { selections: [sel], stake, betType: "single" });

async function expectNothingWritten(c: { s: Session; id: string }, bets: number, postings: number, balance: number) {
  expect(await betCountFor(t.database, c.id)).toBe(bets);
  expect(await postingCountFor(t.database, c.id)).toBe(postings);
  expect(await balanceOf(c.s)).toBe(balance);
}

describe("verification and suspension", () => {
  it("a customer at verification none cannot bet (403 KYC.LEVEL_REQUIRED); at basic they can", async () => {
    const r = await registerCustomer(t);
    const sel = selectionOf(pool.next());
    const refused = await expectError(await single(r.session, sel, 100), 403, "KYC.LEVEL_REQUIRED");
    expect(refused.error.details).toEqual({ required: "basic", current: "none" });
    expect(await betCountFor(t.database, r.userId)).toBe(0);

    const v = await verifiedCustomer(t, "basic");
    await put(v.session, "/api/responsible/limit-prompt", { declined: true });
    expect((await v.session.post("/api/wallet/deposits", { method: "bank", amount: 10_000 })).status).toBe(201);
    expect((await single(v.session, sel, 1_000)).status).toBe(201);
    await expectLedgerBalanced(t.database);
  });

  it("a suspended account cannot bet (403 AUTH.ACCOUNT_SUSPENDED), nothing written", async () => {
    const c = await customer();
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [c.id] });
    await expectError(await single(c.s, selectionOf(pool.next()), 1_000), 403, "AUTH.ACCOUNT_SUSPENDED");
    expect(await betCountFor(t.database, c.id)).toBe(0);
  });
});

describe("loss limits", () => {
  it("refuses a stake that would take net losses (stakes - returns) past the limit, with period, limit and used", async () => {
    const c = await customer();
    await put(c.s, "/api/responsible/limits", { type: "loss", period: "daily", amount: 5_000 });
    await placeOk(c.s, [selectionOf(pool.next())], 3_000);
    const sel = selectionOf(pool.next());
    const r = await expectError(await single(c.s, sel, 2_001), 422, "RG.LOSS_LIMIT");
    expect(r.error.details).toEqual({ period: "daily", limit: 5_000, used: 3_000 });
    await expectNothingWritten(c, 1, 2, 97_000);
    expect((await single(c.s, sel, 2_000)).status).toBe(201); // exactly at the limit
    expect((await (await c.s.get("/api/responsible")).json()).lossLimits.daily).toEqual({ amount: 5_000, used: 5_000, pending: null });
  });

  it("returns count against losses: after a win the customer may stake again", async () => {
    const c = await customer();
    await put(c.s, "/api/responsible/limits", { type: "loss", period: "weekly", amount: 2_000 });
    const bet = await placeOk(c.s, [selectionOf(pool.next())], 2_000);
    await expectError(await single(c.s, selectionOf(pool.next()), 100), 422, "RG.LOSS_LIMIT");
    const admin = await demoLogin(t, "admin");
    expect((await admin.post(`/api/admin/settle-bet/${bet.bet.id}`, { override: EARLY, status: "won", actualReturn: bet.bet.potentialReturn })).status).toBe(200);
    // Net loss is now 2000 - return (negative): room for 2000 + the profit.
    const room = 2_000 + bet.bet.potentialReturn - 2_000;
    await expectError(await single(c.s, selectionOf(pool.next()), room + 1), 422, "RG.LOSS_LIMIT");
    expect((await single(c.s, selectionOf(pool.next()), room)).status).toBe(201);
  });

  it("the daily window rolls: a stake stops counting exactly 24 hours after it was placed", async () => {
    const c = await customer();
    await put(c.s, "/api/responsible/limits", { type: "loss", period: "daily", amount: 1_000 });
    await placeOk(c.s, [selectionOf(pool.next())], 1_000); // at T0
    t.clock.set(at(24 * H - 1));
    await expectError(await single(c.s, selectionOf(pool.next()), 100), 422, "RG.LOSS_LIMIT");
    t.clock.set(at(24 * H));
    expect((await single(c.s, selectionOf(pool.next()), 1_000)).status).toBe(201);
  });

  it("an increase of the loss limit applies only 24 hours later", async () => {
    const c = await customer();
    await put(c.s, "/api/responsible/limits", { type: "loss", period: "monthly", amount: 1_000 });
    await put(c.s, "/api/responsible/limits", { type: "loss", period: "monthly", amount: 50_000 });
    await expectError(await single(c.s, selectionOf(pool.next()), 1_001), 422, "RG.LOSS_LIMIT");
    t.clock.set(at(24 * H));
    expect((await single(c.s, selectionOf(pool.next()), 1_001)).status).toBe(201);
  });

  it("is re-checked inside the write: a burst of stakes cannot pass it together", async () => {
    const c = await customer();
    await put(c.s, "/api/responsible/limits", { type: "loss", period: "daily", amount: 5_000 });
    const sels = Array.from({ length: 8 }, () => selectionOf(pool.next()));
    const results = await Promise.all(sels.map((sel) => single(c.s, sel, 1_000)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 422)).toHaveLength(3);
    for (const r of results.filter((x) => x.status === 422)) expect((await r.json()).error.code).toBe("RG.LOSS_LIMIT");
    expect(await balanceOf(c.s)).toBe(95_000);
    await expectLedgerBalanced(t.database);
  });
});

describe("price-change policy", () => {
  async function moved(by: number) {
    const e = pool.forMutation((x) => x.markets[0].outcomes.length >= 2);
    const sel = selectionOf(e);
    const now = milli(sel.odds) + BigInt(by);
    await t.database.client.execute({ sql: "UPDATE outcomes SET price_milli = ?, updated_at = ? WHERE id = ?", args: [Number(now), Date.now(), sel.outcomeId] });
    const current = `${now / 1000n}.${String(now % 1000n).padStart(3, "0")}`;
    return { seen: sel, current };
  }
  const setPolicy = async (s: Session, priceChangePolicy: string) =>
    expect((await put(s, "/api/account/settings", { priceChangePolicy })).status).toBe(200);

  it("refuse (the default): any move is 409 BET.ODDS_CHANGED with the current price", async () => {
    const c = await customer();
    const m = await moved(+100);
    const r = await expectError(await single(c.s, m.seen, 1_000), 409, "BET.ODDS_CHANGED");
    expect(r.error.details).toMatchObject({ prices: [{ outcomeId: m.seen.outcomeId }] });
    await expectNothingWritten(c, 0, 1, 100_000);
  });

  it("accept_higher: placed at the higher current price; a lower one is still refused", async () => {
    const c = await customer();
    await setPolicy(c.s, "accept_higher");
    const up = await moved(+150);
    const res = await single(c.s, up.seen, 1_000);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Number(milli(body.bet.totalOdds))).toBe(Number(milli(up.current)));
    expect(body.bet.potentialReturn).toBe(expectedReturn(1_000, [up.current]));
    const legs = await t.database.client.execute({ sql: "SELECT odds_milli FROM bet_legs WHERE bet_id = ?", args: [body.bet.id] });
    expect(Number(legs.rows[0].odds_milli)).toBe(Number(milli(up.current)));

    const down = await moved(-50);
    await expectError(await single(c.s, down.seen, 1_000), 409, "BET.ODDS_CHANGED");
  });

  it("accept_any: placed at the current price whichever way it moved", async () => {
    const c = await customer();
    await setPolicy(c.s, "accept_any");
    const down = await moved(-60);
    const body = await (await single(c.s, down.seen, 1_000)).json();
    expect(milli(body.bet.totalOdds)).toBe(milli(down.current));
    expect(body.bet.potentialReturn).toBe(expectedReturn(1_000, [down.current]));
    await expectLedgerBalanced(t.database);
  });

  it("no policy accepts a suspended market", async () => {
    const c = await customer();
    await setPolicy(c.s, "accept_any");
    const e = pool.forMutation();
    await t.database.client.execute({ sql: "UPDATE markets SET status = 'suspended' WHERE id = ?", args: [e.markets[0].id] });
    await expectError(await single(c.s, selectionOf(e), 1_000), 409, "BET.MARKET_CLOSED");
  });
});

describe("the placement write re-checks the gates itself (libSQL adapter)", () => {
  /** A valid plan for a single at the current price, as placeBet would build it after its checks. */
  function planFor(userId: string, sel: Selection, stake: number, at: Date, lossLimits: { since: Date; limit: number }[] = []): PlacementPlan {
    const betId = `bet_direct_${Math.random().toString(36).slice(2)}`;
    const tx = ledgerTransaction(
      { id: `tx_direct_${Math.random().toString(36).slice(2)}`, kind: "bet_stake", reference: betId, createdAt: at, createdBy: userId },
      transfer(walletAccountId(userId), HOUSE_ACCOUNT, stake),
    );
    if (!tx.ok) throw new Error(tx.error.message);
    const odds = Number(milli(sel.odds));
    return {
      bet: { id: betId, userId, betType: "single", stake, totalOddsMilli: odds, potentialReturn: expectedReturn(stake, [sel.odds]), status: "pending", placedAt: at },
      legs: [{ id: `${betId}-1`, legNo: 1, eventId: sel.eventId, marketId: sel.marketId, outcomeId: sel.outcomeId, oddsMilli: odds, result: "pending",
        eventName: "x", marketName: "x", selectionName: "x" }],
      stakeTransaction: tx.value,
      walletAccountId: walletAccountId(userId),
      idempotency: null,
      guards: { at, lossLimits },
    };
  }

  it("refuses a bet for an excluded, suspended or over-limit customer even when the checks before it passed", async () => {
    const c = await customer();
    const bets = libsqlPorts(t.database).bets;
    const sel = selectionOf(pool.next());
    // Excluded between placeBet's checks and its write: refused, even for a check made before the
    // exclusion started (the fantasy entry's write does the same).
    await c.s.post("/api/responsible/timeout", { period: "24h" });
    expect(await bets.place(planFor(c.id, sel, 1_000, T0))).toEqual({ kind: "refused" });
    expect(await bets.place(planFor(c.id, sel, 1_000, at(-H)))).toEqual({ kind: "refused" });
    // A time-out that had ended by the check does not refuse.
    const e = await customer();
    await t.database.client.execute({
      sql: "INSERT INTO responsible_exclusions (id, user_id, kind, started_at, ends_at, reason) VALUES (?, ?, 'timeout', ?, ?, NULL)",
      args: [`rx_${e.id}`, e.id, at(-48 * H).getTime(), at(-24 * H).getTime()],
    });
    expect((await bets.place(planFor(e.id, sel, 1_000, T0))).kind).toBe("placed");

    const d = await customer();
    expect(await bets.place(planFor(d.id, sel, 3_000, T0, [{ since: at(-24 * H), limit: 2_999 }]))).toEqual({ kind: "refused" });
    expect((await bets.place(planFor(d.id, sel, 3_000, T0, [{ since: at(-24 * H), limit: 3_000 }]))).kind).toBe("placed");
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [d.id] });
    expect(await bets.place(planFor(d.id, sel, 100, T0))).toEqual({ kind: "refused" });
    expect(await betCountFor(t.database, d.id)).toBe(1);
    await expectLedgerBalanced(t.database);
  });
});
