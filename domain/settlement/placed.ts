/**
 * "Placed" as a result for one bet (settle by bet, resettle by bet): the runner finished
 * within the places but did not win. Only an each-way single can take it: its win part is lost and
 * its place part wins at the bet's place terms, under its Rule 4 deduction, exactly as settlement
 * by market grades a placed runner (grade.ts gradeRacingSingle). The bet's status is then "won"
 * (it returns something) and its leg is stored "lost" (the win part), as the market path stores it.
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { BetType } from "../shared/types.ts";
import type { GradableLeg } from "./grade.ts";

export type BetResult = "won" | "lost" | "void" | "placed";

/** The bet's one leg graded "placed", or BET.NOT_EACH_WAY for a bet that is not an each-way single. */
export function placedLegs<L extends GradableLeg>(bet: { betType: BetType; legs: readonly L[]; eachWay?: unknown }): Result<L[]> {
  if (bet.betType !== "single" || bet.legs.length !== 1 || !bet.eachWay)
    return err(domainError("BET.NOT_EACH_WAY", "Only an each-way single can be settled as placed"));
  return ok(bet.legs.map((l) => ({ ...l, result: "lost" as const, deadHeat: null, placed: true, placeDeadHeat: null })));
}

