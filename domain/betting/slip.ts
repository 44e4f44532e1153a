/**
 * The bet slip, as pure data and functions (the product spec's slip behaviour and validation rules). The site uses these to show the
 * slip; the server uses the same rules (validateSlip) to refuse what the slip would never allow.
 */
import { combinedOddsMilli, returnFor, type OddsMilli } from "../shared/odds.ts";
import { returnAtOdds, SGM_MAX_LEGS, SGM_MIN_LEGS } from "./same-game-multi.ts";
import { formatMoney } from "../shared/money.ts";

export interface SlipSelection {
  /** Unique per outcome: adding the same id twice is ignored. */
  id: string;
  eventId: string;
  marketId: string;
  outcomeId: string;
  eventName: string;
  marketName: string;
  selectionName: string;
  /** Decimal odds as integer thousandths. */
  oddsMilli: OddsMilli;
}

/** single and multiple follow the count; same_game_multi is chosen explicitly (see asSameGameMulti). */
export type BetType = "single" | "multiple" | "same_game_multi";

export interface Slip {
  selections: SlipSelection[];
  betType: BetType;
}

export const emptySlip: Slip = { selections: [], betType: "single" };

export const betTypeFor = (count: number): BetType => (count > 1 ? "multiple" : "single");

/** Whether these selections can be a same game multi: 2-4 legs of one event, each from another market. */
export function canBeSameGameMulti(selections: readonly Pick<SlipSelection, "eventId" | "marketId">[]): boolean {
  if (selections.length < SGM_MIN_LEGS || selections.length > SGM_MAX_LEGS) return false;
  if (new Set(selections.map((s) => s.eventId)).size !== 1) return false;
  return new Set(selections.map((s) => s.marketId)).size === selections.length;
}

/** A same game multi slip stays one while its selections still can be; otherwise the count decides. */
const nextBetType = (prev: BetType, selections: readonly SlipSelection[]): BetType =>
  prev === "same_game_multi" && canBeSameGameMulti(selections) ? "same_game_multi" : betTypeFor(selections.length);

/** Adding an already-present selection is ignored; the bet type follows the count. */
export function addSelection(slip: Slip, sel: SlipSelection): Slip {
  if (slip.selections.some((s) => s.id === sel.id)) return slip;
  const selections = [...slip.selections, sel];
  return { selections, betType: nextBetType(slip.betType, selections) };
}

export function removeSelection(slip: Slip, id: string): Slip {
  const selections = slip.selections.filter((s) => s.id !== id);
  return { selections, betType: nextBetType(slip.betType, selections) };
}

/** The slip as a same game multi, when its selections allow it (else unchanged). */
export function asSameGameMulti(slip: Slip): Slip {
  return canBeSameGameMulti(slip.selections) ? { ...slip, betType: "same_game_multi" } : slip;
}

/** Replace the odds of selections whose price moved (e.g. after a BET.ODDS_CHANGED refusal). */
export function repriceSelections(slip: Slip, prices: ReadonlyMap<string, OddsMilli>): Slip {
  return {
    ...slip,
    selections: slip.selections.map((s) => {
      const p = prices.get(s.outcomeId);
      return p === undefined || p === s.oddsMilli ? s : { ...s, oddsMilli: p };
    }),
  };
}

/**
 * Single: the first selection's odds. Multiple: the product of all odds (rounded down to 0.001).
 * Same game multi: `sgmQuoteMilli`, the server's price for these legs (POST
 * /api/betting/same-game-multis/quote, domain/pricing/sgm.ts priceSgm); 0 until it is known, since
 * the legs' own prices cannot tell it.
 */
export function totalOddsMilli(slip: Slip, sgmQuoteMilli = 0): OddsMilli {
  if (slip.selections.length === 0) return 0;
  if (slip.betType === "single") return slip.selections[0].oddsMilli;
  if (slip.betType === "same_game_multi") return sgmQuoteMilli;
  return combinedOddsMilli(slip.selections.map((s) => s.oddsMilli));
}

/**
 * Potential return in cents = stake x total odds, computed exactly and rounded down to the cent
 * (a same game multi at its quoted price).
 */
export function potentialReturn(slip: Slip, stakeCents: number, sgmQuoteMilli = 0): number {
  if (slip.selections.length === 0 || stakeCents <= 0) return 0;
  if (slip.betType === "same_game_multi") return returnAtOdds(stakeCents, sgmQuoteMilli);
  const legs = slip.betType === "single" ? [slip.selections[0].oddsMilli] : slip.selections.map((s) => s.oddsMilli);
  return returnFor(stakeCents, legs);
}

export const potentialProfit = (slip: Slip, stakeCents: number, sgmQuoteMilli = 0): number =>
  Math.max(0, potentialReturn(slip, stakeCents, sgmQuoteMilli) - stakeCents);

