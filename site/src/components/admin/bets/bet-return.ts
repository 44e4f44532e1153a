/**
 * What settling one bet by hand sends and pays.
 */
import type { AdminBet } from "../../../../../api/schemas/bets.ts";
import { singleReturnFor } from "../../../../../domain/settlement/single-return.ts";
import { multipleReturnUnderRule4 } from "../../../../../domain/settlement/rule4-multiple.ts";
import { parseOdds } from "../../../../../domain/shared/odds.ts";

export type ByBet = "won" | "lost" | "void" | "placed";
export type Settle = { bet: AdminBet; status: ByBet; override?: { reason: string } };

/**
 * What settling one bet pays (the server computes the same and refuses a figure that disagrees):
 * a single with its each-way terms and Rule 4 deduction (domain/settlement/single-return.ts); a
 * multiple pays stake x odds when won.
 */
export function byBetReturn(bet: AdminBet, status: ByBet): number {
  const odds = bet.legs.length === 1 ? parseOdds(bet.legs[0].odds) : null;
  if (bet.betType === "single" && odds !== null)
    return singleReturnFor({ stake: bet.amount, oddsMilli: odds, eachWay: bet.eachWay?.settledOn ?? bet.eachWay ?? null, rule4: bet.rule4?.deduction ?? null }, status);
  // A multiple with a Rule 4 leg: every leg won, each at its reduced price (domain/settlement/rule4-multiple.ts).
  if (status === "won" && bet.betType === "multiple" && bet.legs.some((l) => (l.rule4 ?? 0) > 0))
    return multipleReturnUnderRule4(bet.amount, bet.legs.map((l) => ({ result: "won", oddsMilli: parseOdds(l.odds) ?? 1000, rule4: l.rule4 ?? null })));
  return status === "won" ? bet.potentialReturn : status === "void" ? bet.amount : 0;
}
