/**
 * withdrawRunner (Rule 4, docs/money.md "Each way and Rule 4"; docs/trading.md "Non-runners re-form
 * the race"): a trader or admin withdraws a runner from a race before it is settled. In ONE audited
 * write, guarded inside it:
 * - the withdrawal: the runner's price (the price given, or its current price) with its Tattersalls
 *   deduction (rule4.ts) and the time; its outcome is decided void, so it takes no more bets;
 * - its singles are void: their stakes go back at once (as a settlement, bonus share to the bonus);
 *   a multiple's leg on it counts as void (1.00) when its race is settled, as before;
 * - the race winner is re-formed (race-reform.ts): the other runners re-priced from their share of the
 *   book with the race's margin put back, each-way terms for new bets from the new field size, and
 *   the market suspended until `reopensAt` (RACE_REFORM_SUSPEND_MS): bets struck before then are
 *   refused by the placement write (migration 0042), bets struck before the withdrawal keep their
 *   prices and take the Rule 4 deduction, bets after it take none;
 * - each-way bets whose field fell into a lower band have their potential return raised to the most
 *   they can now return (win only in a field of 2-4 pays both parts at full odds), so the market's
 *   liability and the customers' payout totals follow in the same write (migration 0042 triggers).
 * Refused: a non-racing market (MARKET.NOT_RACING), a settled or closed market
 * (MARKET.ALREADY_SETTLED), a runner already withdrawn (MARKET.RUNNER_ALREADY_WITHDRAWN). A race that
 * keeps changing under the write (new bets, prices) is tried again, then refused
 * (MARKET.RUNNER_NOT_WITHDRAWABLE).
 */
import { requireSharedWithinReach } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { formatOdds, parseOdds } from "../shared/odds.ts";
import type { MarketRecord, RaceReformPlan, RunnerWithdrawal } from "../ports/index.ts";
import type { User } from "../shared/types.ts";
import type { EachWayTerms } from "../settlement/each-way.ts";
import { rule4For, tattersallsDeduction } from "../settlement/rule4.ts";
import { settlementPlan } from "../settlement/settlement-plan.ts";
import { eachWayMostNow, reformRace } from "./race-reform.ts";
import { TRADERS } from "./alerts.ts";

export interface WithdrawRunnerInput {
  /** The runner's price at withdrawal (decimal odds, e.g. "4.00"); its current price when absent. */
  odds?: string;
}

export interface WithdrawnRunner extends RunnerWithdrawal {
  marketId: string;
  name: string;
  /** The race as re-formed (null: not a race-winner market, nothing re-priced). */
  reform: {
    prices: { outcomeId: string; name: string; fromMilli: number; priceMilli: number }[];
    eachWay: EachWayTerms | null;
    eachWayBefore: EachWayTerms | null;
    reopensAt: Date;
    reopens: boolean;
    book: number;
    voided: number;
    raised: { betId: string; from: number; to: number }[];
  } | null;
}

const MAX_ATTEMPTS = 5;

export async function withdrawRunner(ctx: Ctx, marketId: string, outcomeId: string, input: WithdrawRunnerInput): Promise<Result<WithdrawnRunner>> {
  const who = requireRole(ctx.actor, TRADERS, "withdraw runners");
  if (!who.ok) return who;
  const shared = await requireSharedWithinReach(ctx, { marketId });
  if (!shared.ok) return shared;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const checked = await withdrawable(ctx, marketId, outcomeId, input);
    if (!checked.ok) return checked;
    const { market, name, priceMilli } = checked.value;
    const w: RunnerWithdrawal = { outcomeId, priceMilli, deduction: tattersallsDeduction(priceMilli), withdrawnAt: ctx.clock.now() };
    const reform = market.type === "full_time_result" ? await planReform(ctx, who.value, market, w) : null;
    const written = await ctx.ports.withdrawals.withdraw({ ...w, marketId, by: who.value.id }, auditOf(ctx, who.value, market, w, reform), reform);
    if (written === "changed") continue;
    if (written === "not_found") return err(domainError("MARKET.OUTCOME_NOT_FOUND", `The ${market.name} market has no outcome ${outcomeId}`));
    if (written === "settled") return err(settledError(market));
    if (written === "already_withdrawn") return err(domainError("MARKET.RUNNER_ALREADY_WITHDRAWN", `${name} is already withdrawn`));
    return ok({ ...w, marketId, name, reform: reform && summary(market, reform) });
  }
  return err(domainError("MARKET.RUNNER_NOT_WITHDRAWABLE", "The race kept changing (new bets or prices) while the runner was being withdrawn; try again"));
}

const settledError = (market: MarketRecord) =>
  domainError("MARKET.ALREADY_SETTLED", `The ${market.name} market is settled or closed; its runners can no longer be withdrawn`);

