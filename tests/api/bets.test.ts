/**
 * POST /api/bets, GET /api/bets, GET /api/customer/balance: exact money on singles and multiples,
 * every refusal with its code, and that a refusal moves no money and creates no bet.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf,
  betCountFor,
  currentUserId,
  expectedReturn,
  expectedTotalOdds,
  expectError,
  expectInvalidFields,
  expectLedgerBalanced,
  expectUnknownKey,
  milli,
  otherOdds,
  placeOk,
  postingCountFor,
  selectionOf,
  upcomingPool,
  type ApiEvent,
  type Selection,
} from "../fixtures/builders.ts";

let t: TestApp;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

/** A fresh customer with 100000 cents, and its user id. */
async function customer() {
  const s = await demoLogin(t, "customer");
  return { s, id: await currentUserId(s) };
}

/** Assert nothing about this customer's money or bets changed. */
async function expectUntouched(c: { s: Session; id: string }, balance: number, bets: number, postings: number) {
  expect(await balanceOf(c.s)).toBe(balance);
  expect(await betCountFor(t.database, c.id)).toBe(bets);
  expect(await postingCountFor(t.database, c.id)).toBe(postings);
}

describe("placing a single", () => {
  it("takes the stake from the wallet and returns 201 with potentialReturn = floor(stake x odds)", async () => {
    const c = await customer();
    const event = pool.next();
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
    const c = await customer();
    // Find a price where stake 101 does not give a whole cent, so rounding is visible.
    const event = pool.next((e) => e.markets[0].outcomes.some((o) => (101n * milli(o.odds)) % 1000n !== 0n));
    const idx = event.markets[0].outcomes.findIndex((o) => (101n * milli(o.odds)) % 1000n !== 0n);
    const sel = selectionOf(event, 0, idx);
    const body = await placeOk(c.s, [sel], 101);
    const exact = (101 * Number(milli(sel.odds))) / 1000;
    expect(body.bet.potentialReturn).toBe(Math.floor(exact));
    expect(body.bet.potentialReturn).toBe(expectedReturn(101, [sel.odds]));
    expect(body.balance).toBe(100000 - 101);
  });

  it("accepts the minimum stake of 100 cents", async () => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    const body = await placeOk(c.s, [sel], 100);
    expect(body.bet.stake).toBe(100);
    expect(body.balance).toBe(99900);
  });

  it("accepts a stake equal to the whole balance, leaving 0", async () => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    const body = await placeOk(c.s, [sel], 100000);
    expect(body.balance).toBe(0);
    expect(await balanceOf(c.s)).toBe(0);
  });

  it("accepts a bet on a live event at its current price", async () => {
    const c = await customer();
    const live = ((await (await c.s.get("/api/events?status=live")).json()) as ApiEvent[])[0];
    const sel = selectionOf(live);
    const body = await placeOk(c.s, [sel], 2000);
    expect(body.bet.potentialReturn).toBe(expectedReturn(2000, [sel.odds]));
  });

  it("lists the customer's bets newest first and the balance follows every stake", async () => {
    const c = await customer();
    const placed: string[] = [];
    let expected = 100000;
    // Each bet at its own time a second apart (the app's clock, not a sleep), so newest first is one order.
    const start = Date.now() - 10_000;
    try {
      for (const [k, stake] of [500, 1200, 3300].entries()) {
        t.clock.set(new Date(start + k * 1_000));
        const body = await placeOk(c.s, [selectionOf(pool.next())], stake);
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
    const c = await customer();
    const sels = [selectionOf(pool.next()), selectionOf(pool.next(), 0, 1)];
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
    const c = await customer();
    const sels = [selectionOf(pool.next()), selectionOf(pool.next(), 0, 1), selectionOf(pool.next((e) => e.markets.length >= 2), 1, 0)];
    const stake = 2999;
    const body = await placeOk(c.s, sels, stake);
    const odds = sels.map((s) => s.odds);
    const [a, b, d] = odds.map(milli);
    expect(body.bet.potentialReturn).toBe(Number((BigInt(stake) * a * b * d) / 1_000_000_000n));
    expect(body.bet.totalOdds).toBe(expectedTotalOdds(odds));
  });

  it("refuses two selections of the same event: 400 BET.SAME_EVENT_IN_MULTIPLE", async () => {
    const c = await customer();
    const event = pool.next((e) => e.markets.length >= 2);
    const res = await c.s.post("/api/bets", {
      selections: [selectionOf(event, 0, 0), selectionOf(event, 1, 0)],
      stake: 1000,
      betType: "multiple",
    });
    const body = await expectError(res, 400, "BET.SAME_EVENT_IN_MULTIPLE");
    expect(body.error.details).toMatchObject({ eventIds: [event.id] });
    await expectUntouched(c, 100000, 0, 1);
  });

  it("refuses the same outcome twice: 400 BET.DUPLICATE_SELECTION", async () => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    await expectError(
      await c.s.post("/api/bets", { selections: [sel, sel], stake: 1000, betType: "multiple" }),
      400,
      "BET.DUPLICATE_SELECTION",
    );
    await expectUntouched(c, 100000, 0, 1);
  });
});

