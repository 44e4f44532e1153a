/**
 * Why the placement write refused, in the customer's words. The write says only which guard
 * refused (the Bets port's outcome); the rule behind it (admission-rules.ts) says what to read now
 * to explain it: the limit figures, to name the limit and the largest stake that fits (read only
 * here, as most bets fit); the prices and state now; or the customer's gates now.
 */
import type { Ctx } from "../../shared/context.ts";
import { domainError, type DomainError } from "../../shared/result.ts";
import { checkMayWager } from "../../responsible/wagering-gate.ts";
import { PAYOUT_WINDOW_MS } from "../placement-limits.ts";
import { inUnitStakes } from "../each-way-placement.ts";
import { checkSelections, currentPrices } from "./selections.ts";
import { limitRefusalError, limitRefusalOf } from "./limit-refusals.ts";
import { RULE_OF_REFUSAL, type WriteRefusal } from "./admission-rules.ts";
import { byOutcome } from "./price.ts";
import type { Placement } from "./types.ts";

/** A limit the bet breaks with the figures as they are now, in the slip's stakes, or null. */
async function limitRefusalNow(ctx: Ctx, p: Placement): Promise<DomainError | null> {
  const exposure = await ctx.ports.placementLimits.exposure(p.user.id, p.outcomeIds, new Date(p.now.getTime() - PAYOUT_WINDOW_MS));
  const check = { stake: p.input.stake, betType: p.input.betType, legOdds: p.legOdds, totalOddsMilli: p.totalOddsMilli, found: [...p.found.values()], eachWay: p.eachWay };
  const r = limitRefusalOf(check, exposure);
  return r ? limitRefusalError(inUnitStakes(r, p.eachWay)) : null;
}

/** The price or state moved between our read and the write: what it is now. */
async function pricesNow(ctx: Ctx, p: Placement): Promise<DomainError> {
  const fresh = byOutcome(await ctx.ports.events.pricedOutcomes(p.outcomeIds));
  return checkSelections(p.input, fresh, p.now, p.policy) ??
    domainError(RULE_OF_REFUSAL.odds_changed.code, RULE_OF_REFUSAL.odds_changed.fallback, { prices: currentPrices(p.input, fresh, p.now) });
}

/** Suspension, an exclusion or losses changed between our checks and the write: the gate's refusal now, or null. */
async function gatesNow(ctx: Ctx, p: Placement): Promise<DomainError | null> {
  const later = ctx.clock.now();
  const [fresh, again] = await Promise.all([ctx.ports.users.findById(p.user.id), ctx.ports.responsible.wagerSnapshot(p.user.id, later)]);
  const recheck = checkMayWager(
    { user: fresh ?? p.user, exclusions: again.exclusions, registerListed: p.listed, lossLimits: again.lossLimits, netLoss: again.netLoss },
    p.input.stake,
    later,
  );
  return recheck.ok ? null : recheck.error;
}

/** The refusal to answer for a refused write. */
export async function explain(ctx: Ctx, p: Placement, refusal: WriteRefusal): Promise<DomainError> {
  const rule = RULE_OF_REFUSAL[refusal];
  const own = () => domainError(rule.code, rule.fallback);
  switch (rule.explainBy) {
    case "prices":
      return pricesNow(ctx, p);
    case "limits":
      // The write found no room: answer with what fits now (other bets may have taken the room
      // meanwhile, or given it back).
      return (await limitRefusalNow(ctx, p)) ?? domainError(rule.code, rule.fallback, { maxStake: 0 });
    case "limits_first":
      // A limit the bet breaks is the answer before the rule's own, as the slip can act on it.
      return (await limitRefusalNow(ctx, p)) ?? own();
    case "account":
      // A limit the bet breaks (the stake factor is asserted in the write; first, as the slip can
      // act on it), or a gate that changed between our checks and the write.
      return (await limitRefusalNow(ctx, p)) ?? (await gatesNow(ctx, p)) ?? own();
    case "none":
      return own();
  }
}
