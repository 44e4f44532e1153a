/** Property: a bet resettled to its market's own grade never contradicts it; any other win or loss does. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { contradictions } from "../../../domain/settlement/bet-reasons.ts";
import { legGradeFor, type MarketResult } from "../../../domain/settlement/market-result.ts";

const won = (id: string): MarketResult => ({ kind: "winner", winningOutcomeId: id });

describe("contradicting the market's recorded result", () => {
  it("property: the market's own grade for every leg never contradicts, and any other win/loss does", () => {
    const outcomes = ["a", "b", "c"];
    fc.assert(
      fc.property(fc.constantFrom(...outcomes), fc.constantFrom(...outcomes), fc.boolean(), (winner, mine, voidMarket) => {
        const result: MarketResult = voidMarket ? { kind: "void" } : won(winner);
        const leg = [{ id: "l", marketId: "m", outcomeId: mine }];
        const recorded = new Map([["m", result]]);
        const own = legGradeFor(mine, result).result;
        expect(contradictions(leg, [{ legId: "l", result: own }], false, recorded)).toEqual([]);
        for (const other of ["won", "lost"] as const)
          if (other !== own) expect(contradictions(leg, [{ legId: "l", result: other }], false, recorded)).toHaveLength(1);
      }),
    );
  });
});