describe("refusals of the slip", () => {
  let c: { s: Session; id: string };
  let sel: Selection;
  let sel2: Selection;
  beforeAll(async () => {
    c = await customer();
    sel = selectionOf(pool.next());
    sel2 = selectionOf(pool.next());
  });

  it("betType/selection-count mismatch: 400 BET.TYPE_MISMATCH both ways", async () => {
    await expectError(await c.s.post("/api/bets", { selections: [sel, sel2], stake: 1000, betType: "single" }), 400, "BET.TYPE_MISMATCH");
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 1000, betType: "multiple" }), 400, "BET.TYPE_MISMATCH");
  });

  it("no selections: 400 BET.NO_SELECTIONS", async () => {
    await expectError(await c.s.post("/api/bets", { selections: [], stake: 1000, betType: "single" }), 400, "BET.NO_SELECTIONS");
  });

  it("stake 0 or negative: 400 BET.INVALID_STAKE", async () => {
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 0, betType: "single" }), 400, "BET.INVALID_STAKE");
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: -500, betType: "single" }), 400, "BET.INVALID_STAKE");
  });

  it("fractional or non-numeric stake: 400 REQUEST.INVALID naming stake", async () => {
    await expectInvalidFields(await c.s.post("/api/bets", { selections: [sel], stake: 10.5, betType: "single" }), "stake");
    // A string stake is the spec's dollar amount (tests/api/spec-bets.test.ts): only a malformed one is refused.
    await expectInvalidFields(await c.s.post("/api/bets", { selections: [sel], stake: "ten", betType: "single" }), "stake");
    await expectInvalidFields(await c.s.post("/api/bets", { selections: [sel], stake: "10.505", betType: "single" }), "stake");
    await expectInvalidFields(await c.s.post("/api/bets", { selections: [sel], betType: "single" }), "stake");
  });

  it("stake below 100 cents: 400 BET.STAKE_TOO_LOW", async () => {
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 99, betType: "single" }), 400, "BET.STAKE_TOO_LOW");
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 1, betType: "single" }), 400, "BET.STAKE_TOO_LOW");
  });

  it("stake above 100,000.00: 400 BET.STAKE_TOO_HIGH", async () => {
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 10_000_001, betType: "single" }), 400, "BET.STAKE_TOO_HIGH");
  });

  it("bad betType, selections or odds: 400 REQUEST.INVALID naming the field", async () => {
    await expectInvalidFields(await c.s.post("/api/bets", { selections: [sel], stake: 1000, betType: "each-way" }), "betType");
    await expectInvalidFields(await c.s.post("/api/bets", { selections: sel, stake: 1000, betType: "single" }), "selections");
    await expectInvalidFields(await c.s.post("/api/bets", { selections: [{ ...sel, odds: "abc" }], stake: 1000, betType: "single" }), "selections.0.odds");
    await expectInvalidFields(await c.s.post("/api/bets", { selections: [{ ...sel, odds: 2.15 }], stake: 1000, betType: "single" }), "selections.0.odds");
    await expectInvalidFields(await c.s.post("/api/bets", { selections: [{ ...sel, eventId: "" }], stake: 1000, betType: "single" }), "selections.0.eventId");
    const { outcomeId: _drop, ...noOutcome } = sel;
    await expectInvalidFields(await c.s.post("/api/bets", { selections: [noOutcome], stake: 1000, betType: "single" }), "selections.0.outcomeId");
    const many = Array.from({ length: 21 }, (_, i) => ({ ...sel, outcomeId: `${sel.outcomeId}-${i}` }));
    await expectInvalidFields(await c.s.post("/api/bets", { selections: many, stake: 1000, betType: "multiple" }), "selections");
  });

  it("odds outside 1.01..1000 that match the odds pattern: 400 REQUEST.INVALID naming the odds field", async () => {
    for (const odds of ["1.00", "0", "0.5"]) {
      await expectInvalidFields(
        await c.s.post("/api/bets", { selections: [{ ...sel, odds }], stake: 1000, betType: "single" }),
        "selections.0.odds",
      );
    }
  });

  it("unknown fields in the body or a selection: 400", async () => {
    await expectUnknownKey(await c.s.post("/api/bets", { selections: [sel], stake: 1000, betType: "single", bonus: true }), "bonus");
    await expectUnknownKey(await c.s.post("/api/bets", { selections: [{ ...sel, boost: 2 }], stake: 1000, betType: "single" }), "boost");
  });

  it("none of those refusals moved money or created a bet", async () => {
    await expectUntouched(c, 100000, 0, 1);
  });
});

