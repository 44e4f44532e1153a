/**
 * POST /api/bets refusals: every refusal of the slip and of the current state (prices, markets,
 * funds) with its code, and that a refusal moves no money and creates no bet.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Session } from "../fixtures/test-app.ts";
import {
  expectedReturn,
  expectError,
  expectInvalidFields,
  expectLedgerBalanced,
  expectUnknownKey,
  milli,
  otherOdds,
  placeOk,
  selectionOf,
  type Selection,
} from "../fixtures/builders.ts";
import { customer, expectUntouched, useBetsApp } from "../fixtures/bets-api.ts";

const t = useBetsApp();

describe("refusals of the slip", () => {
  let c: { s: Session; id: string };
  let sel: Selection;
  let sel2: Selection;
  beforeAll(async () => {
    c = await customer(t);
    sel = selectionOf(t.pool.next());
    sel2 = selectionOf(t.pool.next());
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
    await expectUntouched(t, c, 100000, 0, 1);
  });
});

describe("refusals against the current state", () => {
  it("a stale price: 409 BET.ODDS_CHANGED listing the current prices; nothing changes", async () => {
    const c = await customer(t);
    const sel = selectionOf(t.pool.next());
    const stale = otherOdds(sel.odds);
    const res = await c.s.post("/api/bets", { selections: [{ ...sel, odds: stale }], stake: 1000, betType: "single" });
    const body = await expectError(res, 409, "BET.ODDS_CHANGED");
    expect(body.error.details).toEqual({ prices: [{ outcomeId: sel.outcomeId, odds: sel.odds }] });
    await expectUntouched(t, c, 100000, 0, 1);
  });

  it("a multiple with one stale leg: 409 listing every leg's current price", async () => {
    const c = await customer(t);
    const a = selectionOf(t.pool.next());
    const b = selectionOf(t.pool.next());
    const res = await c.s.post("/api/bets", { selections: [a, { ...b, odds: otherOdds(b.odds) }], stake: 1000, betType: "multiple" });
    const body = await expectError(res, 409, "BET.ODDS_CHANGED");
    expect(body.error.details).toEqual({
      prices: [
        { outcomeId: a.outcomeId, odds: a.odds },
        { outcomeId: b.outcomeId, odds: b.odds },
      ],
    });
    await expectUntouched(t, c, 100000, 0, 1);
  });

  it("a price that moved after the customer saw it (as the feed moves it): 409, then accepted at the new price", async () => {
    const c = await customer(t);
    const sel = selectionOf(t.pool.forMutation());
    const moved = milli(sel.odds) + 50n;
    await t.database.client.execute({ sql: "UPDATE outcomes SET price_milli = ? WHERE id = ?", args: [Number(moved), sel.outcomeId] });
    const newOdds = `${moved / 1000n}.${String(moved % 1000n).padStart(3, "0").replace(/0$/, "")}`;
    const res = await c.s.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" });
    const body = await expectError(res, 409, "BET.ODDS_CHANGED");
    expect(body.error.details).toEqual({ prices: [{ outcomeId: sel.outcomeId, odds: newOdds }] });
    await expectUntouched(t, c, 100000, 0, 1);
    const ok = await placeOk(c.s, [{ ...sel, odds: newOdds }], 1000);
    expect(ok.bet.potentialReturn).toBe(expectedReturn(1000, [newOdds]));
  });

  it("a suspended market: 409 BET.MARKET_CLOSED; nothing changes", async () => {
    const c = await customer(t);
    const sel = selectionOf(t.pool.forMutation());
    await t.database.client.execute({ sql: "UPDATE markets SET status = 'suspended' WHERE id = ?", args: [sel.marketId] });
    const body = await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" }), 409, "BET.MARKET_CLOSED");
    expect(body.error.details).toMatchObject({ marketId: sel.marketId });
    await expectUntouched(t, c, 100000, 0, 1);
  });

  it("an unknown outcome, or one that is not in the given market: 404 BET.SELECTION_NOT_FOUND", async () => {
    const c = await customer(t);
    const event = t.pool.next((e) => e.markets.length >= 2);
    const sel = selectionOf(event);
    const body = await expectError(
      await c.s.post("/api/bets", { selections: [{ ...sel, outcomeId: "no-such-outcome" }], stake: 1000, betType: "single" }),
      404,
      "BET.SELECTION_NOT_FOUND",
    );
    expect(body.error.details).toEqual({ outcomeId: "no-such-outcome" });
    const wrongMarket = { ...sel, marketId: event.markets[1].id };
    await expectError(await c.s.post("/api/bets", { selections: [wrongMarket], stake: 1000, betType: "single" }), 404, "BET.SELECTION_NOT_FOUND");
    const wrongEvent = { ...sel, eventId: t.pool.next().id };
    await expectError(await c.s.post("/api/bets", { selections: [wrongEvent], stake: 1000, betType: "single" }), 404, "BET.SELECTION_NOT_FOUND");
    await expectUntouched(t, c, 100000, 0, 1);
  });

  it("a stake above the balance: 409 BET.INSUFFICIENT_FUNDS; nothing changes", async () => {
    const c = await customer(t);
    const sel = selectionOf(t.pool.next());
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 100001, betType: "single" }), 409, "BET.INSUFFICIENT_FUNDS");
    await expectUntouched(t, c, 100000, 0, 1);
    await placeOk(c.s, [sel], 60000);
    await expectError(await c.s.post("/api/bets", { selections: [sel], stake: 40001, betType: "single" }), 409, "BET.INSUFFICIENT_FUNDS");
    await expectUntouched(t, c, 40000, 1, 2);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
