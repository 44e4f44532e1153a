/**
 * POST /api/bets, GET /api/bets, GET /api/customer/balance: exact money on accepted singles and
 * multiples, who may place and list bets. The refusals are tests/api/bets-refusals.test.ts.
 */
import { describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import {
  balanceOf,
  betCountFor,
  currentUserId,
  expectedReturn,
  expectedTotalOdds,
  expectError,
  expectInvalidFields,
  expectLedgerBalanced,
  milli,
  placeOk,
  selectionOf,
  type ApiEvent,
} from "../fixtures/builders.ts";
import { customer, expectUntouched, useBetsApp } from "../fixtures/bets-api.ts";

const t = useBetsApp();

describe("placing a single", () => {
  it("takes the stake from the wallet and returns 201 with potentialReturn = floor(stake x odds)", async () => {
    const c = await customer(t);
    const event = t.pool.next();
    const sel = selectionOf(event);
    const res = await c.s.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      bet: {
        id: expect.stringMatching(/^bet_/),
        potentialReturn: expectedReturn(1000, [sel.odds]),
        stake: 1000,
        totalOdds: sel.odds,
        status: "pending",
        placedAt: expect.any(String),
      },
      balance: 99000,
    });
    // 1000 at odds d.dd is exactly d.dd * 1000 cents.
    expect(body.bet.potentialReturn).toBe(Number(milli(sel.odds)));
    expect(new Date(body.bet.placedAt).toISOString()).toBe(body.bet.placedAt);
    expect(await balanceOf(c.s)).toBe(99000);

    const list = await c.s.get("/api/bets");
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([
      {
        id: body.bet.id,
        betType: "single",
        stake: 1000,
        totalOdds: sel.odds,
        potentialReturn: body.bet.potentialReturn,
        actualReturn: null,
        status: "pending",
        placedAt: body.bet.placedAt,
        settledAt: null,
        legs: [
          {
            id: expect.any(String),
            eventId: event.id,
            eventName: event.name,
            marketName: event.markets[0].name,
            selectionName: event.markets[0].outcomes[0].name,
            odds: sel.odds,
            result: "pending",
          },
        ],
        // A pending bet on an open market can be cashed out (tests/api/cash-out.test.ts).
        cashOut: { available: true },
      },
    ]);
  });

  it("rounds the return down to the cent, computed exactly", async () => {
    const c = await customer(t);
    // Find a price where stake 101 does not give a whole cent, so rounding is visible.
    const event = t.pool.next((e) => e.markets[0].outcomes.some((o) => (101n * milli(o.odds)) % 1000n !== 0n));
    const idx = event.markets[0].outcomes.findIndex((o) => (101n * milli(o.odds)) % 1000n !== 0n);
    const sel = selectionOf(event, 0, idx);
    const body = await placeOk(c.s, [sel], 101);
    const exact = (101 * Number(milli(sel.odds))) / 1000;
    expect(body.bet.potentialReturn).toBe(Math.floor(exact));
    expect(body.bet.potentialReturn).toBe(expectedReturn(101, [sel.odds]));
    expect(body.balance).toBe(100000 - 101);
  });

  it("accepts the minimum stake of 100 cents", async () => {
    const c = await customer(t);
    const sel = selectionOf(t.pool.next());
    const body = await placeOk(c.s, [sel], 100);
    expect(body.bet.stake).toBe(100);
    expect(body.balance).toBe(99900);
  });

  it("accepts a stake equal to the whole balance, leaving 0", async () => {
    const c = await customer(t);
    const sel = selectionOf(t.pool.next());
    const body = await placeOk(c.s, [sel], 100000);
    expect(body.balance).toBe(0);
    expect(await balanceOf(c.s)).toBe(0);
  });

  it("accepts a bet on a live event at its current price", async () => {
    const c = await customer(t);
    const live = ((await (await c.s.get("/api/events?status=live")).json()) as ApiEvent[])[0];
    const sel = selectionOf(live);
    const body = await placeOk(c.s, [sel], 2000);
    expect(body.bet.potentialReturn).toBe(expectedReturn(2000, [sel.odds]));
  });

  it("lists the customer's bets newest first and the balance follows every stake", async () => {
    const c = await customer(t);
    const placed: string[] = [];
    let expected = 100000;
    // Each bet at its own time a second apart (the app's clock, not a sleep), so newest first is one order.
    const start = Date.now() - 10_000;
    try {
      for (const [k, stake] of [500, 1200, 3300].entries()) {
        t.clock.set(new Date(start + k * 1_000));
        const body = await placeOk(c.s, [selectionOf(t.pool.next())], stake);
        expected -= stake;
        expect(body.balance).toBe(expected);
        placed.push(body.bet.id);
      }
    } finally {
      t.clock.set(null as unknown as Date); // real time again
    }
    const bets = (await (await c.s.get("/api/bets")).json()) as { id: string; stake: number }[];
    expect(bets.map((b) => b.id)).toEqual([...placed].reverse());
    expect(bets.map((b) => b.stake)).toEqual([3300, 1200, 500]);
    expect(await balanceOf(c.s)).toBe(100000 - 5000);
    expect(((await (await c.s.get("/api/bets?limit=2")).json()) as unknown[]).length).toBe(2);
    await expectInvalidFields(await c.s.get("/api/bets?limit=0"), "limit");
    await expectInvalidFields(await c.s.get("/api/bets?limit=201"), "limit");
  });
});

