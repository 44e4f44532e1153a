import { describe, expect, it } from "vitest";
import { checkBetReason, contradictions } from "./bet-reasons.ts";
import { legGradeFor, type MarketResult } from "./market-result.ts";

describe("a bet's reason code", () => {
  it("is required, and \"other\" needs a text of 10+ characters", () => {
    expect(checkBetReason(undefined, "voiding a bet")).toMatchObject({ ok: false, error: { code: "SETTLE.REASON_REQUIRED" } });
    expect(checkBetReason({ code: "other", text: "  short   " }, "x")).toMatchObject({ ok: false, error: { code: "SETTLE.REASON_REQUIRED" } });
    expect(checkBetReason({ code: "other", text: " Complaint upheld by compliance " }, "x")).toEqual({ ok: true, value: { code: "other", text: "Complaint upheld by compliance" } });
    expect(checkBetReason({ code: "goodwill" }, "x")).toEqual({ ok: true, value: { code: "goodwill", text: null } });
  });
});

const legs = [{ id: "l1", marketId: "m1", outcomeId: "a" }];
const won = (id: string): MarketResult => ({ kind: "winner", winningOutcomeId: id });

describe("contradicting the market's recorded result", () => {
  it("a loser paid as won, or a winner taken as lost, contradicts; agreeing or voiding does not", () => {
    const recorded = new Map([["m1", won("b")]]);
    expect(contradictions(legs, [{ legId: "l1", result: "won" }], false, recorded)).toEqual([{ legId: "l1", marketId: "m1", requested: "won", recorded: "lost" }]);
    expect(contradictions(legs, [{ legId: "l1", result: "lost" }], false, recorded)).toEqual([]);
    expect(contradictions(legs, [{ legId: "l1", result: "void" }], false, recorded)).toEqual([]);
    expect(contradictions(legs, [{ legId: "l1", result: "lost" }], false, new Map([["m1", won("a")]]))).toHaveLength(1);
  });

  it("a market with no recorded result contradicts nothing", () => {
    expect(contradictions(legs, [{ legId: "l1", result: "won" }], false, new Map())).toEqual([]);
  });

  it("placed: contradicted by a win or by not being placed, not by being placed", () => {
    const placed: MarketResult = { kind: "winner", winningOutcomeId: "b", placed: [{ outcomeId: "a" }] };
    expect(contradictions(legs, [{ legId: "l1", result: "lost" }], true, new Map([["m1", placed]]))).toEqual([]);
    expect(contradictions(legs, [{ legId: "l1", result: "lost" }], true, new Map([["m1", won("b")]]))).toMatchObject([{ recorded: "lost", requested: "placed" }]);
    expect(contradictions(legs, [{ legId: "l1", result: "lost" }], true, new Map([["m1", won("a")]]))).toMatchObject([{ recorded: "won" }]);
  });
});
