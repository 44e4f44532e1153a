/**
 * POST /api/admin/bets/{id}/resettle: a wrongly settled bet is corrected with one bet_resettlement
 * transaction (earlier postings untouched); the database allows a settled bet's status to change
 * only with its resettlement counter raised by exactly one, so a plain second settlement still
 * pays once. Admin only; audited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf, countRows, expectError, expectInvalidFields, expectLedgerBalanced, expectUnknownKey, placeOk, selectionOf, upcomingPool,
} from "../fixtures/builders.ts";
import { auditRows, expectRefusedFor, rolesOf, type Roles } from "../fixtures/trading-desk.ts";
import { EARLY, oneApproverForCorrections } from "../fixtures/settle.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  await oneApproverForCorrections(t.database);
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

// Every bet resettlement carries a reason code (domain/settlement/bet-reasons.ts).
const resettle = (id: string, body: object, s = r.admin) => s.post(`/api/admin/bets/${id}/resettle`, { reasonCode: "result_correction", ...body });
/** With the early-settlement override (tests/fixtures/settle.ts) when the body is an object. */
const early = (body: unknown) =>
  typeof body === "object" && body !== null && !Array.isArray(body) ? { override: EARLY, ...("status" in body && body.status === "void" ? { reasonCode: "void_by_rule" } : {}), ...body } : body;
const settle = (id: string, body: unknown) => r.admin.post(`/api/admin/settle-bet/${id}`, early(body));
const postingsOf = async (betId: string) =>
  (
    await t.database.client.execute({
      sql: `SELECT t.kind, p.account_id, p.amount FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
            WHERE t.reference = ? ORDER BY p.id`,
      args: [betId],
    })
  ).rows.map((x) => [x.kind, String(x.account_id).startsWith("wallet:") ? "wallet" : x.account_id, x.amount]);
const betRow = async (id: string) =>
  (await t.database.client.execute({ sql: "SELECT status, actual_return, resettlement_count FROM bets WHERE id = ?", args: [id] })).rows[0];

/** A customer with a single of `stake` at the first outcome's price, settled `status`. */
async function settledSingle(stake: number, status: "won" | "lost" | "void") {
  const c = await demoLogin(t, "customer");
  const sel = selectionOf(pool.next());
  const placed = await placeOk(c, [sel], stake);
  const ret = status === "won" ? placed.bet.potentialReturn : status === "void" ? stake : 0;
  const res = await settle(placed.bet.id, { status, actualReturn: ret });
  expect(res.status).toBe(200);
  return { c, bet: placed.bet, ret };
}

