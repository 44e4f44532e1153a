/**
 * POST /api/admin/settle-bet/{id}: won / lost / void with exact payouts, the server's own return
 * figure, settle-once, multiples with per-leg results, audit rows, and what the dashboard and the
 * all-bets list show before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY } from "../fixtures/settle.ts";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf,
  countRows,
  currentUserId,
  expectedReturn,
  expectError,
  expectInvalidFields,
  expectLedgerBalanced,
  expectUnknownKey,
  milli,
  placeOk,
  selectionOf,
  sleep,
  upcomingPool,
  type Selection,
} from "../fixtures/builders.ts";

let t: TestApp;
let admin: Session;
let adminId: string;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  adminId = await currentUserId(admin);
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

type Bet = {
  id: string;
  status: string;
  actualReturn: number | null;
  settledAt: string | null;
  potentialReturn: number;
  legs: { id: string; odds: string; result: string }[];
};

async function myBet(s: Session, id: string): Promise<Bet> {
  const bets = (await (await s.get("/api/bets")).json()) as Bet[];
  const bet = bets.find((b) => b.id === id);
  if (!bet) throw new Error(`bet ${id} not listed`);
  return bet;
}

/** A fresh customer with one pending bet on it. */
async function customerWithBet(stake: number, selections?: Selection[]) {
  const s = await realCustomerLogin(t);
  const sels = selections ?? [selectionOf(pool.next())];
  const placed = await placeOk(s, sels, stake);
  return { s, bet: placed.bet, sels, balance: placed.balance };
}

/** With the early-settlement override (tests/fixtures/settle.ts) when the body is an object. */
const early = (body: unknown) => (typeof body === "object" && body !== null && !Array.isArray(body) ? { override: EARLY, ...voidReason(body), ...body } : body);
/** A void by hand carries a reason code (domain/settlement/bet-reasons.ts). */
const voidReason = (body: object) => ("status" in body && body.status === "void" ? { reasonCode: "void_by_rule" } : {});
const settle = (id: string, body: unknown) => admin.post(`/api/admin/settle-bet/${id}`, early(body));

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

describe("GET /api/dashboard/stats", () => {
  type Stats = Record<string, number>;
  const stats = async (): Promise<Stats> => {
    const res = await admin.get("/api/dashboard/stats");
    expect(res.status).toBe(200);
    return (await res.json()) as Stats;
  };

  it("reflects a placed and then a settled bet to the cent", async () => {
    const s0 = await stats();
    const c = await customerWithBet(2000);
    const s1 = await stats();
    expect({
      totalBets: s1.totalBets - s0.totalBets,
      pendingBets: s1.pendingBets - s0.pendingBets,
      totalStaked: s1.totalStaked - s0.totalStaked,
      openLiability: s1.openLiability - s0.openLiability,
      totalReturned: s1.totalReturned - s0.totalReturned,
      activeCustomers: s1.activeCustomers - s0.activeCustomers,
    }).toEqual({
      totalBets: 1,
      pendingBets: 1,
      totalStaked: 2000,
      openLiability: c.bet.potentialReturn,
      totalReturned: 0,
      // A new real customer (demo accounts never count in the operator's figures, issue 22).
      activeCustomers: 1,
    });

    expect((await settle(c.bet.id, { status: "won", actualReturn: c.bet.potentialReturn })).status).toBe(200);
    const s2 = await stats();
    expect({
      totalBets: s2.totalBets - s1.totalBets,
      pendingBets: s2.pendingBets - s1.pendingBets,
      wonBets: s2.wonBets - s1.wonBets,
      totalStaked: s2.totalStaked - s1.totalStaked,
      openLiability: s2.openLiability - s1.openLiability,
      totalReturned: s2.totalReturned - s1.totalReturned,
      grossRevenue: s2.grossRevenue - s1.grossRevenue,
    }).toEqual({
      totalBets: 0,
      pendingBets: -1,
      wonBets: 1,
      totalStaked: 0,
      openLiability: -c.bet.potentialReturn,
      totalReturned: c.bet.potentialReturn,
      grossRevenue: 2000 - c.bet.potentialReturn,
    });
    expect(s2.settlementRate).toBeCloseTo((s2.totalBets - s2.pendingBets) / s2.totalBets, 12);
    expect(s2.totalBets).toBe(s2.pendingBets + s2.wonBets + s2.lostBets + s2.voidBets);
  });

  it("counts events by status", async () => {
    const s = await stats();
    const events = (await (await admin.get("/api/events?status=all&limit=200")).json()) as { status: string }[];
    expect([s.liveEvents, s.upcomingEvents, s.finishedEvents]).toEqual(
      ["live", "upcoming", "finished"].map((st) => events.filter((e) => e.status === st).length),
    );
  });

  it("is open to traders too", async () => {
    const trader = await demoLogin(t, "trader");
    const res = await trader.get("/api/dashboard/stats");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await stats());
  });
});

