/**
 * placeBet: check the slip, the customer's gates (suspension, verification, time-out or
 * self-exclusion, loss limits: domain/responsible/wagering-gate.ts), and every selection against
 * the current price and state under the customer's price-change policy, then hand one placement
 * plan to the Bets port, which writes bet, legs, stake postings, balance and idempotency record
 * atomically. The database re-checks price, market state, funds, suspension, exclusion and the
 * limits inside that write (the guards of placement/admission-rules.ts), so anything that moves
 * between our read and the write still refuses the bet, and the refusal is explained afterwards.
 *
 * Price-change policy (the customer's setting): "refuse" places only at the odds the customer saw;
 * "accept_higher" also places when the current price is higher; "accept_any" places at whatever the
 * current price is. Legs are always written at the current price, and the bet_legs price guard
 * refuses the write if that price moved again in the meantime.
 *
 * The steps live in placement/: the slip and the gates here, then price.ts (prices, each way, the
 * in-play delay, the bet's price, the odds ceiling), plan.ts (the plan, the write's cash-then-bonus
 * retry, the answer) and explain.ts (why a write refused). The port calls stay in this function,
 * so the hot path awaits nothing more than the reads and the write themselves.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type DomainError, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { parseOdds } from "../shared/odds.ts";
import type { User } from "../shared/types.ts";
import type { WagerSnapshot } from "../ports/index.ts";
import type { PriceChangePolicy } from "../accounts/settings.ts";
import { validateSlip } from "./slip.ts";
import { checkMayWager } from "../responsible/wagering-gate.ts";
import { registerListed } from "../responsible/register.ts";
import { betStakeOf, eachWaySlipProblem } from "./each-way-placement.ts";
import { afterDelay, byOutcome, checkPrices, inPlayDelay, limit, placementOf, priceLegs, priceSameGame } from "./placement/price.ts";
import { accepted, bonusPlan, planOf } from "./placement/plan.ts";
import { explain } from "./placement/explain.ts";
import type { PlaceBetInput, PlaceBetOutput, PlacedBet } from "./placement/types.ts";

export type { PlaceBetInput, PlaceBetOutput, PlacedBet } from "./placement/types.ts";

/** The request as a canonical string: the same body always gives the same text. */
export const canonicalRequest = (input: PlaceBetInput): string =>
  JSON.stringify({
    betType: input.betType,
    stake: input.stake,
    ...(input.sgmOdds ? { sgmOdds: parseOdds(input.sgmOdds) ?? input.sgmOdds } : {}),
    ...(input.eachWay ? { eachWay: true } : {}),
    // Odds by value, so "2.1" and "2.10" are the same request.
    selections: input.selections.map((s) => [s.eventId, s.marketId, s.outcomeId, parseOdds(s.odds) ?? s.odds]),
  });

function requireCustomer(ctx: Ctx): Result<User> {
  if (ctx.actor.kind !== "user") return err(domainError("AUTH.REQUIRED", "Please log in to place a bet"));
  return requireRole(ctx.actor, ["customer"], "place bets");
}

/**
 * With an idempotency key, a request repeated after its bet was placed is answered as the first one
 * was, whatever has changed since (BET.IDEMPOTENCY_CONFLICT for another body under the same key).
 * The key is looked up only when this request does not place a bet: the write stores the key with
 * the bet and refuses a second bet under it, and that refusal is answered by the lookup too. So a
 * first request, nearly every one, reads nothing for its key.
 */
export async function placeBet(
  ctx: Ctx,
  input: PlaceBetInput,
  idempotencyKey: string | null,
): Promise<Result<PlaceBetOutput>> {
  const who = requireCustomer(ctx);
  if (!who.ok) return who;
  const placed = await placeNew(ctx, who.value, input, idempotencyKey);
  if (placed.ok || idempotencyKey === null) return placed;
  const prior = await ctx.ports.idempotency.find(who.value.id, idempotencyKey);
  return prior ? replay(prior, canonicalRequest(input)) : placed;
}