/** The market read now, and the checks a withdrawal must pass before it is planned. */
async function withdrawable(ctx: Ctx, marketId: string, outcomeId: string, input: WithdrawRunnerInput): Promise<Result<{ market: MarketRecord; name: string; priceMilli: number }>> {
  const market = await ctx.ports.markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  const runner = market.outcomes.find((o) => o.id === outcomeId);
  if (!runner) return err(domainError("MARKET.OUTCOME_NOT_FOUND", `The ${market.name} market has no outcome ${outcomeId}`));
  if (market.sport !== "racing") return err(domainError("MARKET.NOT_RACING", `Only a race's runners can be withdrawn; ${market.name} is not a race`));
  if (market.resultKind !== null || market.status === "closed") return err(settledError(market));
  if ((market.withdrawn ?? []).some((w) => w.outcomeId === outcomeId))
    return err(domainError("MARKET.RUNNER_ALREADY_WITHDRAWN", `${runner.name} is already withdrawn`));
  let priceMilli = runner.priceMilli;
  if (input.odds !== undefined) {
    const p = parseOdds(input.odds);
    if (p === null) return err(domainError("ODDS.OUT_OF_RANGE", "Odds must be between 1.01 and 1000"));
    priceMilli = p;
  }
  return ok({ market, name: runner.name, priceMilli });
}

/** The race re-formed without the runner, its singles void and the each-way bets whose most possible return rose. */
async function planReform(ctx: Ctx, actor: User, market: MarketRecord, w: RunnerWithdrawal): Promise<RaceReformPlan> {
  const gone = new Set([...(market.withdrawn ?? []).map((x) => x.outcomeId), w.outcomeId]);
  const remaining = market.outcomes.filter((o) => !gone.has(o.id) && !o.result).map((o) => ({ outcomeId: o.id, priceMilli: o.priceMilli }));
  const reformed = reformRace(remaining, market.eachWay, market.outcomes.length - gone.size + 1);
  const withdrawals = [...(market.withdrawn ?? []), w];
  const voids: RaceReformPlan["voids"] = [];
  const raises: RaceReformPlan["raises"] = [];
  const bets = await ctx.ports.markets.pendingBetsOn(market.id);
  for (const bet of bets) {
    const leg = bet.legs[0];
    if (bet.betType !== "single" || leg.marketId !== market.id) continue;
    if (leg.outcomeId === w.outcomeId) {
      voids.push(settlementPlan(ctx, actor, bet, "void", bet.stake, [{ legId: leg.id, result: "void" }], market.id, "runner.withdraw"));
      continue;
    }
    if (!bet.eachWay) continue;
    const atStrike = market.outcomes.length - withdrawals.filter((x) => x.withdrawnAt.getTime() <= bet.placedAt.getTime()).length;
    const deduction = rule4For(withdrawals, { outcomeId: leg.outcomeId, placedAt: bet.placedAt }, market.reformPrices ?? []);
    const most = eachWayMostNow({ stake: bet.stake, eachWay: bet.eachWay, oddsMilli: leg.oddsMilli }, { atStrike, atOff: market.outcomes.length - gone.size }, deduction);
    if (most > bet.potentialReturn) raises.push({ betId: bet.id, from: bet.potentialReturn, to: most });
  }
  return {
    pricesRead: remaining,
    prices: reformed.prices,
    closedPrices: reformed.reopens ? reformed.closedPrices : [],
    eachWay: reformed.eachWay,
    reopensAt: new Date(w.withdrawnAt.getTime() + ctx.ports.inPlay.reformSuspendMs),
    fromStatus: market.status,
    status: reformed.reopens ? market.status : "suspended",
    pendingBetIds: bets.map((b) => b.id),
    voids,
    raises,
  };
}

function summary(market: MarketRecord, reform: RaceReformPlan): NonNullable<WithdrawnRunner["reform"]> {
  const outcome = new Map(market.outcomes.map((o) => [o.id, o]));
  return {
    prices: reform.prices.map((p) => ({ outcomeId: p.outcomeId, name: outcome.get(p.outcomeId)!.name, fromMilli: outcome.get(p.outcomeId)!.priceMilli, priceMilli: p.priceMilli })),
    eachWay: reform.eachWay,
    eachWayBefore: market.eachWay ?? null,
    reopensAt: reform.reopensAt,
    reopens: reform.prices.length > 0,
    book: reform.prices.reduce((s, p) => s + 1000 / p.priceMilli, 0),
    voided: reform.voids.length,
    raised: reform.raises,
  };
}

function auditOf(ctx: Ctx, who: User, market: MarketRecord, w: RunnerWithdrawal, reform: RaceReformPlan | null) {
  return {
    id: ctx.ids.next("aud"),
    actorId: who.id,
    actorRole: who.role,
    action: "runner.withdraw",
    entityType: "outcome",
    entityId: w.outcomeId,
    before: { withdrawn: false, ...(reform ? { prices: reform.pricesRead.map((p) => [p.outcomeId, formatOdds(p.priceMilli)]), eachWay: market.eachWay ?? null } : {}) },
    after: {
      withdrawn: true,
      marketId: market.id,
      odds: formatOdds(w.priceMilli),
      deduction: w.deduction,
      ...(reform
        ? {
            prices: reform.prices.map((p) => [p.outcomeId, formatOdds(p.priceMilli)]),
            eachWay: reform.eachWay,
            reopensAt: reform.reopensAt.toISOString(),
            status: reform.status,
            voided: reform.voids.map((v) => v.betId),
            raised: reform.raises,
          }
        : {}),
    },
    createdAt: w.withdrawnAt,
  };
}