/** Events that appear more than once in the slip: a multiple may not hold two selections of one event. */
export function conflictingEventIds(selections: readonly Pick<SlipSelection, "eventId">[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const s of selections) (seen.has(s.eventId) ? dup : seen).add(s.eventId);
  return [...dup];
}

export const MIN_STAKE_CENTS = 100;
export const MAX_STAKE_CENTS = 10_000_000; // 100,000.00
export const MAX_SELECTIONS = 20;

export type SlipProblem =
  | { code: "BET.NO_SELECTIONS"; message: string }
  | { code: "BET.TOO_MANY_SELECTIONS"; message: string }
  | { code: "BET.INVALID_STAKE"; message: string }
  | { code: "BET.STAKE_TOO_LOW"; message: string }
  | { code: "BET.STAKE_TOO_HIGH"; message: string }
  | { code: "BET.TYPE_MISMATCH"; message: string }
  | { code: "BET.DUPLICATE_SELECTION"; message: string }
  | { code: "BET.SAME_EVENT_IN_MULTIPLE"; message: string; eventIds: string[] }
  | { code: "BET.SGM_LEG_COUNT"; message: string }
  | { code: "BET.SGM_ONE_EVENT"; message: string }
  | { code: "BET.SGM_SAME_MARKET"; message: string };

/** The slip rules both sides enforce. Returns the first problem, or null when the slip can be placed. */
export function validateSlip(input: {
  selections: readonly (Pick<SlipSelection, "eventId" | "outcomeId"> & { marketId?: string })[];
  stakeCents: number | null;
  betType: BetType;
}): SlipProblem | null {
  const { selections, stakeCents, betType } = input;
  if (selections.length === 0)
    return { code: "BET.NO_SELECTIONS", message: "Please add at least one selection to place a bet" };
  if (selections.length > MAX_SELECTIONS)
    return { code: "BET.TOO_MANY_SELECTIONS", message: `A bet may have at most ${MAX_SELECTIONS} selections` };
  if (stakeCents === null || !Number.isSafeInteger(stakeCents) || stakeCents <= 0)
    return { code: "BET.INVALID_STAKE", message: "Please enter a valid stake amount" };
  if (stakeCents < MIN_STAKE_CENTS) return { code: "BET.STAKE_TOO_LOW", message: `The minimum stake is ${formatMoney(MIN_STAKE_CENTS)}` };
  if (stakeCents > MAX_STAKE_CENTS) return { code: "BET.STAKE_TOO_HIGH", message: `The maximum stake is ${formatMoney(MAX_STAKE_CENTS)}` };
  if (betType === "same_game_multi") return sameGameMultiProblem(selections);
  if (betType !== betTypeFor(selections.length))
    return {
      code: "BET.TYPE_MISMATCH",
      message: betType === "single" ? "A single has exactly one selection" : "A multiple needs at least two selections",
    };
  const outcomes = new Set(selections.map((s) => s.outcomeId));
  if (outcomes.size !== selections.length)
    return { code: "BET.DUPLICATE_SELECTION", message: "The same selection appears twice" };
  const conflicts = conflictingEventIds(selections);
  if (conflicts.length > 0)
    return {
      code: "BET.SAME_EVENT_IN_MULTIPLE",
      message: "A multiple may not hold two selections of the same event",
      eventIds: conflicts,
    };
  return null;
}

/**
 * The same game multi's shape: 2-4 selections, one event, one selection per market. Its price (and
 * BET.SGM_PRICE_TOO_LOW below 1.01) is priceSgm's alone (domain/pricing/sgm.ts): the legs' own
 * prices cannot tell it, so the slip shows the server's quote and placement re-prices.
 */
function sameGameMultiProblem(
  selections: readonly (Pick<SlipSelection, "eventId" | "outcomeId"> & { marketId?: string })[],
): SlipProblem | null {
  if (selections.length < SGM_MIN_LEGS || selections.length > SGM_MAX_LEGS)
    return { code: "BET.SGM_LEG_COUNT", message: `A same game multi has ${SGM_MIN_LEGS} to ${SGM_MAX_LEGS} selections` };
  if (new Set(selections.map((s) => s.outcomeId)).size !== selections.length)
    return { code: "BET.DUPLICATE_SELECTION", message: "The same selection appears twice" };
  if (new Set(selections.map((s) => s.eventId)).size !== 1)
    return { code: "BET.SGM_ONE_EVENT", message: "Every selection of a same game multi must be from the same event" };
  if (new Set(selections.map((s, i) => s.marketId ?? `#${i}`)).size !== selections.length)
    return { code: "BET.SGM_SAME_MARKET", message: "A same game multi takes one selection per market" };
  return null;
}
