/**
 * What the operator's views show of bets and their settlement: GET /api/dashboard/stats before and
 * after a bet is placed and settled, and GET /api/admin/all-bets (newest first, limits, status
 * filter). Settling itself: tests/api/settlement.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoLogin, realCustomerLogin, type Session, type TestApp } from "../fixtures/test-app.ts";
import { settlementBook, theBooksAfterThisFile } from "../fixtures/settlement-book.ts";
import { currentUserId, expectedReturn, expectInvalidFields, milli, placeOk, selectionOf, type upcomingPool } from "../fixtures/builders.ts";

const { book, customerWithBet, settle } = settlementBook();
let t: TestApp;
let admin: Session;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(() => void ({ t, admin, pool } = book));

describe("GET /api/dashboard/stats", () => {
  type Stats = Record<string, number>;
  const stats = async (): Promise<Stats> => {
    const res = await admin.get("/api/dashboard/stats");
    expect(res.status).toBe(200);
    return (await res.json()) as Stats;
  };
  /** How much each of `keys` moved from `before` to `after`. */
  const change = (before: Stats, after: Stats, keys: string[]): Stats => Object.fromEntries(keys.map((k) => [k, after[k] - before[k]]));

  it("reflects a placed and then a settled bet to the cent", async () => {
    const s0 = await stats();
    const c = await customerWithBet(2000);
    const s1 = await stats();
    expect(change(s0, s1, ["totalBets", "pendingBets", "totalStaked", "openLiability", "totalReturned", "activeCustomers"])).toEqual({
      totalBets: 1,
      pendingBets: 1,
      totalStaked: 2000,
      openLiability: c.bet.potentialReturn,
      totalReturned: 0,
      // A new real customer (demo accounts never count in the operator's figures).
      activeCustomers: 1,
    });

    expect((await settle(c.bet.id, { status: "won", actualReturn: c.bet.potentialReturn })).status).toBe(200);
    const s2 = await stats();
    expect(change(s1, s2, ["totalBets", "pendingBets", "wonBets", "totalStaked", "openLiability", "totalReturned", "grossRevenue"])).toEqual({
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
    // A long price: 90000 at 15.00 to 20.00 is a liability above 10,000.00.
    // Under the odds-aware max stake (docs/trading.md: at least a 25,000.00 base / (price - 1)): up to 20.00.
    const long = (o: { odds: string }) => milli(o.odds) >= 15000n && milli(o.odds) <= 20000n;
    const event = pool.next((e) => e.markets[0].outcomes.some(long));
    const bigSel = selectionOf(event, 0, event.markets[0].outcomes.findIndex(long));
    // Both bets in one millisecond (the clock held still): the one placed second is still listed
    // first, so the order does not hang on the two placements falling in different milliseconds.
    const placeBoth = async () => {
      const small = await placeOk(s, [selectionOf(pool.next((e) => milli(e.markets[0].outcomes[0].odds) < 5000n))], 100);
      return { small, big: await placeOk(s, [bigSel], 90000) };
    };
    t.clock.set(new Date());
    const { small, big } = await placeBoth().finally(() => t.clock.set(null as unknown as Date)); // back to real time
    expect(big.bet.placedAt).toBe(small.bet.placedAt);

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

theBooksAfterThisFile(book);
