/**
 * Placing the slip through POST /api/bets with an idempotency key, and what the slip keeps of it:
 * the placement under way (and, for an in-play bet, the countdown of the server's wait), the last
 * refusal for the legs it was given for, and the legs a refusal marked as gone. Server refusals
 * (verification, limits, exclusion, price changes) are shown with the server's message, in the
 * toast and on the slip; refusals carrying the current prices reprice the slip.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { PlaceBetBody, PlaceBetResponse } from "../../../../api/schemas/bets.ts";
import { totalOddsMilli, validateSlip } from "../../../../domain/betting/slip.ts";
import { ApiError, apiSend } from "../../lib/api.ts";
import { milliToOdds } from "../../lib/format.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { secondsLeft } from "../../lib/live-book.ts";
import { placedText } from "../../lib/placed-text.ts";
import { keys } from "../../lib/query-keys.ts";
import { usePrice } from "../odds-format.tsx";
import { useToast } from "../toast.tsx";
import { problemToast } from "./slip-frame.tsx";
import type { PlaceGate } from "./slip-gate.tsx";
import { counterOffer, currentPrices, GONE_ON, refusalText, REPRICE_ON } from "./slip-refusals.ts";
import { useSlip } from "./slip-state.tsx";
import type { SlipFigures } from "./use-slip-figures.ts";

export interface Refusal {
  code: string;
  message: string;
  /** The outcome ids of the slip it was given to: changing the legs clears it. */
  legs: string;
  maxStake?: number;
}

/** While a placement waits, the countdown of its in-play wait, ticking (seconds left, 0 when none). */
function useCountdown(waiting: { since: number; delay: number } | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!waiting) return;
    setNow(Date.now());
    const t = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(t);
  }, [waiting]);
  return waiting ? secondsLeft(waiting.since, waiting.delay, now) : 0;
}

export function useSlipPlacement(f: SlipFigures, gate: PlaceGate | null) {
  const { clear, reprice } = useSlip();
  const toast = useToast();
  const price = usePrice();
  const queryClient = useQueryClient();
  /** The last submission and its key: an unchanged retry after a network failure reuses the key. */
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  /** While a placement waits: when it was sent and the in-play wait announced for it. */
  const [waiting, setWaiting] = useState<{ since: number; delay: number } | null>(null);
  const left = useCountdown(waiting);

  const place = useMutation({
    mutationFn: ({ body, key }: { body: PlaceBetBody; key: string }) =>
      apiSend<PlaceBetResponse>("POST", "/api/bets", body, { "Idempotency-Key": key }),
  });

  /** What the slip does with a refusal beyond saying it: reprice, mark gone legs, refresh the session. */
  function applyRefusal(err: ApiError, message: string) {
    setRefusal({ code: err.code, message, legs: f.legIds, maxStake: counterOffer(err.code, err.details) });
    // Suspended, or the session ended (a suspension ends them): the page shows which, from the session.
    if (err.code === "AUTH.ACCOUNT_SUSPENDED" || err.code === "AUTH.REQUIRED") void queryClient.invalidateQueries({ queryKey: keys.currentUser });
    // The refusal carries the current prices (null = no longer available): the slip takes the
    // offered ones so a second press bets at the new price. An unavailable leg stays on the slip:
    // one that will not come back is marked with the server's message until the customer removes
    // it; the others show as the refreshed events list has them (suspended waits, closed is gone).
    if (!REPRICE_ON.has(err.code)) return;
    const prices = currentPrices(err.details, false);
    if (prices) reprice(prices);
    if (GONE_ON.has(err.code)) {
      // The refusal names the decided outcome (details.outcomeId) or the finished event (details.eventId).
      const d = (err.details ?? {}) as { outcomeId?: unknown; eventId?: unknown };
      const marks: Record<string, string> = {};
      for (const s of f.slip.selections) if (s.outcomeId === d.outcomeId || s.eventId === d.eventId) marks[s.outcomeId] = message;
      if (Object.keys(marks).length > 0) f.setRefused((r) => ({ ...r, ...marks }));
    }
    void queryClient.invalidateQueries({ queryKey: keys.events });
  }

  /** `stakeOverride`: the counter-offer's stake (a limit refusal's details.maxStake), accepted. */
  async function submit(stakeOverride?: number) {
    if (place.isPending || f.blockedLegs.length > 0 || gate || f.sameEventConflict) return;
    const { slip } = f;
    const stakeCents = stakeOverride ?? f.stakeCents;
    const problem = validateSlip({ selections: slip.selections, stakeCents, betType: slip.betType });
    if (problem) return toast(problemToast(problem));
    const body: PlaceBetBody = {
      selections: slip.selections.map((s) => ({ eventId: s.eventId, marketId: s.marketId, outcomeId: s.outcomeId, odds: milliToOdds(s.oddsMilli) })),
      stake: stakeCents!,
      betType: slip.betType,
      ...(f.isSgm && f.sgmQuote.data ? { sgmOdds: f.sgmQuote.data.odds } : {}),
      ...(f.eachWay ? { eachWay: true } : {}),
    };
    /** The total price the slip showed when sent: the toast compares it with the price taken. */
    const sentOddsMilli = totalOddsMilli(slip, f.sgmMilli);
    const json = JSON.stringify(body);
    const key = attempt.current?.body === json ? attempt.current.key : newIdempotencyKey();
    attempt.current = { body: json, key };
    setRefusal(null);
    setWaiting({ since: Date.now(), delay: f.delay });
    try {
      const res = await place.mutateAsync({ body, key });
      attempt.current = null;
      toast({ title: "Bet Placed Successfully!", description: placedText(res, sentOddsMilli, price) });
      clear();
      f.setRefused({});
      queryClient.setQueryData(keys.balance, { balance: res.balance });
      void queryClient.invalidateQueries({ queryKey: keys.myBets });
      void queryClient.invalidateQueries({ queryKey: keys.balance });
      void queryClient.invalidateQueries({ queryKey: keys.activity });
    } catch (err) {
      // The server answered (and did not fail itself): this attempt is over, a new press is a new bet.
      if (err instanceof ApiError && err.status < 500) attempt.current = null;
      const message = refusalText(err);
      toast({ title: "Bet Failed", description: message, variant: "destructive" });
      if (err instanceof ApiError) applyRefusal(err, message);
    } finally {
      setWaiting(null);
    }
  }

  return {
    submit,
    pending: place.isPending,
    /** The last refusal, while the slip still holds the legs it was given for. */
    refusal: refusal && refusal.legs === f.legIds ? refusal : null,
    clearRefusal: () => setRefusal(null),
    waiting,
    left,
  };
}