describe("correcting a settlement", () => {
  it("lost -> won credits the full return as one bet_resettlement transaction; earlier postings stay", async () => {
    const { c, bet } = await settledSingle(1000, "lost");
    const before = await postingsOf(bet.id);
    const res = await resettle(bet.id, { status: "won", reason: "Wrong result entered" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      bet: {
        id: bet.id, status: "won", actualReturn: bet.potentialReturn, previousStatus: "lost", previousReturn: 0,
        resettlementCount: 1, settledAt: expect.any(String),
      },
      correction: bet.potentialReturn,
    });
    expect(await balanceOf(c)).toBe(99_000 + bet.potentialReturn);
    const after = await postingsOf(bet.id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual([
      ["bet_resettlement", "house", -bet.potentialReturn],
      ["bet_resettlement", "wallet", bet.potentialReturn],
    ]);
    expect(await betRow(bet.id)).toMatchObject({ status: "won", actual_return: bet.potentialReturn, resettlement_count: 1 });
    const [a] = await auditRows(t, bet.id, "bet.resettle");
    expect(a).toMatchObject({ actorRole: "admin", before: { status: "lost", actualReturn: 0 } });
    expect(a.after).toMatchObject({ status: "won", actualReturn: bet.potentialReturn, correction: bet.potentialReturn, reason: { code: "result_correction", text: "Wrong result entered" } });
  });

  it("won -> lost takes the payout back; won -> void keeps only the stake; it can be corrected again", async () => {
    const { c, bet } = await settledSingle(2000, "won");
    expect(await balanceOf(c)).toBe(98_000 + bet.potentialReturn);
    const toVoid = await resettle(bet.id, { status: "void" });
    expect(await toVoid.json()).toMatchObject({ bet: { status: "void", actualReturn: 2000, resettlementCount: 1 }, correction: 2000 - bet.potentialReturn });
    expect(await balanceOf(c)).toBe(100_000);
    const toLost = await resettle(bet.id, { status: "lost" });
    expect(await toLost.json()).toMatchObject({ bet: { status: "lost", actualReturn: 0, previousStatus: "void", resettlementCount: 2 }, correction: -2000 });
    expect(await balanceOf(c)).toBe(98_000);
    expect((await postingsOf(bet.id)).filter((p) => p[0] === "bet_resettlement")).toHaveLength(4);
    expect(await auditRows(t, bet.id, "bet.resettle")).toHaveLength(2);
  });

  it("a multiple is re-graded from leg results", async () => {
    const c = await demoLogin(t, "customer");
    const e1 = pool.next();
    const e2 = pool.next((e) => e.id !== e1.id);
    const s1 = selectionOf(e1);
    const s2 = selectionOf(e2);
    const placed = await placeOk(c, [s1, s2], 1000);
    const legs = (await t.database.client.execute({ sql: "SELECT id FROM bet_legs WHERE bet_id = ? ORDER BY leg_no", args: [placed.bet.id] })).rows.map((x) => String(x.id));
    expect((await settle(placed.bet.id, { status: "lost", actualReturn: 0, legResults: [{ legId: legs[0], result: "won" }, { legId: legs[1], result: "lost" }] })).status).toBe(200);
    const res = await resettle(placed.bet.id, { status: "won", legResults: [{ legId: legs[0], result: "won" }, { legId: legs[1], result: "void" }] });
    expect(res.status).toBe(200);
    const single = Number((BigInt(1000) * BigInt(Math.round(Number(s1.odds) * 1000))) / 1000n);
    expect(await res.json()).toMatchObject({ bet: { status: "won", actualReturn: single }, correction: single });
    const rs = await t.database.client.execute({ sql: "SELECT result FROM bet_legs WHERE bet_id = ? ORDER BY leg_no", args: [placed.bet.id] });
    expect(rs.rows.map((x) => x.result)).toEqual(["won", "void"]);
  });
});

describe("refusals", () => {
  it("a pending bet 409 BET.NOT_SETTLED; no change 409; unknown bet 404; invalid bodies 400", async () => {
    const c = await demoLogin(t, "customer");
    const pending = await placeOk(c, [selectionOf(pool.next())], 1000);
    await expectError(await resettle(pending.bet.id, { status: "won" }), 409, "BET.NOT_SETTLED");
    const { bet } = await settledSingle(1000, "lost");
    await expectError(await resettle(bet.id, { status: "lost" }), 409, "BET.RESETTLE_NO_CHANGE");
    await expectError(await resettle(bet.id, { status: "won", legResults: [{ legId: "nope", result: "won" }] }), 422, "BET.LEG_RESULTS_INVALID");
    await expectError(await resettle("bet_nope", { status: "won" }), 404, "BET.NOT_FOUND");
    await expectInvalidFields(await resettle(bet.id, { status: "pending" }), "status");
    await expectUnknownKey(await resettle(bet.id, { status: "won", actualReturn: 5 }), "actualReturn");
    expect(await betRow(bet.id)).toMatchObject({ status: "lost", resettlement_count: 0 });
  });

  it("a customer who spent an overpayment cannot be taken below zero: 409, nothing changes", async () => {
    const { c, bet } = await settledSingle(90_000, "won");
    // Spend nearly everything on another bet.
    const spend = (await balanceOf(c)) - 100;
    await placeOk(c, [selectionOf(pool.next())], spend);
    const before = await postingsOf(bet.id);
    const err = await expectError(await resettle(bet.id, { status: "lost" }), 409, "BET.RESETTLE_INSUFFICIENT_FUNDS");
    expect(err.error.message).toMatch(/balance is too low/);
    expect(await postingsOf(bet.id)).toEqual(before);
    expect(await betRow(bet.id)).toMatchObject({ status: "won", resettlement_count: 0 });
    expect(await balanceOf(c)).toBe(100);
  });

  it("admin only: anonymous 401, customer and trader 403", async () => {
    const { bet } = await settledSingle(1000, "lost");
    await expectRefusedFor(t, r, ["customer", "trader"], (s) => resettle(bet.id, { status: "won" }, s));
    expect(await betRow(bet.id)).toMatchObject({ status: "lost", resettlement_count: 0 });
  });
});

describe("the settle-once guard with resettlement", () => {
  it("a plain double settle still pays once (409 BET.NOT_PENDING)", async () => {
    const { c, bet } = await settledSingle(1000, "won");
    const balance = await balanceOf(c);
    await expectError(await settle(bet.id, { status: "won", actualReturn: bet.potentialReturn }), 409, "BET.NOT_PENDING");
    expect(await balanceOf(c)).toBe(balance);
    expect((await postingsOf(bet.id)).filter((p) => p[0] === "bet_payout")).toHaveLength(2);
  });

  it("the database refuses changing a settled bet without raising the counter by exactly one", async () => {
    const { bet } = await settledSingle(1000, "lost");
    const exec = (sql: string) => t.database.client.execute({ sql, args: [bet.id] });
    await expect(exec("UPDATE bets SET status = 'won' WHERE id = ?")).rejects.toThrow(/BET.NOT_PENDING/);
    await expect(exec("UPDATE bets SET actual_return = 999 WHERE id = ?")).rejects.toThrow(/BET.NOT_PENDING/);
    await expect(exec("UPDATE bets SET status = 'won', resettlement_count = 2 WHERE id = ?")).rejects.toThrow(/BET\./);
    // Back to pending with the counter raised is allowed since migration 0029 (a market unsettled); to cashed out never.
    await expect(exec("UPDATE bets SET status = 'cashed_out', resettlement_count = 1 WHERE id = ?")).rejects.toThrow(/BET.RESETTLE_CONFLICT/);
    expect(await betRow(bet.id)).toMatchObject({ status: "lost", actual_return: 0, resettlement_count: 0 });
    // A pending bet's counter cannot move either.
    const c = await demoLogin(t, "customer");
    const pending = await placeOk(c, [selectionOf(pool.next())], 1000);
    await expect(
      t.database.client.execute({ sql: "UPDATE bets SET resettlement_count = 1 WHERE id = ?", args: [pending.bet.id] }),
    ).rejects.toThrow(/BET.RESETTLE_CONFLICT/);
  });

  it("two resettlements racing from the same state: exactly one applies", async () => {
    const { c, bet } = await settledSingle(1000, "lost");
    const [a, b] = await Promise.all([resettle(bet.id, { status: "won" }), resettle(bet.id, { status: "won" })]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    expect(await balanceOf(c)).toBe(99_000 + bet.potentialReturn);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE reference = ? AND kind = 'bet_resettlement'", [bet.id])).toBe(1);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
