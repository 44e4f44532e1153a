/**
 * "Placed" as a result for one bet (settle by bet, resettle by bet): the runner finished
 * within the places but did not win. Only an each-way single can take it: its win part is lost and
 * its place part wins at the bet's place terms, under its Rule 4 deduction, exactly as settlement
 * by market grades a placed runner (grade.ts gradeRacingSingle). The bet's status is then "won"
 * (it returns something) and its leg is stored "lost" (the win part), as the market path stores it.
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { BetType } from "../shared/types.ts";

/** What this rule rewrites on a leg (a GradableLeg of grade.ts has these; kept structural so grade.ts can use the rule). */
interface PlaceableLeg {
  result: "pending" | "won" | "lost" | "void";
  placed?: boolean | null;
}

/** The bet's one leg graded "placed", or BET.NOT_EACH_WAY for a bet that is not an each-way single. */
export function placedLegs<L extends PlaceableLeg>(bet: { betType: BetType; legs: readonly L[]; eachWay?: unknown }): Result<L[]> {
  if (bet.betType !== "single" || bet.legs.length !== 1 || !bet.eachWay)
    return err(domainError("BET.NOT_EACH_WAY", "Only an each-way single can be settled as placed"));
  return ok(bet.legs.map((l) => ({ ...l, result: "lost" as const, deadHeat: null, placed: true, placeDeadHeat: null })));
}