describe("placing a multiple", () => {
  it("uses the product of the legs' odds, and potentialReturn = floor(stake x product)", async () => {
    const c = await customer(t);
    const sels = [selectionOf(t.pool.next()), selectionOf(t.pool.next(), 0, 1)];
    const stake = 1337;
    const body = await placeOk(c.s, sels, stake);
    const odds = sels.map((s) => s.odds);
    expect(body.bet.totalOdds).toBe(expectedTotalOdds(odds));
    expect(body.bet.potentialReturn).toBe(expectedReturn(stake, odds));
    expect(body.balance).toBe(100000 - stake);
    const [listed] = (await (await c.s.get("/api/bets")).json()) as {
      betType: string;
      legs: { eventId: string; odds: string }[];
      potentialReturn: number;
    }[];
    expect(listed.betType).toBe("multiple");
    expect(listed.legs.map((l) => [l.eventId, l.odds])).toEqual(sels.map((s) => [s.eventId, s.odds]));
    expect(listed.potentialReturn).toBe(body.bet.potentialReturn);
  });

  it("computes a three-leg return without floating-point error", async () => {
    const c = await customer(t);
    const sels = [selectionOf(t.pool.next()), selectionOf(t.pool.next(), 0, 1), selectionOf(t.pool.next((e) => e.markets.length >= 2), 1, 0)];
    const stake = 2999;
    const body = await placeOk(c.s, sels, stake);
    const odds = sels.map((s) => s.odds);
    const [a, b, d] = odds.map(milli);
    expect(body.bet.potentialReturn).toBe(Number((BigInt(stake) * a * b * d) / 1_000_000_000n));
    expect(body.bet.totalOdds).toBe(expectedTotalOdds(odds));
  });

  it("refuses two selections of the same event: 400 BET.SAME_EVENT_IN_MULTIPLE", async () => {
    const c = await customer(t);
    const event = t.pool.next((e) => e.markets.length >= 2);
    const res = await c.s.post("/api/bets", {
      selections: [selectionOf(event, 0, 0), selectionOf(event, 1, 0)],
      stake: 1000,
      betType: "multiple",
    });
    const body = await expectError(res, 400, "BET.SAME_EVENT_IN_MULTIPLE");
    expect(body.error.details).toMatchObject({ eventIds: [event.id] });
    await expectUntouched(t, c, 100000, 0, 1);
  });

  it("refuses the same outcome twice: 400 BET.DUPLICATE_SELECTION", async () => {
    const c = await customer(t);
    const sel = selectionOf(t.pool.next());
    await expectError(
      await c.s.post("/api/bets", { selections: [sel, sel], stake: 1000, betType: "multiple" }),
      400,
      "BET.DUPLICATE_SELECTION",
    );
    await expectUntouched(t, c, 100000, 0, 1);
  });
});

describe("who may place and list bets", () => {
  it.each(["admin", "trader"] as const)("a %s placing a bet: 403 AUTH.FORBIDDEN, no bet", async (role) => {
    const s = await demoLogin(t, role);
    const id = await currentUserId(s);
    await expectError(await s.post("/api/bets", { selections: [selectionOf(t.pool.events[0])], stake: 1000, betType: "single" }), 403, "AUTH.FORBIDDEN");
    expect(await betCountFor(t.database, id)).toBe(0);
  });

  it("anonymous: 401 AUTH.REQUIRED on placing, listing and the balance", async () => {
    const s = new Session(t);
    await expectError(await s.post("/api/bets", { selections: [selectionOf(t.pool.events[0])], stake: 1000, betType: "single" }), 401, "AUTH.REQUIRED");
    await expectError(await s.get("/api/bets"), 401, "AUTH.REQUIRED");
    await expectError(await s.get("/api/customer/balance"), 401, "AUTH.REQUIRED");
  });

  it("a customer sees only their own bets", async () => {
    const a = await customer(t);
    const b = await customer(t);
    const placedA = await placeOk(a.s, [selectionOf(t.pool.next())], 1500);
    const placedB = await placeOk(b.s, [selectionOf(t.pool.next())], 2500);
    const listA = (await (await a.s.get("/api/bets")).json()) as { id: string }[];
    const listB = (await (await b.s.get("/api/bets")).json()) as { id: string }[];
    expect(listA.map((x) => x.id)).toEqual([placedA.bet.id]);
    expect(listB.map((x) => x.id)).toEqual([placedB.bet.id]);
    expect(await balanceOf(a.s)).toBe(98500);
    expect(await balanceOf(b.s)).toBe(97500);
  });

  it("staff list their own (empty) bets", async () => {
    const admin = await demoLogin(t, "admin");
    const res = await admin.get("/api/bets");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
