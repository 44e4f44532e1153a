/**
 * The slip's "Each way" option (docs/money.md "Each way and Rule 4"): offered on a single whose
 * market has each-way terms in the events list. The stake typed is the unit stake; the bet costs
 * 2 x unit and may return both parts won (domain/settlement/each-way.ts).
 */
import type { Event } from "../../../../api/schemas/events.ts";
import { eachWayReturnIfWon, formatPlaceTerms, type EachWayTerms } from "../../../../domain/settlement/each-way.ts";

/** The each-way terms of the selection's market, or null (not offered, or not known yet). */
export function eachWayTermsFor(events: readonly Event[] | undefined, sel: { eventId: string; marketId: string }): EachWayTerms | null {
  const m = events?.find((e) => e.id === sel.eventId)?.markets.find((x) => x.id === sel.marketId);
  return m?.eachWay ?? null;
}

/** "Each way (E/W 1/5 1-2-3)". */
export function eachWayLabel(terms: EachWayTerms): string {
  return `Each way (${formatPlaceTerms(terms)})`;
}

/** What the slip shows for an each-way single at `unit` cents: total stake, potential return (both parts won), profit. */
export function eachWayFigures(unit: number, oddsMilli: number, terms: EachWayTerms): { totalStake: number; potentialReturn: number; profit: number } {
  const potentialReturn = eachWayReturnIfWon(unit, oddsMilli, terms);
  return { totalStake: 2 * unit, potentialReturn, profit: Math.max(0, potentialReturn - 2 * unit) };
}
