/**
 * Each selection against the current price and state: whether an outcome takes bets now, whether
 * its price is acceptable under the customer's price-change policy, and the first reason to refuse
 * a slip. Placement and the bet builder's quote both use these, so the two never disagree about
 * what is bettable; the placement write's price guard checks the same state again. Each refusal's
 * code and text are its admission rule's (admission-rules.ts), which says what the write checks.
 */
import { domainError, type DomainError } from "../../shared/result.ts";
import { formatOdds, parseOdds } from "../../shared/odds.ts";
import type { PricedOutcome } from "../../shared/types.ts";
import type { PriceChangePolicy } from "../../accounts/settings.ts";
import { ADMISSION_RULES as RULES } from "./admission-rules.ts";

/** Selections as picked, with or without the price the customer saw. */
type Picked = { selections: readonly { eventId: string; marketId: string; outcomeId: string }[] };
type Selections = { selections: readonly { eventId: string; marketId: string; outcomeId: string; odds: string }[] };

/** Whether an outcome takes bets at `now`: open market, event not finished, not decided, not suspended, not past-post. */
export function isBettable(p: PricedOutcome, now: Date): boolean {
  return (
    p.marketStatus === "open" &&
    p.eventStatus !== "finished" &&
    p.outcomeResult === null &&
    !(p.eventSuspendedUntil && p.eventSuspendedUntil.getTime() > now.getTime()) &&
    !(p.eventStatus === "upcoming" && p.eventStartTime.getTime() <= now.getTime()) &&
    !reforming(p, now)
  );
}

/**
 * A race re-formed after a non-runner takes no bets until it reopens (marketReformedAt), and none
 * struck at or before that instant: the placement write refuses them too (migration 0042).
 */
const reforming = (p: PricedOutcome, now: Date): boolean => !!p.marketReformedAt && p.marketReformedAt.getTime() >= now.getTime();

/**
 * A price the customer saw before the race was re-formed: it differs from the current price, and the
 * current price is still the re-formed one (no trader has moved it since). Whatever the customer's
 * price-change setting, such a slip is refused: the field, the prices and the each-way terms it was
 * built on are gone, so the customer confirms the new race first.
 */
const seenBeforeReform = (p: PricedOutcome, seen: number): boolean =>
  !!p.marketReformedAt && seen !== p.priceMilli && (p.outcomeUpdatedAt?.getTime() ?? 0) <= p.marketReformedAt.getTime();

export function currentPrices(input: Picked, found: Map<string, PricedOutcome>, now: Date) {
  return input.selections.map((s) => {
    const p = found.get(s.outcomeId);
    return { outcomeId: s.outcomeId, odds: p && isBettable(p, now) ? formatOdds(p.priceMilli) : null };
  });
}

/** Whether the current price is acceptable under the policy, given the price the customer saw. */
export function priceAcceptable(policy: PriceChangePolicy, seen: number, current: number): boolean {
  if (policy === "accept_any") return true;
  if (policy === "accept_higher") return current >= seen;
  return current === seen;
}

/** Why this selection takes no bets at `now` (finished, off, started, decided, closed, suspended), or null. */
function stateRefusal(p: PricedOutcome, input: Picked, found: Map<string, PricedOutcome>, now: Date): DomainError | null {
  if (p.eventStatus === "finished")
    return domainError(RULES.eventClosed.code, RULES.eventClosed.message(p.eventName), {
      eventId: p.eventId,
      prices: currentPrices(input, found, now),
    });
  // A race is never bet in running: from its start (the off) betting on it has closed for good,
  // though the feed keeps it suspended until its result.
  if (p.sport === "racing" && (p.eventStatus === "live" || p.eventStartTime.getTime() <= now.getTime()))
    return domainError(RULES.raceOff.code, RULES.raceOff.message(p.eventName), {
      eventId: p.eventId,
      prices: currentPrices(input, found, now),
    });
  if (p.eventStatus === "upcoming" && p.eventStartTime.getTime() <= now.getTime())
    return domainError(RULES.eventStarted.code, RULES.eventStarted.message(p.eventName), {
      eventId: p.eventId,
      prices: currentPrices(input, found, now),
    });
  if (p.outcomeResult !== null)
    return domainError(RULES.selectionDecided.code, RULES.selectionDecided.message(p.outcomeName, p.marketName), {
      outcomeId: p.outcomeId,
      prices: currentPrices(input, found, now),
    });
  if (p.marketStatus !== "open")
    return domainError(RULES.marketClosed.code, RULES.marketClosed.message(p.marketName, p.marketStatus), {
      marketId: p.marketId,
      prices: currentPrices(input, found, now),
    });
  if (p.eventSuspendedUntil && p.eventSuspendedUntil.getTime() > now.getTime())
    return domainError(RULES.eventSuspended.code, RULES.eventSuspended.message(p.eventName), {
      eventId: p.eventId,
      prices: currentPrices(input, found, now),
    });
  if (reforming(p, now))
    return domainError(RULES.raceReforming.code, RULES.raceReforming.message(p.marketName), {
      marketId: p.marketId,
      prices: currentPrices(input, found, now),
    });
  return null;
}

/**
 * Whether every selection exists as picked and takes bets at `now`: the first reason to refuse, or
 * null. Placement and the same game multi's quote both ask this, so they refuse with the same words.
 */
export function checkSelectionStates(input: Picked, found: Map<string, PricedOutcome>, now: Date): DomainError | null {
  for (const s of input.selections) {
    const p = found.get(s.outcomeId);
    if (!p || p.marketId !== s.marketId || p.eventId !== s.eventId)
      return domainError(RULES.selectionNotFound.code, RULES.selectionNotFound.message(), { outcomeId: s.outcomeId });
  }
  for (const s of input.selections) {
    const refusal = stateRefusal(found.get(s.outcomeId)!, input, found, now);
    if (refusal) return refusal;
  }
  return null;
}

/** Compare each selection with the current state and price at `now`; the first reason to refuse, or null. */
export function checkSelections(input: Selections, found: Map<string, PricedOutcome>, now: Date, policy: PriceChangePolicy = "refuse") {
  const state = checkSelectionStates(input, found, now);
  if (state) return state;
  const stale = input.selections.find((s) => seenBeforeReform(found.get(s.outcomeId)!, parseOdds(s.odds) ?? 0));
  if (stale) {
    const p = found.get(stale.outcomeId)!;
    return domainError(RULES.raceReformed.code, RULES.raceReformed.message(p.marketName, p.outcomeName, p.priceMilli), {
      marketId: p.marketId,
      prices: currentPrices(input, found, now),
    });
  }
  const moved = input.selections.filter((s) => !priceAcceptable(policy, parseOdds(s.odds) ?? 0, found.get(s.outcomeId)!.priceMilli));
  if (moved.length > 0)
    return domainError(RULES.price.code, RULES.price.message(moved.map((s) => found.get(s.outcomeId)!)), {
      prices: currentPrices(input, found, now),
    });
  return null;
}