describe("GET /api/admin/all-bets", () => {
  it("lists the newest bet first with customerName, amount, odds, potentialReturn and riskProfile", async () => {
    const s = await realCustomerLogin(t);
    const id = await currentUserId(s);
    const small = await placeOk(s, [selectionOf(pool.next((e) => milli(e.markets[0].outcomes[0].odds) < 5000n))], 100);
    await sleep(2);
    // A long price: 90000 at 15.00 to 20.00 is a liability above 10,000.00.
    // Under the odds-aware max stake (docs/trading.md: at least a 25,000.00 base / (price - 1)): up to 20.00.
    const long = (o: { odds: string }) => milli(o.odds) >= 15000n && milli(o.odds) <= 20000n;
    const event = pool.next((e) => e.markets[0].outcomes.some(long));
    const bigSel = selectionOf(event, 0, event.markets[0].outcomes.findIndex(long));
    const big = await placeOk(s, [bigSel], 90000);

    const res = await admin.get("/api/admin/all-bets");
    expect(res.status).toBe(200);
    const list = (await res.json()) as Record<string, unknown>[];
    expect(list[0]).toMatchObject({
      id: big.bet.id,
      userId: id,
      customerName: "Demo Customer",
      amount: 90000,
      stake: 90000,
      odds: bigSel.odds,
      totalOdds: bigSel.odds,
      potentialReturn: expectedReturn(90000, [bigSel.odds]),
      status: "pending",
      // liability >= 10,000.00 scores 100
      riskProfile: { riskLevel: "critical", riskScore: 100 },
    });
    expect(list[1]).toMatchObject({ id: small.bet.id, amount: 100, potentialReturn: small.bet.potentialReturn });
    const smallRisk = list[1].riskProfile as { riskLevel: string; riskScore: number };
    expect(smallRisk.riskLevel).toBe("low");
    expect(smallRisk.riskScore).toBeLessThan(50);
    // Newest first throughout.
    const placed = list.map((b) => Date.parse(String(b.placedAt)));
    expect(placed).toEqual([...placed].sort((a, b) => b - a));
    // Seeded bets are listed too, with their customers' names.
    expect(list.some((b) => b.customerName === "Jack Thompson")).toBe(true);
  });

  it("honours limit and refuses one outside 1..500", async () => {
    expect(((await (await admin.get("/api/admin/all-bets?limit=2")).json()) as unknown[]).length).toBe(2);
    await expectInvalidFields(await admin.get("/api/admin/all-bets?limit=0"), "limit");
    await expectInvalidFields(await admin.get("/api/admin/all-bets?limit=501"), "limit");
  });

  it("filters by status so older pending bets stay reachable", async () => {
    const { bet } = await customerWithBet(500);
    const settled = await customerWithBet(500);
    expect((await settle(settled.bet.id, { status: "lost", actualReturn: 0 })).status).toBe(200);

    const pending = (await (await admin.get("/api/admin/all-bets?status=pending&limit=500")).json()) as { id: string; status: string }[];
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((b) => b.status === "pending")).toBe(true);
    expect(pending.some((b) => b.id === bet.id)).toBe(true);
    expect(pending.some((b) => b.id === settled.bet.id)).toBe(false);

    const done = (await (await admin.get("/api/admin/all-bets?status=settled&limit=500")).json()) as { id: string; status: string }[];
    expect(done.every((b) => b.status !== "pending")).toBe(true);
    expect(done.some((b) => b.id === settled.bet.id)).toBe(true);

    await expectInvalidFields(await admin.get("/api/admin/all-bets?status=open"), "status");
  });
});

describe("the books after this file", () => {
  it("every settlement wrote exactly one audit row and every payout one ledger transaction", async () => {
    const settled = await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE status <> 'pending'");
    const audits = await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'bet.settle'");
    expect(audits).toBe(settled);
    const paid = await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE status <> 'pending' AND actual_return > 0");
    const payouts = await countRows(
      t.database,
      "SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind IN ('bet_payout', 'bet_refund')",
    );
    expect(payouts).toBe(paid);
  });

  it("the ledger is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