describe("refusals against the current state", () => {
  it("a stale price: 409 BET.ODDS_CHANGED listing the current prices; nothing changes", async () => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    const stale = otherOdds(sel.odds);
    const res = await c.s.post("/api/bets", { selections: [{ ...sel, odds: stale }], stake: 1000, betType: "single" });
    const body = await expectError(res, 409, "BET.ODDS_CHANGED");
    expect(body.error.details).toEqual({ prices: [{ outcomeId: sel.outcomeId, odds: sel.odds }] });
    await expectUntouched(c, 100000, 0, 1);
  });

  it("a multiple with one stale leg: 409 listing every leg's current price", async () => {
    const c = await customer();
    const a = selectionOf(pool.next());
    const b = selectionOf(pool.next());
    const res = await c.s.post("/api/bets", { selections: [a, { ...b, odds: otherOdds(b.odds) }], stake: 1000, betType: "multiple" });
    const body = await expectError(res, 409, "BET.ODDS_CHANGED");
    expect(body.error.details).toEqual({
      prices: [
        { outcomeId: a.outcomeId, odds: a.odds },
        { outcomeId: b.outcomeId, odds: b.odds },
      ],
    });
    await expectUntouched(c, 100000, 0, 1);
  });

  it("a price that moved after the customer saw it (as the feed moves it): 409, then accepted at the new price", async () => {
    const c = await customer();
    const sel = selectionOf(pool.forMutation());
    const moved = milli(sel.odds) + 50n;
    await t.database.client.execute({ sql: "UPDATE outcomes SET price_milli = ? WHERE id = ?", args: [Number(moved), sel.outcomeId] });
    const newOdds = `${moved / 1000n}.${String(moved % 1000n).padStart(3, "0").replace(/0$/, "")}`;
    const res = await c.s.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" });
    const body = await expectError(res, 409, "BET.ODDS_CHANGED");
    expect(body.error.details).toEqual({ prices: [{ outcomeId: sel.outcomeId, odds: newOdds }] });
    await expectUntouched(c, 100000, 0, 1);
    const ok = await placeOk(c.s, [{ ...sel, odds: newOdds }], 1000);
    expect(ok.bet.potentialReturn).toBe(expectedReturn(1000, [newOdds]));
  });

  it("a suspended market: 409 BET.MARKET_CLOSED; nothing changes", async () => {
    const c = await customer();
    const sel = selectionOf(pool.forMutation());
    await t.database.client.execute({ sql: "UPDATE markets SET status = 'suspended' WHERE id = ?", args: [sel.marketId] });
    const body = await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" }), 409, "BET.MARKET_CLOSED");
    expect(body.error.details).toMatchObject({ marketId: sel.marketId });
    await expectUntouched(c, 100000, 0, 1);
  });

  it("an unknown outcome, or one that is not in the given market: 404 BET.SELECTION_NOT_FOUND", async () => {
    const c = await customer();
    const event = pool.next((e) => e.markets.length >= 2);
    const sel = selectionOf(event);
    const body = await expectError(
      await c.s.post("/api/bets", { selections: [{ ...sel, outcomeId: "no-such-outcome" }], stake: 1000, betType: "single" }),
      404,
      "BET.SELECTION_NOT_FOUND",
    );
    expect(body.error.details).toEqual({ outcomeId: "no-such-outcome" });
    const wrongMarket = { ...sel, marketId: event.markets[1].id };
    await expectError(await c.s.post("/api/bets", { selections: [wrongMarket], stake: 1000, betType: "single" }), 404, "BET.SELECTION_NOT_FOUND");
    const wrongEvent = { ...sel, eventId: pool.next().id };
    await expectError(await c.s.post("/api/bets", { selections: [wrongEvent], stake: 1000, betType: "single" }), 404, "BET.SELECTION_NOT_FOUND");
    await expectUntouched(c, 100000, 0, 1);
  });

  it("a stake above the balance: 409 BET.INSUFFICIENT_FUNDS; nothing changes", async () => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 100001, betType: "single" }), 409, "BET.INSUFFICIENT_FUNDS");
    await expectUntouched(c, 100000, 0, 1);
    await placeOk(c.s, [sel], 60000);
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 40001, betType: "single" }), 409, "BET.INSUFFICIENT_FUNDS");
    await expectUntouched(c, 40000, 1, 2);
  });
});

describe("who may place and list bets", () => {
  it.each(["admin", "trader"] as const)("a %s placing a bet: 403 AUTH.FORBIDDEN, no bet", async (role) => {
    const s = await demoLogin(t, role);
    const id = await currentUserId(s);
    await expectError(await s.post("/api/bets", { selections: [selectionOf(pool.events[0])], stake: 1000, betType: "single" }), 403, "AUTH.FORBIDDEN");
    expect(await betCountFor(t.database, id)).toBe(0);
  });

  it("anonymous: 401 AUTH.REQUIRED on placing, listing and the balance", async () => {
    const s = new Session(t);
    await expectError(await s.post("/api/bets", { selections: [selectionOf(pool.events[0])], stake: 1000, betType: "single" }), 401, "AUTH.REQUIRED");
    await expectError(await s.get("/api/bets"), 401, "AUTH.REQUIRED");
    await expectError(await s.get("/api/customer/balance"), 401, "AUTH.REQUIRED");
  });

  it("a customer sees only their own bets", async () => {
    const a = await customer();
    const b = await customer();
    const placedA = await placeOk(a.s, [selectionOf(pool.next())], 1500);
    const placedB = await placeOk(b.s, [selectionOf(pool.next())], 2500);
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
