/**
 * Resettlement: correcting a bet that was settled wrongly. The bet is graded again from the new
 * leg results (grade.ts); the difference between the new return and the return already paid is
 * posted as one bet_resettlement ledger transaction (house -> wallet when the customer is owed
 * more, wallet -> house when they were paid too much). Earlier postings are never changed.
 */
import type { BetType } from "../shared/types.ts";
import type { Cents } from "../shared/money.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { gradeBet, type GradableLeg, type GradeTerms } from "./grade.ts";
import { placedLegs } from "./placed.ts";

export interface ResettlementRequest {
  /** "placed": an each-way single whose runner placed but did not win (placed.ts). */
  status: "won" | "lost" | "void" | "placed";
  legResults?: readonly { legId: string; result: "won" | "lost" | "void" }[];
}

export interface ResettlementDecision {
  status: "won" | "lost" | "void";
  actualReturn: Cents;
  legResults: { legId: string; result: "won" | "lost" | "void" }[];
  /** New return - return already paid: credited to the wallet when positive, debited when negative. */
  correction: Cents;
}

export function decideResettlement(
  bet: { status: string; stake: Cents; actualReturn: Cents | null; legs: readonly GradableLeg[]; betType: BetType; sgmPrices?: Readonly<Record<string, number>> | null; eachWay?: GradeTerms["eachWay"]; rule4?: number | null; eachWayField?: GradeTerms["eachWayField"] },
  req: ResettlementRequest,
): Result<ResettlementDecision> {
  if (bet.status !== "won" && bet.status !== "lost" && bet.status !== "void")
    return err(
      domainError(
        "BET.NOT_SETTLED",
        bet.status === "pending" ? "This bet has not been settled yet: settle it instead" : `A ${bet.status.replace("_", " ")} bet cannot be resettled`,
      ),
    );
  let legResults: ResettlementDecision["legResults"];
  let legs: GradableLeg[];
  if (req.status === "placed") {
    if (req.legResults) return err(domainError("BET.LEG_RESULTS_INVALID", "A placed settlement takes no leg results"));
    const placed = placedLegs(bet);
    if (!placed.ok) return placed;
    legs = placed.value;
    legResults = legs.map((l) => ({ legId: l.id, result: "lost" }));
  } else if (req.legResults) {
    const byId = new Map(req.legResults.map((r) => [r.legId, r.result]));
    if (byId.size !== req.legResults.length || byId.size !== bet.legs.length || bet.legs.some((l) => !byId.has(l.id)))
      return err(domainError("BET.LEG_RESULTS_INVALID", "Give exactly one result for every leg of the bet"));
    legResults = bet.legs.map((l) => ({ legId: l.id, result: byId.get(l.id)! }));
  } else {
    legResults = bet.legs.map((l) => ({ legId: l.id, result: req.status as "won" | "lost" | "void" }));
  }
  if (req.status !== "placed") legs = bet.legs.map((l, i) => ({ ...l, result: legResults[i].result, deadHeat: null, placed: false, placeDeadHeat: null }));
  // An each-way bet with its terms (a winner pays both parts) and its Rule 4 deduction: exactly what
  // settlement by market pays for the same result (grade.ts gradeRacingSingle).
  const graded = gradeBet(bet.stake, legs!, bet.betType, bet.sgmPrices, { eachWay: bet.eachWay, rule4: bet.rule4, eachWayField: bet.eachWayField });
  if (graded.status !== (req.status === "placed" ? "won" : req.status))
    return err(domainError("BET.LEG_RESULTS_INVALID", `Those leg results make the bet ${graded.status}, not ${req.status}`));
  const paid = bet.actualReturn ?? 0;
  const sameLegs = bet.legs.every((l, i) => l.result === legResults[i].result);
  if (graded.status === bet.status && graded.actualReturn === paid && sameLegs)
    return err(domainError("BET.RESETTLE_NO_CHANGE", `This bet is already ${bet.status} with those results`));
  return ok({
    status: graded.status as "won" | "lost" | "void",
    actualReturn: graded.actualReturn,
    legResults,
    correction: graded.actualReturn - paid,
  });
}
