/**
 * withdrawRunner (Rule 4, docs/money.md "Each way and Rule 4"): a trader or admin withdraws a runner
 * from a race before it is settled. The runner takes no more bets (its outcome is decided void), its
 * bets are refunded when the market settles, and the Tattersalls deduction of its price at the time
 * (the price given, or its current price) is recorded with the time: winning and placed bets on the
 * other runners struck before it lose that much of their winnings (rule4.ts). One audited write,
 * guarded inside it. Refused: a non-racing market (MARKET.NOT_RACING), a settled or closed market
 * (MARKET.ALREADY_SETTLED), a runner already withdrawn (MARKET.RUNNER_ALREADY_WITHDRAWN).
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { formatOdds, parseOdds } from "../shared/odds.ts";
import { type RunnerWithdrawal } from "../ports/index.ts";
import { tattersallsDeduction } from "../settlement/rule4.ts";
import { TRADERS } from "./alerts.ts";

export interface WithdrawRunnerInput {
  /** The runner's price at withdrawal (decimal odds, e.g. "4.00"); its current price when absent. */
  odds?: string;
}

export interface WithdrawnRunner extends RunnerWithdrawal {
  marketId: string;
  name: string;
}

export async function withdrawRunner(ctx: Ctx, marketId: string, outcomeId: string, input: WithdrawRunnerInput): Promise<Result<WithdrawnRunner>> {
  const who = requireRole(ctx.actor, TRADERS, "withdraw runners");
  if (!who.ok) return who;
  const markets = ctx.ports.markets;
  const withdrawals = ctx.ports.withdrawals;
  const market = await markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  const runner = market.outcomes.find((o) => o.id === outcomeId);
  if (!runner) return err(domainError("MARKET.OUTCOME_NOT_FOUND", `The ${market.name} market has no outcome ${outcomeId}`));
  if (market.sport !== "racing") return err(domainError("MARKET.NOT_RACING", `Only a race's runners can be withdrawn; ${market.name} is not a race`));
  const settled = () => err(domainError("MARKET.ALREADY_SETTLED", `The ${market.name} market is settled or closed; its runners can no longer be withdrawn`));
  if (market.resultKind !== null || market.status === "closed") return settled();
  const already = () => err(domainError("MARKET.RUNNER_ALREADY_WITHDRAWN", `${runner.name} is already withdrawn`));
  if ((market.withdrawn ?? []).some((w) => w.outcomeId === outcomeId)) return already();
  let priceMilli = runner.priceMilli;
  if (input.odds !== undefined) {
    const p = parseOdds(input.odds);
    if (p === null) return err(domainError("ODDS.OUT_OF_RANGE", "Odds must be between 1.01 and 1000"));
    priceMilli = p;
  }
  const w: RunnerWithdrawal = { outcomeId, priceMilli, deduction: tattersallsDeduction(priceMilli), withdrawnAt: ctx.clock.now() };
  const written = await withdrawals.withdraw(
    { ...w, marketId, by: who.value.id },
    {
      id: ctx.ids.next("aud"),
      actorId: who.value.id,
      actorRole: who.value.role,
      action: "runner.withdraw",
      entityType: "outcome",
      entityId: outcomeId,
      before: { withdrawn: false },
      after: { withdrawn: true, marketId, odds: formatOdds(priceMilli), deduction: w.deduction },
      createdAt: w.withdrawnAt,
    },
  );
  if (written === "not_found") return err(domainError("MARKET.OUTCOME_NOT_FOUND", `The ${market.name} market has no outcome ${outcomeId}`));
  if (written === "settled") return settled();
  if (written === "already_withdrawn") return already();
  return ok({ ...w, marketId, name: runner.name });
}
