/**
 * What the slip does with a refused placement, in one place: the words the customer reads, which
 * refusals carry the current prices, which legs will not come back, where the customer fixes a
 * refusal, and the counter-offer of a limit refusal. A new refusal the slip words differently is
 * added to refusalText here, and nowhere else.
 */
import { ApiError } from "../../lib/api.ts";
import { errorMessage } from "../../lib/form-errors.ts";
import { oddsToMilli } from "../../lib/format.ts";

/** Said when the placement failed without words the slip can show (an answer without a message). */
export const PLACE_FAILED = "Failed to place bet";

/**
 * The words of a failed placement, for the toast and the callout beside the legs. A suspended
 * account's refusal already carries the suspension's words (reason and next step); a session that
 * has ended says so rather than a bare "Please log in". Everything else is the server's message.
 */
export function refusalText(err: unknown): string {
  if (!(err instanceof ApiError)) return errorMessage(err, PLACE_FAILED);
  if (err.code === "AUTH.ACCOUNT_SUSPENDED") return err.message || PLACE_FAILED;
  if (err.code === "AUTH.REQUIRED") return "Your session has ended (signed out, expired, or the account was suspended). Please log in again.";
  return errorMessage(err, "") || PLACE_FAILED;
}

/** Refusals whose details carry the current prices: the slip takes the prices that are still offered. */
export const REPRICE_ON = new Set([
  "BET.ODDS_CHANGED",
  "BET.EVENT_CLOSED",
  "BET.MARKET_CLOSED",
  "BET.MARKET_SUSPENDED",
  "BET.SELECTION_DECIDED",
  "BET.EVENT_STARTED",
  "BET.RACE_OFF",
  // A race re-formed after a non-runner: the new prices (and, from the refreshed list, its new terms).
  "BET.RACE_REFORMED",
]);
/**
 * Refusals whose unavailable legs will not come back (the match decided the outcome, the event is
 * over, the race is off): those legs are marked with the server's message until removed. Other
 * unavailable legs (a suspension, a started event, a market suspended or closed by a trader) are
 * shown as the refreshed events list has them.
 */
export const GONE_ON = new Set(["BET.SELECTION_DECIDED", "BET.EVENT_CLOSED", "BET.RACE_OFF"]);

/** Refusals the customer fixes on the account page: where to send them. */
export function fixLink(code: string): { href: string; label: string } | null {
  if (code.startsWith("KYC.")) return { href: "/account#verification", label: "Verify your identity" };
  if (code.startsWith("RG.")) return { href: "/account#responsible", label: "Responsible Gambling" };
  if (code === "BET.INSUFFICIENT_FUNDS" || code === "WALLET.INSUFFICIENT_FUNDS") return { href: "/account#deposit", label: "Deposit" };
  return null;
}

/** Limit refusals offer the largest stake that fits (details.maxStake, cents); none when it is 0. */
const COUNTER_OFFER_ON = new Set(["BET.LIABILITY_LIMIT", "BET.EVENT_LIMIT", "BET.MAX_PAYOUT", "BET.STAKE_TOO_HIGH"]);
export function counterOffer(code: string, details: unknown): number | undefined {
  const max = (details as { maxStake?: unknown } | null)?.maxStake;
  return COUNTER_OFFER_ON.has(code) && typeof max === "number" && max > 0 ? max : undefined;
}

/** details.prices of a refusal: [{ outcomeId, odds: "2.10" | null }] as outcomeId -> milli | null. */
export function currentPrices(details: unknown, dropUnavailable: boolean): Map<string, number | null> | null {
  const prices = (details as { prices?: unknown } | null)?.prices;
  if (!Array.isArray(prices)) return null;
  const map = new Map<string, number | null>();
  for (const p of prices as { outcomeId?: unknown; odds?: unknown }[]) {
    if (typeof p?.outcomeId !== "string") continue;
    if (typeof p.odds === "string") map.set(p.outcomeId, oddsToMilli(p.odds));
    else if (dropUnavailable) map.set(p.outcomeId, null);
  }
  return map;
}
