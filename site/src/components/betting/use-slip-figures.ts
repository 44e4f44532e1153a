/**
 * What the full bet slip shows, derived from its legs: the bet's price (a same game multi's from the
 * server's joint model), return and profit (each way when chosen), legs that cannot be combined,
 * each leg's state in the live book (open, suspended, or gone and why), and the in-play wait.
 * All slip maths comes from domain/betting/slip.ts, as on the server.
 */
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import {
  canBeSameGameMulti,
  conflictingEventIds,
  potentialProfit,
  potentialReturn,
  totalOddsMilli,
} from "../../../../domain/betting/slip.ts";
import { ApiError } from "../../lib/api.ts";
import { oddsToMilli, parseStakeToCents } from "../../lib/format.ts";
import { inPlayDelay, legStates } from "../../lib/live-book.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { eachWayFigures, eachWayTermsFor } from "./each-way.ts";
import { useSlip } from "./slip-state.tsx";

/** The betting page's open events list: the same query, so the slip sees what the board shows. */
const OPEN_EVENTS = customerQueries.events({ status: "open", limit: 200 });

export function useSlipFigures() {
  const { state } = useSlip();
  const { slip, stake, changed } = state;
  const [eachWayOn, setEachWay] = useState(false);
  /** Legs the server refused as no longer available (outcome id -> its message), until removed. */
  const [refused, setRefused] = useState<Record<string, string>>({});

  const events = useQuery(OPEN_EVENTS);
  /** Events the list has held live: one that leaves the open list has finished. */
  const seenLive = useRef(new Set<string>());
  for (const e of events.data ?? []) if (e.status === "live") seenLive.current.add(e.id);

  const count = slip.selections.length;
  const stakeCents = parseStakeToCents(stake);
  const hasStake = stakeCents !== null && stakeCents > 0;
  const isSgm = slip.betType === "same_game_multi";
  // A same game multi is priced by the server's joint model (POST /api/betting/same-game-multis/quote):
  // the slip shows that price, or the reason the legs cannot be combined.
  const sgmQuote = useQuery({ ...customerQueries.sgmQuote(slip.selections), enabled: isSgm && count >= 2 });
  const sgmRefusal = isSgm && sgmQuote.error ? (sgmQuote.error instanceof ApiError ? sgmQuote.error.message : "This combination is not offered") : null;
  const sgmMilli = isSgm && sgmQuote.data ? oddsToMilli(sgmQuote.data.odds) : 0;
  // Each way (each-way.ts): a single whose market has terms; the stake typed is the unit.
  const ewTerms = count === 1 && slip.betType === "single" ? eachWayTermsFor(events.data, slip.selections[0]) : null;
  const eachWay = eachWayOn && ewTerms !== null;
  const ew = eachWay && hasStake ? eachWayFigures(stakeCents, slip.selections[0].oddsMilli, ewTerms) : null;
  const conflicts = slip.betType === "multiple" ? conflictingEventIds(slip.selections) : [];
  const states = legStates(slip.selections, events.data, seenLive.current, Date.now());
  for (const s of slip.selections) {
    if (refused[s.outcomeId] && states[s.id]?.kind !== "gone") states[s.id] = { kind: "gone", reason: refused[s.outcomeId] };
  }
  const blockedLegs = slip.selections.filter((s) => states[s.id] && states[s.id].kind !== "open");

  return {
    slip,
    count,
    stakeCents,
    hasStake,
    isSgm,
    sgmQuote,
    sgmRefusal,
    sgmMilli,
    total: totalOddsMilli(slip, sgmMilli),
    ewTerms,
    eachWay,
    setEachWay,
    ret: ew ? ew.potentialReturn : hasStake ? potentialReturn(slip, stakeCents, sgmMilli) : 0,
    profit: ew ? ew.profit : hasStake ? potentialProfit(slip, stakeCents, sgmMilli) : 0,
    conflicts,
    sgmPossible: slip.betType === "multiple" && canBeSameGameMulti(slip.selections),
    sameEventConflict: conflicts.length > 0,
    anyChanged: slip.selections.some((s) => changed[s.id] !== undefined),
    legIds: slip.selections.map((s) => s.outcomeId).join(","),
    states,
    blockedLegs,
    goneCount: blockedLegs.filter((s) => states[s.id].kind === "gone").length,
    delay: inPlayDelay(slip.selections, events.data),
    refused,
    setRefused,
  };
}

export type SlipFigures = ReturnType<typeof useSlipFigures>;
