/**
 * Rule 4 at settlement (docs/money.md "Each way and Rule 4"). A withdrawn runner's bets are void
 * (refunded) whatever result is entered: every path that grades a market (settle by market, the
 * system's settlement, resettle and the corrections after it) passes its result through
 * withWithdrawn. The deduction on the other runners' bets is read with each bet (BetRecord.rule4:
 * the withdrawals after the bet was struck, added up, at most 90p) and applied by grade.ts.
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { MarketResult } from "./market-result.ts";
import { totalDeduction } from "./each-way.ts";

/** The result with the market's withdrawn runners void (unchanged when none is withdrawn). */
export function withWithdrawn<R extends MarketResult | null>(market: { withdrawn?: readonly { outcomeId: string }[] | null }, result: R): R {
  if (!result || !market.withdrawn || market.withdrawn.length === 0) return result;
  return { ...result, withdrawn: market.withdrawn.map((w) => w.outcomeId) };
}

/** A withdrawn runner cannot win or be placed: refused (MARKET.RESULT_INVALID) before anything is written. */
export function checkNotWithdrawn(market: { withdrawn?: readonly { outcomeId: string }[] | null; outcomes: readonly { id: string; name: string }[] }, result: MarketResult): Result<MarketResult> {
  const gone = new Set((market.withdrawn ?? []).map((w) => w.outcomeId));
  if (gone.size === 0) return ok(result);
  const named = [
    ...(result.kind === "winner" ? [result.winningOutcomeId] : []),
    ...(result.kind === "outcomes" ? result.outcomes.filter((o) => o.result === "won").map((o) => o.outcomeId) : []),
    ...(result.placed ?? []).map((p) => p.outcomeId),
  ].find((id) => gone.has(id));
  if (named === undefined) return ok(result);
  const name = market.outcomes.find((o) => o.id === named)?.name ?? named;
  return err(domainError("MARKET.RESULT_INVALID", `${name} was withdrawn: it cannot win or be placed`, { fields: ["winningOutcomeId", "outcomes", "placed"] }));
}

/** The deduction a bet struck at `placedAt` on `outcomeId` takes: withdrawals of other runners after it, added up, at most 90p. */
export function rule4For(
  withdrawals: readonly { outcomeId: string; deduction: number; withdrawnAt: Date }[],
  bet: { outcomeId: string; placedAt: Date },
): number {
  return totalDeduction(withdrawals.filter((w) => w.outcomeId !== bet.outcomeId && w.withdrawnAt.getTime() > bet.placedAt.getTime()).map((w) => w.deduction));
}
