/**
 * Each selection against the current price and state: whether an outcome takes bets now, whether
 * its price is acceptable under the customer's price-change policy, and the first reason to refuse
 * a slip. Placement and the bet builder's quote both use these, so the two never disagree about
 * what is bettable; the placement write's price guard checks the same state again.
 */
import { domainError, type DomainError } from "../../shared/result.ts";
import { formatOdds, parseOdds } from "../../shared/odds.ts";
import type { PricedOutcome } from "../../shared/types.ts";
import type { PriceChangePolicy } from "../../accounts/settings.ts";

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

export function currentPrices(input: Selections, found: Map<string, PricedOutcome>, now: Date) {
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
function stateRefusal(p: PricedOutcome, input: Selections, found: Map<string, PricedOutcome>, now: Date): DomainError | null {
  if (p.eventStatus === "finished")
    return domainError("BET.EVENT_CLOSED", `${p.eventName} has finished and takes no more bets`, {
      eventId: p.eventId,
      prices: currentPrices(input, found, now),
    });
  // A race is never bet in running: from its start (the off) betting on it has closed for good,
  // though the feed keeps it suspended until its result.
  if (p.sport === "racing" && (p.eventStatus === "live" || p.eventStartTime.getTime() <= now.getTime()))
    return domainError("BET.RACE_OFF", `${p.eventName} is off: betting on this race has closed`, {
      eventId: p.eventId,
      prices: currentPrices(input, found, now),
    });
  if (p.eventStatus === "upcoming" && p.eventStartTime.getTime() <= now.getTime())
    return domainError("BET.EVENT_STARTED", `${p.eventName} has started: pre-match betting is closed until it is priced in play`, {
      eventId: p.eventId,
      prices: currentPrices(input, found, now),
    });
  if (p.outcomeResult !== null)
    return domainError("BET.SELECTION_DECIDED", `${p.outcomeName} (${p.marketName}) is already decided and no longer offered`, {
      outcomeId: p.outcomeId,
      prices: currentPrices(input, found, now),
    });
  if (p.marketStatus !== "open")
    return domainError("BET.MARKET_CLOSED", `The ${p.marketName} market is ${p.marketStatus}`, {
      marketId: p.marketId,
      prices: currentPrices(input, found, now),
    });
  if (p.eventSuspendedUntil && p.eventSuspendedUntil.getTime() > now.getTime())
    return domainError("BET.MARKET_SUSPENDED", `${p.eventName} is suspended while its prices are updated; try again in a moment`, {
      eventId: p.eventId,
      prices: currentPrices(input, found, now),
    });
  if (reforming(p, now))
    return domainError("BET.MARKET_SUSPENDED", `The ${p.marketName} market is suspended while the race is re-formed after a non-runner; try again in a moment`, {
      marketId: p.marketId,
      prices: currentPrices(input, found, now),
    });
  return null;
}

/** Compare each selection with the current state at `now`; the first reason to refuse, or null. */
export function checkSelections(input: Selections, found: Map<string, PricedOutcome>, now: Date, policy: PriceChangePolicy = "refuse") {
  for (const s of input.selections) {
    const p = found.get(s.outcomeId);
    if (!p || p.marketId !== s.marketId || p.eventId !== s.eventId)
      return domainError("BET.SELECTION_NOT_FOUND", "A selection on your slip no longer exists", { outcomeId: s.outcomeId });
  }
  for (const s of input.selections) {
    const refusal = stateRefusal(found.get(s.outcomeId)!, input, found, now);
    if (refusal) return refusal;
  }
  const stale = input.selections.find((s) => seenBeforeReform(found.get(s.outcomeId)!, parseOdds(s.odds) ?? 0));
  if (stale) {
    const p = found.get(stale.outcomeId)!;
    return domainError(
      "BET.RACE_REFORMED",
      `${p.marketName} was re-formed after a non-runner: ${p.outcomeName} is now ${formatOdds(p.priceMilli)}. Check the new prices and place again`,
      { marketId: p.marketId, prices: currentPrices(input, found, now) },
    );
  }
  const moved = input.selections.filter((s) => !priceAcceptable(policy, parseOdds(s.odds) ?? 0, found.get(s.outcomeId)!.priceMilli));
  if (moved.length > 0)
    return domainError(
      "BET.ODDS_CHANGED",
      moved.length === 1
        ? `The price of ${found.get(moved[0].outcomeId)!.outcomeName} changed to ${formatOdds(found.get(moved[0].outcomeId)!.priceMilli)}`
        : `${moved.length} prices on your slip changed`,
      { prices: currentPrices(input, found, now) },
    );
  return null;
}