/** gate, price, limit, plan, write, explain: each step a function of placement/, each read or write a port call here. */
async function placeNew(ctx: Ctx, user: User, input: PlaceBetInput, idempotencyKey: string | null): Promise<Result<PlaceBetOutput>> {
  const requestHash = canonicalRequest(input);
  const slip = slipProblem(input);
  if (slip) return err(slip);
  const now = ctx.clock.now();
  const [snap, policy] = await wagerStateOf(ctx, user.id, now);
  // The national self-exclusion register, from the answer kept on the account while it is fresh (register.ts).
  const listed = await registerListed(ctx, user, snap.register, now);
  const gate = checkMayWager({ user, exclusions: snap.exclusions, registerListed: listed, lossLimits: snap.lossLimits, netLoss: snap.netLoss }, betStakeOf(input), now);
  if (!gate.ok) return gate;

  // Priced as of this request's session lookup (rows kept since may answer); after a delay, and
  // when the write refuses a price, read as of now.
  const outcomeIds = input.selections.map((s) => s.outcomeId);
  const p = placementOf(user, input, policy, snap.lossLimits, listed, outcomeIds, byOutcome(await ctx.ports.events.pricedOutcomes(outcomeIds, "session")), now);
  const priceRefusal = checkPrices(p);
  if (priceRefusal) return err(priceRefusal);
  const delay = inPlayDelay(ctx, p);
  const delayRefusal = delay > 0 ? await afterDelay(ctx, p, delay) : null;
  if (delayRefusal) return err(delayRefusal);
  const repriced = input.betType === "same_game_multi" ? await priceSameGame(ctx, p) : priceLegs(ctx, p);
  if (repriced) return err(repriced);
  const limitRefusal = limit(p);
  if (limitRefusal) return err(limitRefusal);

  const cash = planOf(ctx, p, { cash: p.input.stake, bonus: 0 }, idempotencyKey, requestHash);
  if (!cash.ok) return cash;
  let plan = cash.value;
  let written = await ctx.ports.bets.place(plan);
  if (written.kind === "insufficient_funds") {
    const withBonus = await bonusPlan(ctx, p, idempotencyKey, requestHash);
    if (withBonus && !withBonus.ok) return withBonus;
    if (withBonus) written = await ctx.ports.bets.place((plan = withBonus.value));
  }
  if (written.kind === "placed") return accepted(ctx, p, plan, written.balance);
  return err(await explain(ctx, p, written.kind));
}

/** The slip itself, before anything is read: each way on a single only, the stake and selections, odds in range. */
function slipProblem(input: PlaceBetInput): DomainError | null {
  // Each way: the bet's stake is both parts (each-way-placement.ts); everything after counts it in full.
  const eachWayRefusal = eachWaySlipProblem(input);
  if (eachWayRefusal) return eachWayRefusal;
  const problem = validateSlip({ selections: input.selections, stakeCents: betStakeOf(input), betType: input.betType });
  if (problem) {
    const { code, message, ...rest } = problem;
    return domainError(code, message, Object.keys(rest).length ? rest : undefined);
  }
  if (input.selections.some((s) => parseOdds(s.odds) === null))
    return domainError("REQUEST.INVALID", "Odds must be between 1.01 and 1000", { field: "selections.odds" });
  return null;
}

/** The customer's wager gates and price-change policy, read together. */
function wagerStateOf(ctx: Ctx, userId: string, now: Date): Promise<[WagerSnapshot, PriceChangePolicy]> {
  return Promise.all([ctx.ports.responsible.wagerSnapshot(userId, now), ctx.ports.accountSettings.of(userId).then((s) => s.priceChangePolicy)]);
}

function replay(prior: { requestHash: string; response: unknown }, requestHash: string): Result<PlaceBetOutput> {
  if (prior.requestHash !== requestHash)
    return err(domainError("BET.IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different bet"));
  return ok({ replayed: true, response: prior.response as PlacedBet });
}
