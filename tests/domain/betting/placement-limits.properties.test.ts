/**
 * Properties of the placement limits (domain/betting/placement-limits.ts): the odds-aware max stake
 * never lets the profit pass base x factor, and after any sequence of bets (some settled) no
 * outcome's liability passes its market's limit; an accepted counter-offer always fits.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { returnFor } from "../../../domain/shared/odds.ts";
import {
  checkPlacementLimits, oddsAwareMaxStake, type PlacementExposure,
} from "../../../domain/betting/placement-limits.ts";

/**
 * An outcome's liability recomputed from the bets (the database keeps it as a running total):
 * the sum of (potential return - stake) of the pending bets on it.
 */
function outcomeLiability(
  bets: readonly { status: string; stake: number; potentialReturn: number; legs: readonly { outcomeId: string }[] }[],
  outcomeId: string,
): number {
  return bets
    .filter((b) => b.status === "pending" && b.legs.some((l) => l.outcomeId === outcomeId))
    .reduce((sum, b) => sum + (b.potentialReturn - b.stake), 0);
}

const exposure = (over: Partial<PlacementExposure> = {}): PlacementExposure => ({
  stakeFactorBp: 10_000,
  outcomes: [{ outcomeId: "o1", liability: 0, limit: 200_000_000 }],
  maxPayoutPerBet: 25_000_000,
  maxPayoutPerDay: 100_000_000,
  returnsInWindow: 0,
  ...over,
});
const at = (odds: number) => (s: number) => returnFor(s, [odds]);

describe("placement limit properties", () => {
  it("never lets stake x (price - 1) pass base x factor (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1010, max: 1_000_000 }), (bp, odds) => {
        const max = oddsAwareMaxStake(10_000_000, bp, odds);
        expect(max * (odds - 1000)).toBeLessThanOrEqual(10_000_000 * bp * 1000 / 10_000);
        expect(max).toBeLessThanOrEqual(10_000_000);
      }),
    );
  });
  it("property: any sequence of accepted bets keeps every outcome within its limit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.array(fc.record({ outcome: fc.constantFrom("a", "b", "c"), odds: fc.integer({ min: 1010, max: 50_000 }), stake: fc.integer({ min: 100, max: 200_000 }), settle: fc.boolean() }), { maxLength: 40 }),
        (limit, seq) => {
          const bets: { status: string; stake: number; potentialReturn: number; legs: { outcomeId: string }[] }[] = [];
          for (const s of seq) {
            const liability = outcomeLiability(bets, s.outcome);
            const refusal = checkPlacementLimits({
              stake: s.stake, totalOddsMilli: s.odds, sports: ["soccer"], returnOf: at(s.odds),
              exposure: exposure({ outcomes: [{ outcomeId: s.outcome, liability, limit }] }),
            });
            if (refusal?.code === "BET.LIABILITY_LIMIT" && refusal.maxStake > 0) {
              // Accepting the counter-offer fits.
              expect(returnFor(refusal.maxStake, [s.odds]) - refusal.maxStake + liability).toBeLessThanOrEqual(limit);
            }
            if (refusal === null) bets.push({ status: "pending", stake: s.stake, potentialReturn: returnFor(s.stake, [s.odds]), legs: [{ outcomeId: s.outcome }] });
            if (s.settle && bets.length > 0) bets[0].status = "lost";
            for (const o of ["a", "b", "c"]) expect(outcomeLiability(bets, o)).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });
});
