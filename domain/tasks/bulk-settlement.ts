/**
 * Grading pending bets on finished events from their recorded results, for bulk settlement.
 *
 * A leg already graded (e.g. by settling its market) keeps its result (and dead-heat factor).
 * Otherwise, on every market type, the leg is graded from the recorded results with the same
 * function as a settlement by market (market-result.ts legGradeFor): the outcome's own result (won,
 * lost, void, or a dead heat with its factor) as the match state or an admin recorded it, else the
 * result recorded on the market. Only without any recorded result, a match-winner
 * market (type full_time_result) of a finished event with a final score can be graded: the
 * outcome named after the home team (or first of two/three) wins on a home win, the away team's
 * (or last) on an away win, "Draw" (or the middle of three) on a draw; a draw in a two-way market
 * voids the leg (stake back). Every other leg needs review, and so does its bet: it is counted as
 * failed and left pending. A pending leg on a market under review (unsettled by an operator) is not
 * graded at all.
 */
import type { BetType, DeadHeat } from "../shared/types.ts";
import { legGradeFor, recordedResult, type MarketResult } from "../settlement/market-result.ts";
import type { LegGradeEntry } from "../settlement/grade.ts";
import { gradeBet } from "../settlement/grade.ts";
import type { SettlementCandidateLeg } from "../ports/index.ts";

export type LegGrade = { ok: true; result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null } | { ok: false; reason: string };

type Side = "home" | "draw" | "away";

function sideOf(leg: SettlementCandidateLeg): Side | null {
  const name = leg.outcomeName.trim().toLowerCase();
  if (name === leg.homeTeam.trim().toLowerCase()) return "home";
  if (name === leg.awayTeam.trim().toLowerCase()) return "away";
  if (name === "draw" || name === "tie" || name === "x") return "draw";
  if (leg.outcomeCount === 2) return leg.outcomeIndex === 0 ? "home" : "away";
  if (leg.outcomeCount === 3) return leg.outcomeIndex === 0 ? "home" : leg.outcomeIndex === 1 ? "draw" : "away";
  return null;
}

export function gradeLegFromResult(leg: SettlementCandidateLeg): LegGrade {
  if (leg.result !== "pending") return leg.result === "won" && leg.deadHeat ? { ok: true, result: "won", deadHeat: leg.deadHeat } : { ok: true, result: leg.result };
  if (leg.eventStatus !== "finished") return { ok: false, reason: "The event has not finished" };
  // An operator withdrew this market's result to review it: its stored outcome results are disputed.
  if (leg.marketUnderReview) return { ok: false, reason: "Its market is under review: resettle or release it first" };
  // Every market type: the result recorded on the outcome (the final state, or an admin's per-outcome
  // result), else the market's recorded result, graded as a settlement by market grades it.
  const recorded: MarketResult | null = leg.outcomeResult
    ? { kind: "outcomes", outcomes: [{ outcomeId: leg.outcomeId, result: leg.outcomeResult, deadHeat: leg.outcomeDeadHeat ?? null }] }
    : leg.marketResultKind
      ? recordedResult({ resultKind: leg.marketResultKind, winningOutcomeId: leg.winningOutcomeId ?? null, outcomes: [] })
      : null;
  if (recorded) {
    const g = legGradeFor(leg.outcomeId, recorded);
    return g.deadHeat ? { ok: true, result: g.result, deadHeat: g.deadHeat } : { ok: true, result: g.result };
  }
  if (leg.marketType !== "full_time_result")
    return { ok: false, reason: `No recorded result for a ${leg.marketType} market; settle it by market` };
  if (leg.homeScore === null || leg.awayScore === null)
    return { ok: false, reason: "The event finished without a final score" };
  const side = sideOf(leg);
  if (!side) return { ok: false, reason: `"${leg.outcomeName}" cannot be graded from a home/away score` };
  const result: Side = leg.homeScore > leg.awayScore ? "home" : leg.awayScore > leg.homeScore ? "away" : "draw";
  if (result === "draw" && leg.outcomeCount === 2 && side !== "draw") return { ok: true, result: "void" };
  return { ok: true, result: side === result ? "won" : "lost" };
}

export type BetSettlementPlan =
  | { kind: "settle"; status: "won" | "lost" | "void"; actualReturn: number; legResults: LegGradeEntry[] }
  | { kind: "review"; reasons: string[] };

export function planBetSettlement(bet: {
  stake: number; betType: BetType; legs: readonly SettlementCandidateLeg[]; sgmPrices?: Readonly<Record<string, number>> | null; racingTerms?: boolean;
}): BetSettlementPlan {
  // Each way needs the placed runners and Rule 4 the withdrawals: only a settlement of the race's
  // market (settle-market.ts) has both, so bulk settlement leaves these bets for it.
  if (bet.racingTerms) return { kind: "review", reasons: ["Each-way or Rule 4 bet: settle the race's market (placed runners, withdrawals)"] };
  const grades = bet.legs.map((l) => ({ leg: l, grade: gradeLegFromResult(l) }));
  const reasons = grades.flatMap((g) => (g.grade.ok ? [] : [g.grade.reason]));
  if (reasons.length > 0) return { kind: "review", reasons: [...new Set(reasons)] };
  const legResults: LegGradeEntry[] = grades.map((g) => {
    const grade = g.grade as { result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null };
    return grade.deadHeat ? { legId: g.leg.legId, result: grade.result, deadHeat: grade.deadHeat } : { legId: g.leg.legId, result: grade.result };
  });
  const graded = gradeBet(
    bet.stake,
    bet.legs.map((l, i) => ({ id: l.legId, oddsMilli: l.oddsMilli, result: legResults[i].result, deadHeat: legResults[i].deadHeat ?? null })),
    bet.betType,
    bet.sgmPrices,
  );
  if (graded.status === "pending") return { kind: "review", reasons: ["A leg is still pending"] };
  return { kind: "settle", status: graded.status, actualReturn: graded.actualReturn, legResults };
}
