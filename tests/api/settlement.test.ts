/**
 * POST /api/admin/settle-bet/{id}: won / lost / void with exact payouts, the server's own return
 * figure, settle-once, multiples with per-leg results, and the audit rows. What the dashboard and
 * the all-bets list show before and after settling: tests/api/settlement-views.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Session, TestApp } from "../fixtures/test-app.ts";
import { myBet, settlementBook, theBooksAfterThisFile } from "../fixtures/settlement-book.ts";
import { balanceOf, expectedReturn, expectError, expectInvalidFields, expectUnknownKey, selectionOf, type upcomingPool } from "../fixtures/builders.ts";

const { book, customerWithBet, settle } = settlementBook();
let t: TestApp;
let admin: Session;
let adminId: string;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(() => void ({ t, admin, adminId, pool } = book));

const auditRows = async (betId: string) =>
  (
    await t.database.client.execute({
      sql: "SELECT actor_id, actor_role, action, entity_type, before, after FROM audit_log WHERE entity_id = ?",
      args: [betId],
    })
  ).rows;

describe("settling a single", () => {
  it("won with actualReturn = potentialReturn: 200, and the balance rises by exactly that", async () => {
    const c = await customerWithBet(1000);
    expect(c.balance).toBe(99000);
    const res = await settle(c.bet.id, { status: "won", actualReturn: c.bet.potentialReturn });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ bet: { id: c.bet.id, status: "won", actualReturn: c.bet.potentialReturn, settledAt: expect.any(String) } });
    expect(await balanceOf(c.s)).toBe(99000 + c.bet.potentialReturn);
    const listed = await myBet(c.s, c.bet.id);
    expect(listed).toMatchObject({ status: "won", actualReturn: c.bet.potentialReturn, settledAt: body.bet.settledAt });
    expect(listed.legs.map((l) => l.result)).toEqual(["won"]);

    // One audit row by this admin with the before/after.
    const audit = await auditRows(c.bet.id);
    expect(audit.length).toBe(1);
    expect(audit[0]).toMatchObject({ actor_id: adminId, actor_role: "admin", action: "bet.settle", entity_type: "bet" });
    expect(JSON.parse(String(audit[0].before))).toEqual({ status: "pending", actualReturn: null });
    expect(JSON.parse(String(audit[0].after))).toMatchObject({ status: "won", actualReturn: c.bet.potentialReturn });
  });

  it("lost with actualReturn 0: 200, balance unchanged", async () => {
    const c = await customerWithBet(2500);
    const res = await settle(c.bet.id, { status: "lost", actualReturn: 0 });
    expect(res.status).toBe(200);
    expect((await res.json()).bet).toMatchObject({ status: "lost", actualReturn: 0 });
    expect(await balanceOf(c.s)).toBe(97500);
    expect(await myBet(c.s, c.bet.id)).toMatchObject({ status: "lost", actualReturn: 0 });
    expect((await auditRows(c.bet.id)).length).toBe(1);
  });

  it("void with actualReturn = stake: the stake comes back", async () => {
    const c = await customerWithBet(4321);
    const res = await settle(c.bet.id, { status: "void", actualReturn: 4321 });
    expect(res.status).toBe(200);
    expect((await res.json()).bet).toMatchObject({ status: "void", actualReturn: 4321 });
    expect(await balanceOf(c.s)).toBe(100000);
    expect((await myBet(c.s, c.bet.id)).legs.map((l) => l.result)).toEqual(["void"]);
  });

  it("a client actualReturn that disagrees: 422 BET.RETURN_MISMATCH with the server's figure; nothing changes", async () => {
    const c = await customerWithBet(1000);
    const cases = [
      { status: "won", actualReturn: c.bet.potentialReturn + 1, expected: c.bet.potentialReturn },
      { status: "won", actualReturn: c.bet.potentialReturn - 1, expected: c.bet.potentialReturn },
      { status: "lost", actualReturn: 1, expected: 0 },
      { status: "void", actualReturn: 0, expected: 1000 },
    ];
    for (const { status, actualReturn, expected } of cases) {
      const body = await expectError(await settle(c.bet.id, { status, actualReturn }), 422, "BET.RETURN_MISMATCH");
      expect(body.error.details).toEqual({ expectedReturn: expected });
    }
    expect(await balanceOf(c.s)).toBe(99000);
    expect(await myBet(c.s, c.bet.id)).toMatchObject({ status: "pending", actualReturn: null, settledAt: null });
    expect((await auditRows(c.bet.id)).length).toBe(0);
  });

  it("settling again: 409 BET.NOT_PENDING and pays nothing", async () => {
    const c = await customerWithBet(1000);
    expect((await settle(c.bet.id, { status: "won", actualReturn: c.bet.potentialReturn })).status).toBe(200);
    const paid = 99000 + c.bet.potentialReturn;
    expect(await balanceOf(c.s)).toBe(paid);
    await expectError(await settle(c.bet.id, { status: "won", actualReturn: c.bet.potentialReturn }), 409, "BET.NOT_PENDING");
    await expectError(await settle(c.bet.id, { status: "void", actualReturn: 1000 }), 409, "BET.NOT_PENDING");
    await expectError(await settle(c.bet.id, { status: "lost", actualReturn: 0 }), 409, "BET.NOT_PENDING");
    expect(await balanceOf(c.s)).toBe(paid);
    expect(await myBet(c.s, c.bet.id)).toMatchObject({ status: "won", actualReturn: c.bet.potentialReturn });
    expect((await auditRows(c.bet.id)).length).toBe(1);
  });

  it("an unknown bet: 404 BET.NOT_FOUND", async () => {
    await expectError(await settle("bet_doesnotexist", { status: "lost", actualReturn: 0 }), 404, "BET.NOT_FOUND");
  });

  it("a bad body or id: 400 naming the field; nothing changes", async () => {
    const c = await customerWithBet(1000);
    await expectInvalidFields(await settle(c.bet.id, { status: "cancelled", actualReturn: 0 }), "status");
    await expectInvalidFields(await settle(c.bet.id, { status: "won", actualReturn: -1 }), "actualReturn");
    await expectInvalidFields(await settle(c.bet.id, { status: "won", actualReturn: 10.5 }), "actualReturn");
    await expectInvalidFields(await settle(c.bet.id, { status: "won", actualReturn: "2150" }), "actualReturn");
    await expectInvalidFields(await settle(c.bet.id, { status: "won" }), "actualReturn");
    await expectInvalidFields(await settle(c.bet.id, { status: "won", actualReturn: 0, legResults: [{ legId: "x", result: "maybe" }] }), "legResults.0.result");
    await expectUnknownKey(await settle(c.bet.id, { status: "won", actualReturn: c.bet.potentialReturn, note: "hi" }), "note");
    await expectInvalidFields(await settle("b".repeat(65), { status: "lost", actualReturn: 0 }), "id");
    expect(await balanceOf(c.s)).toBe(99000);
    expect((await myBet(c.s, c.bet.id)).status).toBe("pending");
  });
});

describe("settling a multiple", () => {
  it("won with one void leg pays floor(stake x product of the won legs' odds)", async () => {
    const sels = [selectionOf(pool.next()), selectionOf(pool.next(), 0, 1), selectionOf(pool.next())];
    const stake = 1777;
    const c = await customerWithBet(stake, sels);
    expect(c.bet.potentialReturn).toBe(expectedReturn(stake, sels.map((s) => s.odds)));
    const legs = (await myBet(c.s, c.bet.id)).legs;
    expect(legs.length).toBe(3);
    const expected = expectedReturn(stake, [sels[0].odds, sels[2].odds]); // the void leg counts 1.00
    const legResults = [
      { legId: legs[0].id, result: "won" },
      { legId: legs[1].id, result: "void" },
      { legId: legs[2].id, result: "won" },
    ];
    // The full potential return is not what this settlement pays.
    const wrong = await expectError(
      await settle(c.bet.id, { status: "won", actualReturn: c.bet.potentialReturn, legResults }),
      422,
      "BET.RETURN_MISMATCH",
    );
    expect(wrong.error.details).toEqual({ expectedReturn: expected });
    const res = await settle(c.bet.id, { status: "won", actualReturn: expected, legResults });
    expect(res.status).toBe(200);
    expect((await res.json()).bet).toMatchObject({ status: "won", actualReturn: expected });
    expect(await balanceOf(c.s)).toBe(100000 - stake + expected);
    const after = await myBet(c.s, c.bet.id);
    expect(after.legs.map((l) => l.result)).toEqual(["won", "void", "won"]);
    expect(after.actualReturn).toBe(expected);
  });

  it("won with every leg won pays the full potential return", async () => {
    const sels = [selectionOf(pool.next()), selectionOf(pool.next())];
    const c = await customerWithBet(5000, sels);
    const legs = (await myBet(c.s, c.bet.id)).legs;
    const res = await settle(c.bet.id, {
      status: "won",
      actualReturn: c.bet.potentialReturn,
      legResults: legs.map((l) => ({ legId: l.id, result: "won" })),
    });
    expect(res.status).toBe(200);
    expect(await balanceOf(c.s)).toBe(95000 + c.bet.potentialReturn);
  });

  it("every leg void makes the bet void and returns the stake", async () => {
    const sels = [selectionOf(pool.next()), selectionOf(pool.next())];
    const c = await customerWithBet(3000, sels);
    const legs = (await myBet(c.s, c.bet.id)).legs;
    const res = await settle(c.bet.id, { status: "void", actualReturn: 3000, legResults: legs.map((l) => ({ legId: l.id, result: "void" })) });
    expect(res.status).toBe(200);
    expect(await balanceOf(c.s)).toBe(100000);
  });

  it("legResults that do not cover every leg, repeat a leg or name another bet's leg: 422 BET.LEG_RESULTS_INVALID", async () => {
    const sels = [selectionOf(pool.next()), selectionOf(pool.next())];
    const c = await customerWithBet(1000, sels);
    const legs = (await myBet(c.s, c.bet.id)).legs;
    const bad = [
      [{ legId: legs[0].id, result: "won" }],
      [
        { legId: legs[0].id, result: "won" },
        { legId: legs[0].id, result: "won" },
      ],
      [
        { legId: legs[0].id, result: "won" },
        { legId: "bet_other-1", result: "won" },
      ],
      [
        { legId: legs[0].id, result: "won" },
        { legId: legs[1].id, result: "won" },
        { legId: "bet_other-1", result: "won" },
      ],
      [],
    ];
    for (const legResults of bad) {
      await expectError(await settle(c.bet.id, { status: "won", actualReturn: c.bet.potentialReturn, legResults }), 422, "BET.LEG_RESULTS_INVALID");
    }
    // Leg results that grade the bet differently from the requested status are refused too.
    await expectError(
      await settle(c.bet.id, {
        status: "won",
        actualReturn: c.bet.potentialReturn,
        legResults: [
          { legId: legs[0].id, result: "won" },
          { legId: legs[1].id, result: "lost" },
        ],
      }),
      422,
      "BET.LEG_RESULTS_INVALID",
    );
    expect(await balanceOf(c.s)).toBe(99000);
    expect(await myBet(c.s, c.bet.id)).toMatchObject({ status: "pending", actualReturn: null });
    expect((await auditRows(c.bet.id)).length).toBe(0);
  });

  it("one lost leg makes it lost with return 0", async () => {
    const sels = [selectionOf(pool.next()), selectionOf(pool.next())];
    const c = await customerWithBet(1000, sels);
    const legs = (await myBet(c.s, c.bet.id)).legs;
    const res = await settle(c.bet.id, {
      status: "lost",
      actualReturn: 0,
      legResults: [
        { legId: legs[0].id, result: "won" },
        { legId: legs[1].id, result: "lost" },
      ],
    });
    expect(res.status).toBe(200);
    expect(await balanceOf(c.s)).toBe(99000);
    expect((await myBet(c.s, c.bet.id)).legs.map((l) => l.result)).toEqual(["won", "lost"]);
  });
});


theBooksAfterThisFile(book);
