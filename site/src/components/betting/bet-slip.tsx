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
 */
import { Badge, Button, Callout, Card, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
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
import { errorMessage } from "../../lib/form-errors.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { inPlayDelay, legStates, secondsLeft } from "../../lib/live-book.ts";
import { keys, queries } from "../../lib/queries.ts";
import { formatMoney, milliToOdds, oddsToMilli, parseStakeToCents } from "../../lib/format.ts";
import { signInHref } from "../../lib/next-path.ts";
import { placedText } from "../../lib/placed-text.ts";
import { usePrice } from "../odds-format.tsx";
import { useToast } from "../toast.tsx";
import { useCurrentUser } from "./session.tsx";
import { useSlip } from "./slip-state.tsx";
import { sessionRefusalText, SUSPENDED_REASON, useAccountSuspended } from "./suspended-banner.tsx";
import { EachWayToggle } from "./each-way-toggle.tsx";
import { eachWayFigures, eachWayTermsFor } from "./each-way.ts";
import { BUSY_CODES, BusyRetry } from "./busy-retry.tsx";

const QUICK_STAKES = [10, 25, 50, 100];

/** Refusals whose details carry the current prices: the slip takes the prices that are still offered. */
const REPRICE_ON = new Set([
  "BET.ODDS_CHANGED",
  "BET.EVENT_CLOSED",
  "BET.MARKET_CLOSED",
  "BET.MARKET_SUSPENDED",
  "BET.SELECTION_DECIDED",
  "BET.EVENT_STARTED",
]);
/**
 * Refusals whose unavailable legs will not come back (the match decided the outcome, the event is
 * over): those legs are marked with the server's message until removed. Other unavailable legs (a
 * suspension, a started event, a market suspended or closed by a trader) are shown as the refreshed
 * events list has them.
 */
const GONE_ON = new Set(["BET.SELECTION_DECIDED", "BET.EVENT_CLOSED"]);

/** The betting page's open events list: the same query, so the slip sees what the board shows. */
const OPEN_EVENTS = queries.events({ status: "open", limit: 200 });

const TYPE_LABEL = { single: "Single", multiple: "Multiple", same_game_multi: "Same Game Multi" } as const;
const TYPE_COLOR = { single: "blue", multiple: "violet", same_game_multi: "orange" } as const;

/** Refusals the customer fixes on the account page: where to send them. */
function fixLink(code: string): { href: string; label: string } | null {
  if (code.startsWith("KYC.")) return { href: "/account#verification", label: "Verify your identity" };
  if (code.startsWith("RG.")) return { href: "/account#responsible", label: "Responsible Gambling" };
  if (code === "BET.INSUFFICIENT_FUNDS" || code === "WALLET.INSUFFICIENT_FUNDS") return { href: "/account#deposit", label: "Deposit" };
  return null;
}

/** Limit refusals offer the largest stake that fits (details.maxStake, cents); none when it is 0. */
const COUNTER_OFFER_ON = new Set(["BET.LIABILITY_LIMIT", "BET.MAX_PAYOUT", "BET.STAKE_TOO_HIGH"]);
function counterOffer(code: string, details: unknown): number | undefined {
  const max = (details as { maxStake?: unknown } | null)?.maxStake;
  return COUNTER_OFFER_ON.has(code) && typeof max === "number" && max > 0 ? max : undefined;
}

/** details.prices of a refusal: [{ outcomeId, odds: "2.10" | null }] as outcomeId -> milli | null. */
function currentPrices(details: unknown, dropUnavailable: boolean): Map<string, number | null> | null {
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

export function BetSlip() {
  const { state, remove, clear, setStake, reprice, setSgm } = useSlip();
  const { slip, stake, changed, removedNames } = state;
  const { data: user, isPending: userPending } = useCurrentUser();
  const suspended = useAccountSuspended();
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
  const sgmQuote = useQuery({ ...queries.sgmQuote(slip.selections), enabled: isSgm && count >= 2 });
  const sgmRefusal = isSgm && sgmQuote.error ? (sgmQuote.error instanceof ApiError ? sgmQuote.error.message : "This combination is not offered") : null;
  const sgmMilli = isSgm && sgmQuote.data ? oddsToMilli(sgmQuote.data.odds) : 0;
  const total = isSgm ? sgmMilli : totalOddsMilli(slip);
  // Each way (each-way.ts): a single whose market has terms; the stake typed is the unit.
  const ewTerms = count === 1 && slip.betType === "single" ? eachWayTermsFor(events.data, slip.selections[0]) : null;
  const eachWay = eachWayOn && ewTerms !== null;
  const ew = eachWay && hasStake ? eachWayFigures(stakeCents, slip.selections[0].oddsMilli, ewTerms) : null;
  const ret = ew ? ew.potentialReturn : hasStake ? (isSgm ? Math.floor((stakeCents * sgmMilli) / 1000) : potentialReturn(slip, stakeCents)) : 0;
  const profit = ew ? ew.profit : hasStake ? (isSgm ? Math.max(0, ret - stakeCents) : potentialProfit(slip, stakeCents)) : 0;
  const conflicts = slip.betType === "multiple" ? conflictingEventIds(slip.selections) : [];
  const sgmPossible = slip.betType === "multiple" && canBeSameGameMulti(slip.selections);
  const sameEventConflict = conflicts.length > 0;
  const anyChanged = slip.selections.some((s) => changed[s.id] !== undefined);
  const legIds = slip.selections.map((s) => s.outcomeId).join(",");
  const shownRefusal = refusal && refusal.legs === legIds ? refusal : null;
  const fix = shownRefusal ? fixLink(shownRefusal.code) : null;
  const states = legStates(slip.selections, events.data, seenLive.current);
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
    if (place.isPending || blockedLegs.length > 0) return;
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
    const sentOddsMilli = isSgm ? sgmMilli : totalOddsMilli(slip);
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
      const message = err instanceof ApiError ? (sessionRefusalText(err.code, err) ?? errorMessage(err, "")) : "";
      toast({ title: "Bet Failed", description: message || "Failed to place bet", variant: "destructive" });
      if (err instanceof ApiError && message) setRefusal({ code: err.code, message, legs: legIds, maxStake: counterOffer(err.code, err.details) });
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
            if (s.outcomeId === d.outcomeId || s.eventId === d.eventId) marks[s.outcomeId] = message || "No longer available";
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

  function onStakeKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      e.preventDefault();
      void submit();
    }
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
          {count > 0 && (
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
        <ul className="sb-slip__list">
          {slip.selections.map((s) => {
            const was = changed[s.id];
            const conflict = conflicts.includes(s.eventId) && !sgmPossible;
            const leg = states[s.id];
            const blocked = leg !== undefined && leg.kind !== "open";
            return (
              <li
                key={s.id}
                className={`sb-slip__row ${was !== undefined ? "sb-slip__row--changed" : ""} ${conflict ? "sb-slip__row--conflict" : ""} ${blocked ? "sb-slip__row--blocked" : ""}`}
                data-testid="slip-selection"
                data-state={leg?.kind ?? "open"}
              >
                <div className="sb-slip__info">
                  <Text as="div" size="2" weight="bold">
                    {s.selectionName}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {s.marketName}
                  </Text>
                  <Text as="div" size="1" color="gray" className="sb-ellipsis">
                    {s.eventName}
                  </Text>
                  {blocked && (
                    <Text
                      as="div"
                      size="1"
                      weight="medium"
                      className={`sb-slip__leg-state ${leg.kind === "gone" ? "sb-slip__leg-state--gone" : ""}`}
                      data-testid="slip-leg-state"
                    >
                      {leg.kind === "suspended" ? "Suspended" : "No longer available"}: {leg.reason}
                    </Text>
                  )}
                  {ewTerms && (
                    <EachWayToggle terms={ewTerms} checked={eachWay} onChange={setEachWay} unitStake={hasStake ? stakeCents : null} disabled={place.isPending} />
                  )}
                  {was !== undefined && (
                    <Text as="div" size="1" className={s.oddsMilli > was ? "sb-up" : "sb-down"} data-testid="odds-changed">
                      Odds changed: {price(was)} → {price(s.oddsMilli)}
                    </Text>
                  )}
                </div>
                <Flex direction="column" align="end" gap="1">
                  <Text size="3" weight="bold" className="sb-slip__odds" data-testid="slip-odds" data-odds="">
                    {price(s.oddsMilli)}
                  </Text>
                  <IconButton
                    size="1"
                    variant="ghost"
                    color="gray"
                    aria-label={`Remove ${s.selectionName}`}
                    onClick={() => removeLeg(s.id, s.outcomeId)}
                    disabled={place.isPending}
                  >
                    ✕
                  </IconButton>
                </Flex>
              </li>
            );
          })}
        </ul>
      )}

      {sgmPossible && (
        <Callout.Root color="orange" size="1" mb="2" data-testid="sgm-offer">
          <Callout.Text>
            These selections are from one game: combine them as a Same Game Multi.{" "}
            <Button size="1" variant="soft" color="orange" onClick={() => setSgm(true)} data-testid="make-sgm">
              Make it a Same Game Multi
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}
      {sameEventConflict && !sgmPossible && (
        <Callout.Root color="red" size="1" mb="2" role="alert" data-testid="same-event-warning">
          <Callout.Text>A multiple may not hold two selections of the same event</Callout.Text>
        </Callout.Root>
      )}
      {isSgm && (
        <Text as="p" size="1" color="gray" mb="2" data-testid="sgm-note">
          Same Game Multi price: priced together from the match model, never above the legs' combined odds.{" "}
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

      <div className="sb-slip__stake">
        <label htmlFor="stake-input">
          <Text size="2" weight="medium">
            Stake
          </Text>
        </label>
        <div className="sb-stake-field">
          <span aria-hidden="true">$</span>
          <input
            id="stake-input"
            type="number"
            min="1"
            step="0.01"
            inputMode="decimal"
            placeholder="0.00"
            value={stake}
            onChange={(e) => setStake(e.target.value)}
            onKeyDown={onStakeKey}
            data-testid="stake-input"
          />
        </div>
        <div className="sb-quick" role="group" aria-label="Quick stakes">
          {QUICK_STAKES.map((q) => (
            <Button key={q} size="1" variant={stake === String(q) ? "solid" : "soft"} color="gray" onClick={() => setStake(String(q))}>
              ${q}
            </Button>
          ))}
        </div>
      </div>

      <dl className="sb-slip__totals">
        <div>
          <dt>Total odds</dt>
          <dd data-testid="total-odds" data-odds={count > 0 ? "" : undefined}>
            {count > 0 ? price(total) : "–"}
          </dd>
        </div>
        {hasStake && (
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
        <Callout.Root color="red" size="1" mb="2" role="alert" data-testid="slip-refusal">
          <Callout.Text>
            {shownRefusal.maxStake ? `Max stake for this selection is ${formatMoney(shownRefusal.maxStake)}` : shownRefusal.message}
            {shownRefusal.maxStake ? (
              <>
                {" "}
                <Button
                  size="1"
                  data-testid="slip-accept-max-stake"
                  disabled={place.isPending}
                  onClick={() => {
                    const max = shownRefusal.maxStake!;
                    setStake((max / 100).toFixed(2));
                    void submit(max);
                  }}
                >
                  Accept {formatMoney(shownRefusal.maxStake)}
                </Button>
              </>
            ) : null}
            {BUSY_CODES.has(shownRefusal.code) && <BusyRetry disabled={place.isPending} onRetry={() => void submit()} />}
            {fix && (
              <>
                {" "}
                <a href={fix.href}>{fix.label}</a>
              </>
            )}
          </Callout.Text>
        </Callout.Root>
      )}

      {suspended ? (
        <>
          <Text as="p" size="2" color="red" mb="2" data-testid="slip-suspended">
            {SUSPENDED_REASON} <a href="/account">Withdraw your balance</a>
          </Text>
          <Button size="3" className="sb-slip__place" data-testid="place-bet" disabled>
            Place Bet
          </Button>
        </>
      ) : !user && !userPending ? (
        <Button asChild size="3" className="sb-slip__place">
          <a href={signInHref("/betting")} data-testid="login-to-bet">
            Log in to place a bet
          </a>
        </Button>
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
