/**
 * The bet slip, as pure data and functions (spec sections 4 and 5). The site uses these to show the
 * slip; the server uses the same rules (validateSlip) to refuse what the slip would never allow.
 */
import { combinedOddsMilli, returnFor, type OddsMilli } from "../shared/odds.ts";

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

export type BetType = "single" | "multiple";

export interface Slip {
  selections: SlipSelection[];
  betType: BetType;
}

export const emptySlip: Slip = { selections: [], betType: "single" };

export const betTypeFor = (count: number): BetType => (count > 1 ? "multiple" : "single");

/** Adding an already-present selection is ignored; the bet type follows the count. */
export function addSelection(slip: Slip, sel: SlipSelection): Slip {
  if (slip.selections.some((s) => s.id === sel.id)) return slip;
  const selections = [...slip.selections, sel];
  return { selections, betType: betTypeFor(selections.length) };
}

export function removeSelection(slip: Slip, id: string): Slip {
  const selections = slip.selections.filter((s) => s.id !== id);
  return { selections, betType: betTypeFor(selections.length) };
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

/** Single: the first selection's odds. Multiple: the product of all odds (rounded down to 0.001). */
export function totalOddsMilli(slip: Slip): OddsMilli {
  if (slip.selections.length === 0) return 0;
  if (slip.betType === "single") return slip.selections[0].oddsMilli;
  return combinedOddsMilli(slip.selections.map((s) => s.oddsMilli));
}

/** Potential return in cents = stake x total odds, computed exactly and rounded down to the cent. */
export function potentialReturn(slip: Slip, stakeCents: number): number {
  if (slip.selections.length === 0 || stakeCents <= 0) return 0;
  const legs = slip.betType === "single" ? [slip.selections[0].oddsMilli] : slip.selections.map((s) => s.oddsMilli);
  return returnFor(stakeCents, legs);
}

export const potentialProfit = (slip: Slip, stakeCents: number): number =>
  Math.max(0, potentialReturn(slip, stakeCents) - stakeCents);

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
  | { code: "BET.SAME_EVENT_IN_MULTIPLE"; message: string; eventIds: string[] };

/** The slip rules both sides enforce. Returns the first problem, or null when the slip can be placed. */
export function validateSlip(input: {
  selections: readonly Pick<SlipSelection, "eventId" | "outcomeId">[];
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
  if (stakeCents < MIN_STAKE_CENTS) return { code: "BET.STAKE_TOO_LOW", message: "The minimum stake is 1.00" };
  if (stakeCents > MAX_STAKE_CENTS) return { code: "BET.STAKE_TOO_HIGH", message: "The maximum stake is 100,000.00" };
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
