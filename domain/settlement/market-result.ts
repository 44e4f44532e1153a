/**
 * Settlement by market: the operator records a market's result (a winning outcome, or void), and
 * every pending leg on that market is graded from it: the leg on the winning outcome won, the
 * others lost; a void market voids every leg on it. A bet is then graded from all its legs
 * (grade.ts): a single settles at once; a multiple settles when none of its legs is pending any
 * more (or as soon as one leg has lost), and otherwise waits with the leg result stored.
 */
import type { Cents } from "../shared/money.ts";
import type { BetType } from "../shared/types.ts";
import { gradeBet, type GradableLeg, type LegResult } from "./grade.ts";

export type MarketResult = { kind: "winner"; winningOutcomeId: string } | { kind: "void" };

export function legResultFor(outcomeId: string, result: MarketResult): "won" | "lost" | "void" {
  if (result.kind === "void") return "void";
  return outcomeId === result.winningOutcomeId ? "won" : "lost";
}

export interface MarketGradableLeg extends GradableLeg {
  marketId: string;
  outcomeId: string;
}

export type BetGrading =
  | { kind: "settle"; status: "won" | "lost" | "void"; actualReturn: Cents; legResults: { legId: string; result: "won" | "lost" | "void" }[] }
  | { kind: "wait"; legResults: { legId: string; result: "won" | "lost" | "void" }[] }
  | { kind: "untouched" };

/**
 * Apply a market's result to one pending bet. `legResults` of "settle" lists every leg that has a
 * result (a lost multiple settles at once; its legs on markets not yet decided stay pending: they
 * were never graded); of "wait", only the legs graded now.
 */
export function gradeBetForMarket(
  bet: { stake: Cents; legs: readonly MarketGradableLeg[]; betType: BetType; sgmPrices?: Readonly<Record<string, number>> | null },
  marketId: string,
  result: MarketResult,
): BetGrading {
  const now = bet.legs.filter((l) => l.marketId === marketId && l.result === "pending");
  if (now.length === 0) return { kind: "untouched" };
  const graded = new Map(now.map((l) => [l.id, legResultFor(l.outcomeId, result)]));
  const legs = bet.legs.map((l) => ({ ...l, result: (graded.get(l.id) ?? l.result) as LegResult }));
  const outcome = gradeBet(bet.stake, legs, bet.betType, bet.sgmPrices);
  if (outcome.status === "pending") {
    return { kind: "wait", legResults: now.map((l) => ({ legId: l.id, result: graded.get(l.id)! })) };
  }
  return {
    kind: "settle",
    status: outcome.status,
    actualReturn: outcome.actualReturn,
    legResults: legs.flatMap((l) => (l.result === "pending" ? [] : [{ legId: l.id, result: l.result }])),
  };
}
