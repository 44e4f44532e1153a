/**
 * What a single pays when an operator settles it by bet (won, placed, lost, void): the figure the
 * Bet Management screen sends and the server checks (grade.ts decideSettlement). Each-way terms and
 * the Rule 4 deduction are applied exactly as every other grading path applies them.
 */
import type { Cents } from "../shared/money.ts";
import type { OddsMilli } from "../shared/odds.ts";
import { gradeBet, type GradeTerms } from "./grade.ts";

export function singleReturnFor(
  bet: { stake: Cents; oddsMilli: OddsMilli; eachWay?: GradeTerms["eachWay"]; rule4?: number | null; eachWayField?: GradeTerms["eachWayField"] },
  result: "won" | "placed" | "lost" | "void",
): Cents {
  const leg = { id: "leg", oddsMilli: bet.oddsMilli, result: result === "placed" ? ("lost" as const) : result, placed: result === "placed" };
  return gradeBet(bet.stake, [leg], "single", null, { eachWay: bet.eachWay ?? null, rule4: bet.rule4 ?? null, eachWayField: bet.eachWayField ?? null }).actualReturn;
}
