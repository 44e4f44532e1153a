/**
 * The spec's placement body (POST /api/bets in the product spec's call table) as an alias of ours:
 * - stake as a decimal string in dollars ("10", "2.50") -> integer cents, exactly (no floats);
 * - a selection in the spec's shape (id = `<eventId>-home|-draw|-away`, marketId "match-winner",
 *   outcomeId "home" | "draw" | "away") -> the event's match-result market and that outcome.
 * The answer's money is given back in the unit the request used (dollarsOf).
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { EventView } from "../shared/types.ts";

/** The spec's market id for the match result. */
export const SPEC_MATCH_MARKET = "match-winner";
export const SPEC_OUTCOMES = ["home", "draw", "away"] as const;

/** A dollar amount with at most two decimals: digits, optionally a point and 1-2 digits. */
export const DOLLARS_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

/** "10" -> 1000, "2.5" -> 250, "2.50" -> 250; null when not a non-negative amount with at most 2 decimals. */
export function centsOfDollars(text: string): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** 1000 -> "10.00", 5 -> "0.05", -250 -> "-2.50". */
export function dollarsOf(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
}

/** Whether a selection is in the spec's shape (its market id is the spec's "match-winner"). */
export const isSpecSelection = (s: { marketId: string }): boolean => s.marketId === SPEC_MATCH_MARKET;

/**
 * Why a stake's unit does not go with the body's selections, or null when it does. The unit is
 * never read from the JSON type alone, where one serialisation slip ("100" for 100) is a 100x
 * stake: a dollar string is taken only with the spec's selections, integer cents only with ours.
 */
export function stakeUnitMismatch(stake: unknown, selections: unknown): string | null {
  if (!Array.isArray(selections) || selections.length === 0) return null;
  const spec = selections.map((s) => !!s && typeof s === "object" && (s as { marketId?: unknown }).marketId === SPEC_MATCH_MARKET);
  if (typeof stake === "string" && spec.some((x) => !x))
    return 'A stake in dollars (a string such as "2.50") goes only with selections in the spec\'s shape (marketId "match-winner"); with selections by market and outcome id, send the stake in integer cents';
  if (typeof stake === "number" && spec.some((x) => x))
    return 'A stake in integer cents goes only with selections by market and outcome id; with selections in the spec\'s shape (marketId "match-winner"), send the stake in dollars as a string such as "2.50"';
  return null;
}

/**
 * The event's match-result market and the outcome the spec's code names: the first
 * full_time_result market, the outcome whose code is home/draw/away. Refused as
 * BET.SELECTION_NOT_FOUND when the event, the market or the outcome (e.g. a draw in a sport
 * without one) does not exist.
 */
export function specSelectionTarget(
  event: EventView | null,
  eventId: string,
  outcome: string,
): Result<{ eventId: string; marketId: string; outcomeId: string }> {
  if (!event) return err(domainError("BET.SELECTION_NOT_FOUND", `No event ${eventId}`, { eventId }));
  const market = event.markets.find((m) => m.type === "full_time_result");
  if (!market) return err(domainError("BET.SELECTION_NOT_FOUND", `${event.name} has no match result market`, { eventId }));
  const found = market.outcomes.find((o) => o.code === outcome);
  if (!found)
    return err(domainError("BET.SELECTION_NOT_FOUND", `${event.name}'s match result has no "${outcome}" outcome`, { eventId, outcome }));
  return ok({ eventId: event.id, marketId: market.id, outcomeId: found.id });
}
