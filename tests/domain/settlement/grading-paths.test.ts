/**
 * Property: a bet is graded the same whichever path settles it (docs/money.md "Results and grading"):
 * by market (each market's result applied in any order, waiting legs stored), by bet (a manual
 * settlement with the leg results: accepted only with the same status and return), and by bulk
 * settlement (from the results recorded on the outcomes), for every bet type and every leg result
 * (won, lost, void, dead heat).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decideSettlement, gradeBet, type LegResult } from "../../../domain/settlement/grade.ts";
import { gradeBetForMarket, legGradeFor, type MarketResult } from "../../../domain/settlement/market-result.ts";
import { planBetSettlement } from "../../../domain/tasks/bulk-settlement.ts";
import type { DeadHeat } from "../../../domain/shared/types.ts";

type Spec = { odds: number; result: "won" | "lost" | "void" | "dead_heat"; dh: DeadHeat };

const legSpec = fc.record({
  odds: fc.integer({ min: 1010, max: 50_000 }),
  result: fc.constantFrom("won", "lost", "void", "dead_heat"),
  dh: fc.integer({ min: 2, max: 6 }).chain((den) => fc.integer({ min: 1, max: den - 1 }).map((num) => ({ num, den }))),
}) as fc.Arbitrary<Spec>;

/** Market i has outcomes "o{i}" (the leg's) and "x{i}"; the leg's result decides the market's result. */
function marketResult(i: number, s: Spec): MarketResult {
  const mine = `o${i}`;
  if (s.result === "void") return { kind: "void" };
  if (s.result === "lost") return { kind: "winner", winningOutcomeId: `x${i}` };
  if (s.result === "won") return { kind: "winner", winningOutcomeId: mine };
  return { kind: "outcomes", outcomes: [{ outcomeId: mine, result: "won", deadHeat: s.dh }, { outcomeId: `x${i}`, result: "won", deadHeat: s.dh }] };
}

describe("grading is identical across settle-market, settle-bet and bulk", () => {
  it("for random leg results and bet types", () => {
    fc.assert(
      fc.property(
        fc.array(legSpec, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom("single", "multiple", "same_game_multi"),
        fc.integer({ min: 0, max: 1000 }),
        (specs, stake, rawType, seed) => {
          const betType = (specs.length === 1 ? "single" : rawType === "single" ? "multiple" : rawType) as "single" | "multiple" | "same_game_multi";
          const results = specs.map((s, i) => marketResult(i, s));

          // 1. by market, in a seeded order
          const order = specs.map((_, i) => i).sort((a, b) => ((a * 7919 + seed) % 13) - ((b * 7919 + seed) % 13) || a - b);
          let legs = specs.map((s, i) => ({ id: `l${i}`, marketId: `m${i}`, outcomeId: `o${i}`, oddsMilli: s.odds, result: "pending" as LegResult, deadHeat: null as DeadHeat | null }));
          let byMarket: { status: string; actualReturn: number } | null = null;
          for (const i of order) {
            const g = gradeBetForMarket({ stake, legs, betType }, `m${i}`, results[i]);
            if (g.kind === "settle") {
              byMarket = { status: g.status, actualReturn: g.actualReturn };
              break;
            }
            if (g.kind === "wait")
              legs = legs.map((l) => {
                const r = g.legResults.find((x) => x.legId === l.id);
                return r ? { ...l, result: r.result, deadHeat: r.deadHeat ?? null } : l;
              });
          }
          expect(byMarket).not.toBeNull();

          // 2. by bet: the manual settlement with every leg's result is accepted with the same figure
          const legResults = specs.map((_, i) => ({ legId: `l${i}`, ...legGradeFor(`o${i}`, results[i]) }));
          const decided = decideSettlement(
            { status: "pending", stake, betType, legs: specs.map((s, i) => ({ id: `l${i}`, oddsMilli: s.odds, result: "pending" })) },
            { status: byMarket!.status as "won", actualReturn: byMarket!.actualReturn, legResults },
          );
          expect(decided.ok).toBe(true);

          // 3. bulk: from the results recorded on the outcomes
          const plan = planBetSettlement({
            stake,
            betType,
            legs: specs.map((s, i) => ({
              legId: `l${i}`, result: "pending", oddsMilli: s.odds, eventId: "e", eventStatus: "finished", sport: "soccer", homeTeam: "H", awayTeam: "A",
              homeScore: 4, awayScore: 7, marketType: "correct_score", outcomeId: `o${i}`, outcomeName: "x", outcomeIndex: 0, outcomeCount: 2,
              outcomeResult: s.result === "dead_heat" ? "won" : s.result, outcomeDeadHeat: s.result === "dead_heat" ? s.dh : null,
            })),
          });
          expect(plan).toMatchObject({ kind: "settle", status: byMarket!.status, actualReturn: byMarket!.actualReturn });

          // and all of them equal grading the finished legs directly
          const direct = gradeBet(stake, legResults.map((r, i) => ({ id: r.legId, oddsMilli: specs[i].odds, result: r.result, deadHeat: r.deadHeat ?? null })), betType);
          expect(direct).toEqual(byMarket);
        },
      ),
      { numRuns: 300 },
    );
  });
});
