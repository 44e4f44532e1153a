/**
 * The bet slip (spec sections 3-5 and 8): selections, single / multiple / same game multi, stake
 * with quick stakes, total odds, potential return and profit, and placement through POST /api/bets
 * with an idempotency key. All slip maths and checks come from domain/betting/slip.ts, as on the
 * server. Prices show in the customer's odds format. Server refusals (verification, limits,
 * exclusion, price changes) are shown with the server's message, in the toast and on the slip.
 *
 * The live book: each leg is checked against the open events list (kept current by the live
 * stream). A suspended leg stays and waits for its market to reopen; a leg whose outcome the match
 * decided, whose market closed or whose event is over says why, and Place waits until it is removed.
 * A slip with a leg on a live event announces the in-play wait (the longest of its events') and,
 * while the server holds the bet for it, counts it down.
 *
 * The slip knows the rules before the click: Place Bet is disabled, with the reason and the way
 * forward, for a suspended, staff, unverified or excluded account (slip-gate.tsx), and two
 * selections of one event never show as a priced multiple: the slip offers the same game multi when
 * the legs allow one, and otherwise says why they cannot be combined, with no total price.
 */
import { Badge, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { PlaceBetBody, PlaceBetResponse } from "../../../../api/schemas/bets.ts";
import {
  canBeSameGameMulti,
  conflictingEventIds,
  potentialProfit,
  potentialReturn,
  totalOddsMilli,
  validateSlip,
} from "../../../../domain/betting/slip.ts";
import { ApiError, apiSend } from "../../lib/api.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { inPlayDelay, legStates, secondsLeft } from "../../lib/live-book.ts";
import { keys } from "../../lib/query-keys.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { formatMoney, milliToOdds, oddsToMilli, parseStakeToCents } from "../../lib/format.ts";
import { placedText } from "../../lib/placed-text.ts";
import { usePrice } from "../odds-format.tsx";
import { useToast } from "../toast.tsx";
import { useSlip } from "./slip-state.tsx";
import { GatedPlace, SignInToBet, usePlaceGate } from "./slip-gate.tsx";
import { SlipLegs } from "./slip-legs.tsx";
import { counterOffer, currentPrices, GONE_ON, refusalText, REPRICE_ON } from "./slip-refusals.ts";
import { SlipRefusal } from "./slip-refusal.tsx";
import { StakeField } from "./slip-stake.tsx";
import { EachWayToggle } from "./each-way-toggle.tsx";
import { SGM_PRICING_SENTENCE } from "../../../../domain/pricing/sgm-margin.ts";
import { eachWayFigures, eachWayTermsFor } from "./each-way.ts";

/** The betting page's open events list: the same query, so the slip sees what the board shows. */
const OPEN_EVENTS = customerQueries.events({ status: "open", limit: 200 });

const TYPE_LABEL = { single: "Single", multiple: "Multiple", same_game_multi: "Same Game Multi" } as const;
const TYPE_COLOR = { single: "blue", multiple: "violet", same_game_multi: "orange" } as const;

export function BetSlip() {
  const { state, remove, clear, setStake, reprice, setSgm } = useSlip();
  const { slip, stake, changed, removedNames } = state;
  const { gate, signedOut } = usePlaceGate();
  const toast = useToast();
  const price = usePrice();
  const queryClient = useQueryClient();
  /** The last submission and its key: an unchanged retry after a network failure reuses the key. */
  const attempt = useRef<{ body: string; key: string } | null>(null);
  /** The last refusal, for the slip it was given to (the outcome ids): changing the legs clears it. */
  const [refusal, setRefusal] = useState<{ code: string; message: string; legs: string; maxStake?: number } | null>(null);
  /** Legs the server refused as no longer available (outcome id -> its message), until removed. */
  const [refused, setRefused] = useState<Record<string, string>>({});
  /** While a placement waits: when it was sent and the in-play wait announced for it. */
  const [waiting, setWaiting] = useState<{ since: number; delay: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [eachWayOn, setEachWay] = useState(false);

  const events = useQuery(OPEN_EVENTS);
  /** Events the list has held live: one that leaves the open list has finished. */
  const seenLive = useRef(new Set<string>());
  for (const e of events.data ?? []) if (e.status === "live") seenLive.current.add(e.id);

  const place = useMutation({
    mutationFn: ({ body, key }: { body: PlaceBetBody; key: string }) =>
      apiSend<PlaceBetResponse>("POST", "/api/bets", body, { "Idempotency-Key": key }),
  });

  const count = slip.selections.length;
  const stakeCents = parseStakeToCents(stake);
  const stakeNow = stakeCents;
  const hasStake = stakeCents !== null && stakeCents > 0;
  const isSgm = slip.betType === "same_game_multi";
  // A same game multi is priced by the server's joint model (POST /api/betting/same-game-multis/quote):
  // the slip shows that price, or the reason the legs cannot be combined.
  const sgmQuote = useQuery({ ...customerQueries.sgmQuote(slip.selections), enabled: isSgm && count >= 2 });
  const sgmRefusal = isSgm && sgmQuote.error ? (sgmQuote.error instanceof ApiError ? sgmQuote.error.message : "This combination is not offered") : null;
  const sgmMilli = isSgm && sgmQuote.data ? oddsToMilli(sgmQuote.data.odds) : 0;
  const total = totalOddsMilli(slip, sgmMilli);
  // Each way (each-way.ts): a single whose market has terms; the stake typed is the unit.
  const ewTerms = count === 1 && slip.betType === "single" ? eachWayTermsFor(events.data, slip.selections[0]) : null;
  const eachWay = eachWayOn && ewTerms !== null;
  const ew = eachWay && hasStake ? eachWayFigures(stakeCents, slip.selections[0].oddsMilli, ewTerms) : null;
  const ret = ew ? ew.potentialReturn : hasStake ? potentialReturn(slip, stakeCents, sgmMilli) : 0;
  const profit = ew ? ew.profit : hasStake ? potentialProfit(slip, stakeCents, sgmMilli) : 0;
  const conflicts = slip.betType === "multiple" ? conflictingEventIds(slip.selections) : [];
  const sgmPossible = slip.betType === "multiple" && canBeSameGameMulti(slip.selections);
  const sameEventConflict = conflicts.length > 0;
  const anyChanged = slip.selections.some((s) => changed[s.id] !== undefined);
  const legIds = slip.selections.map((s) => s.outcomeId).join(",");
  const shownRefusal = refusal && refusal.legs === legIds ? refusal : null;
  const states = legStates(slip.selections, events.data, seenLive.current, Date.now());
  for (const s of slip.selections) {
    if (refused[s.outcomeId] && states[s.id]?.kind !== "gone") states[s.id] = { kind: "gone", reason: refused[s.outcomeId] };
  }
  const blockedLegs = slip.selections.filter((s) => states[s.id] && states[s.id].kind !== "open");
  const goneCount = blockedLegs.filter((s) => states[s.id].kind === "gone").length;
  const delay = inPlayDelay(slip.selections, events.data);
  const left = waiting ? secondsLeft(waiting.since, waiting.delay, now) : 0;

  // The countdown ticks while a placement waits.
  useEffect(() => {
    if (!waiting) return;
    setNow(Date.now());
    const t = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(t);
  }, [waiting]);

  /** `stakeOverride`: the counter-offer's stake (a limit refusal's details.maxStake), accepted. */
  async function submit(stakeOverride?: number) {
    if (place.isPending || blockedLegs.length > 0 || gate || sameEventConflict) return;
    const stakeCents = stakeOverride ?? stakeNow;
    const problem = validateSlip({ selections: slip.selections, stakeCents, betType: slip.betType });
    if (problem) {
      if (problem.code === "BET.NO_SELECTIONS") {
        toast({ title: "No Selections", description: problem.message, variant: "destructive" });
      } else if (problem.code === "BET.INVALID_STAKE" || problem.code === "BET.STAKE_TOO_LOW" || problem.code === "BET.STAKE_TOO_HIGH") {
        toast({ title: "Invalid Stake", description: problem.message, variant: "destructive" });
      } else {
        toast({ title: "Bet Failed", description: problem.message, variant: "destructive" });
      }
      return;
    }
    const body: PlaceBetBody = {
      selections: slip.selections.map((s) => ({
        eventId: s.eventId,
        marketId: s.marketId,
        outcomeId: s.outcomeId,
        odds: milliToOdds(s.oddsMilli),
      })),
      stake: stakeCents!,
      betType: slip.betType,
      ...(isSgm && sgmQuote.data ? { sgmOdds: sgmQuote.data.odds } : {}),
      ...(eachWay ? { eachWay: true } : {}),
    };
    /** The total price the slip showed when sent: the toast compares it with the price taken. */
    const sentOddsMilli = totalOddsMilli(slip, sgmMilli);
    const json = JSON.stringify(body);
    const key = attempt.current?.body === json ? attempt.current.key : newIdempotencyKey();
    attempt.current = { body: json, key };
    setRefusal(null);
    setWaiting({ since: Date.now(), delay });
    try {
      const res = await place.mutateAsync({ body, key });
      attempt.current = null;
      toast({ title: "Bet Placed Successfully!", description: placedText(res, sentOddsMilli, price) });
      clear();
      setRefused({});
      queryClient.setQueryData(keys.balance, { balance: res.balance });
      void queryClient.invalidateQueries({ queryKey: keys.myBets });
      void queryClient.invalidateQueries({ queryKey: keys.balance });
      void queryClient.invalidateQueries({ queryKey: keys.activity });
    } catch (err) {
      // The server answered (and did not fail itself): this attempt is over, a new press is a new bet.
      if (err instanceof ApiError && err.status < 500) attempt.current = null;
      const message = refusalText(err);
      toast({ title: "Bet Failed", description: message, variant: "destructive" });
      if (err instanceof ApiError) setRefusal({ code: err.code, message, legs: legIds, maxStake: counterOffer(err.code, err.details) });
      // Suspended, or the session ended (a suspension ends them): the page shows which, from the session.
      if (err instanceof ApiError && (err.code === "AUTH.ACCOUNT_SUSPENDED" || err.code === "AUTH.REQUIRED"))
        void queryClient.invalidateQueries({ queryKey: keys.currentUser });
      // The refusal carries the current prices (null = no longer available): the slip takes the
      // offered ones so a second press bets at the new price. An unavailable leg stays on the slip:
      // one that will not come back is marked with the server's message until the customer removes
      // it; the others show as the refreshed events list has them (suspended waits, closed is gone).
      if (err instanceof ApiError && REPRICE_ON.has(err.code)) {
        const prices = currentPrices(err.details, false);
        if (prices) reprice(prices);
        if (GONE_ON.has(err.code)) {
          // The refusal names the decided outcome (details.outcomeId) or the finished event (details.eventId).
          const d = (err.details ?? {}) as { outcomeId?: unknown; eventId?: unknown };
          const marks: Record<string, string> = {};
          for (const s of slip.selections)
            if (s.outcomeId === d.outcomeId || s.eventId === d.eventId) marks[s.outcomeId] = message;
          if (Object.keys(marks).length > 0) setRefused((r) => ({ ...r, ...marks }));
        }
        void queryClient.invalidateQueries({ queryKey: keys.events });
      }
    } finally {
      setWaiting(null);
    }
  }

  function removeLeg(id: string, outcomeId: string) {
    remove(id);
    setRefused(({ [outcomeId]: _gone, ...rest }) => rest);
  }

  return (
    <Card className="sb-slip" data-testid="bet-slip" id="bet-slip" tabIndex={-1} role="region" aria-labelledby="bet-slip-heading">
      <Flex justify="between" align="center" mb="3">
        <Flex align="center" gap="2">
          <Heading as="h2" size="3" id="bet-slip-heading">
            Bet Slip
          </Heading>
          <Badge variant="solid" radius="full" data-testid="slip-count">
            {count}
          </Badge>
        </Flex>
        <Flex align="center" gap="2">
          {count > 0 && !sameEventConflict && (
            <Badge color={TYPE_COLOR[slip.betType]} variant="soft" data-testid="bet-type">
              {TYPE_LABEL[slip.betType]}
            </Badge>
          )}
          {count > 0 && (
            <Button size="1" variant="ghost" color="gray" onClick={() => {
                clear();
                setRefused({});
                setRefusal(null);
              }} disabled={place.isPending}>
              Clear
            </Button>
          )}
        </Flex>
      </Flex>

      {count === 0 && (
        <Text as="p" size="2" color="gray" className="sb-slip__empty">
          Your bet slip is empty. Tap a price to add a selection.
        </Text>
      )}

      {removedNames.length > 0 && (
        <Callout.Root color="amber" size="1" mb="2">
          <Callout.Text>No longer available, removed: {removedNames.join(", ")}</Callout.Text>
        </Callout.Root>
      )}

      {count > 0 && (
        <SlipLegs
          selections={slip.selections}
          changed={changed}
          conflicting={sgmPossible ? [] : conflicts}
          states={states}
          price={price}
          onRemove={(s) => removeLeg(s.id, s.outcomeId)}
          busy={place.isPending}
          legExtra={
            ewTerms && (
              <EachWayToggle terms={ewTerms} checked={eachWay} onChange={setEachWay} unitStake={hasStake ? stakeCents : null} disabled={place.isPending} />
            )
          }
        />
      )}

      {sgmPossible && (
        <Callout.Root color="orange" size="1" mb="2" data-testid="sgm-offer">
          <Callout.Text>
            Selections from one game cannot form a multiple: combine them as a Same Game Multi, priced together.{" "}
            <Button size="1" variant="soft" color="orange" onClick={() => setSgm(true)} data-testid="make-sgm">
              Make it a Same Game Multi
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}
      {sameEventConflict && !sgmPossible && (
        <Callout.Root color="red" size="1" mb="2" role="alert" data-testid="same-event-warning">
          <Callout.Text>A multiple may not hold two selections of the same event: remove one of them, or bet them as singles.</Callout.Text>
        </Callout.Root>
      )}
      {isSgm && (
        <Text as="p" size="1" color="gray" mb="2" data-testid="sgm-note">
          {SGM_PRICING_SENTENCE}{" "}
          <button type="button" className="sb-linkbtn" onClick={() => setSgm(false)}>
            Undo
          </button>
        </Text>
      )}

      {sgmRefusal && (
        <Callout.Root color="red" size="1" mb="2" role="alert" data-testid="sgm-refusal">
          <Callout.Text>{sgmRefusal}</Callout.Text>
        </Callout.Root>
      )}

      <StakeField stake={stake} onStake={setStake} onEnter={() => void submit()} />

      <dl className="sb-slip__totals">
        <div>
          <dt>Total odds</dt>
          <dd data-testid="total-odds" data-odds={count > 0 && !sameEventConflict ? "" : undefined}>
            {count > 0 && !sameEventConflict ? price(total) : "–"}
          </dd>
        </div>
        {hasStake && !sameEventConflict && (
          <>
            <div>
              <dt>Potential return</dt>
              <dd className="sb-slip__return" data-testid="potential-return">
                {formatMoney(ret)}
              </dd>
            </div>
            <div>
              <dt>Potential profit</dt>
              <dd data-testid="potential-profit">{formatMoney(profit)}</dd>
            </div>
          </>
        )}
      </dl>

      {anyChanged && !sameEventConflict && (
        <Text as="p" size="1" color="amber" mb="2">
          Prices have moved. Placing the bet sends the odds shown; your price-change setting decides.
        </Text>
      )}

      {count > 0 && delay > 0 && (
        <Text as="p" size="1" color="gray" className="sb-slip__inplay" data-testid="in-play-delay">
          In-play bet: accepted after a {delay} s delay, if the market is still open and the price holds.
        </Text>
      )}

      {blockedLegs.length > 0 && (
        <Text as="p" size="1" color="amber" mb="2" data-testid="slip-blocked">
          {goneCount > 0
            ? `Remove the selection${goneCount === 1 ? "" : "s"} no longer available to place this bet.`
            : "A selection is suspended: you can place the bet once it reopens."}
        </Text>
      )}

      {waiting && (
        <div role="status" aria-live="polite" data-testid="placing-status" className="sb-slip__inplay">
          <Text size="1" color="gray">
            {waiting.delay > 0 ? `Checking price… ${left > 0 ? `${left} s` : ""}` : "Placing your bet…"}
          </Text>
          {waiting.delay > 0 && (
            <progress className="sb-slip__progress" max={waiting.delay} value={waiting.delay - left} aria-label="In-play wait" />
          )}
        </div>
      )}

      {shownRefusal && (
        <SlipRefusal
          refusal={shownRefusal}
          busy={place.isPending}
          onRetry={() => void submit()}
          onAcceptMax={(max) => {
            setStake((max / 100).toFixed(2));
            void submit(max);
          }}
        />
      )}

      {gate ? (
        <GatedPlace gate={gate} />
      ) : signedOut ? (
        <SignInToBet />
      ) : (
        <Button
          size="3"
          className="sb-slip__place"
          data-testid="place-bet"
          onClick={() => void submit()}
          disabled={count === 0 || !hasStake || place.isPending || sameEventConflict || blockedLegs.length > 0 || (isSgm && !sgmQuote.data)}
        >
          {place.isPending ? (waiting && waiting.delay > 0 ? `Checking price… ${left > 0 ? `${left} s` : ""}` : "Placing Bet...") : "Place Bet"}
        </Button>
      )}
    </Card>
  );
}
