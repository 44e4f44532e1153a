/**
 * One event: league, start time or live state, the teams (or race), the match-winner prices and
 * the other markets behind a "+N markets" expander. Live events show the live feed's prices.
 */
import { Badge, Card, Flex, Text } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Event, LiveOddsItem, Market } from "../../../../api/schemas/events.ts";
import { formatDateTime } from "../../lib/format.ts";
import { liveLabel } from "../../lib/live-book.ts";
import { keys } from "../../lib/query-keys.ts";
import { PriceButton } from "./price-button.tsx";

type MarketStatus = Market["status"];

/** LIVE and the match clock as the feed shows it (67', HT, Q3 04:12), else the minute. */
export function LiveBadge({ minute, clock = null }: { minute: number | null; clock?: string | null }) {
  return (
    <Badge color="red" variant="solid" radius="full" className="sb-live-badge" data-testid="live-clock">
      <span className="sb-live-dot" aria-hidden="true" />
      {liveLabel({ clock, minute })}
    </Badge>
  );
}

/** Shown while an event or market takes no bets (a score change being priced, a race running). */
export function SuspendedBadge({ testId }: { testId?: string }) {
  return (
    <Badge color="amber" variant="soft" radius="full" className="sb-suspended-badge" data-testid={testId}>
      Suspended
    </Badge>
  );
}

/**
 * Outcome odds and market status as they are right now: the live feed wins over the events list. A
 * suspended event suspends every open market; outcomes the match has decided are left out (the live
 * item drops them from the match winner, the events list from the others).
 */
function current(market: Market, live: LiveOddsItem | undefined, byOutcome: ReadonlyMap<string, string>) {
  const own = live && live.marketId === market.id;
  let status: MarketStatus = own ? live.marketStatus : market.status;
  // The book took it down: a price would be 1.02 or shorter (it reopens when the price lengthens).
  const tooShort = status === "suspended" && (own ? live.marketSuspendedReason : market.suspendedReason) === "price_too_short";
  if (status === "open" && live?.suspended) status = "suspended";
  const offered = own ? new Set(live.outcomes.map((o) => o.id)) : null;
  const outcomes = market.outcomes
    .filter((o) => (status === "closed" || o.withdrawn ? true : !o.result && (offered === null || offered.has(o.id))))
    .map((o) => ({ ...o, odds: byOutcome.get(o.id) ?? o.odds }));
  return { status, outcomes, tooShort };
}

function shortLabel(event: Event, name: string, index: number, count: number): string {
  if (count === 3 && index === 1 && /draw/i.test(name)) return "Draw";
  if (count <= 3) {
    if (name === event.homeTeam) return count === 3 ? "1" : "Home";
    if (name === event.awayTeam) return count === 3 ? "2" : "Away";
  }
  return name;
}

/** "E/W 1/4 1-2": a race market's each-way terms as the card shows them. */
function eachWayLabel(m: Market): string {
  return m.eachWay ? `E/W ${m.eachWay.fractionNum}/${m.eachWay.fractionDen} ${Array.from({ length: m.eachWay.places }, (_, i) => i + 1).join("-")}` : "";
}

/**
 * A race re-formed after a non-runner is suspended until `reopensAt`: the card says so, and fetches
 * the events again when it reopens, so the re-formed prices and terms come back without a reload.
 */
function useReopening(market: Market): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!market.reopensAt) return;
    const wait = Math.max(0, Date.parse(market.reopensAt) - Date.now()) + 250;
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: keys.events }), wait);
    return () => clearTimeout(timer);
  }, [market.reopensAt, client]);
}

export function MarketPrices({
  event,
  market,
  live,
  byOutcome,
  compact = false,
}: {
  event: Event;
  market: Market;
  live: LiveOddsItem | undefined;
  byOutcome: ReadonlyMap<string, string>;
  compact?: boolean;
}) {
  const { status, outcomes, tooShort } = current(market, live, byOutcome);
  const many = outcomes.length > 3;
  useReopening(market);
  return (
    <>
    {market.reopensAt && status === "suspended" && (
      <Text as="div" size="1" color="amber" mb="1" data-testid={`reforming-${market.id}`}>
        Suspended: a non-runner, the race is being re-formed
      </Text>
    )}
    <div
      className={`sb-prices ${many ? "sb-prices--many" : `sb-prices--${Math.max(1, outcomes.length)}`}`}
      role="group"
      aria-label={`${market.name}${tooShort ? " (Suspended: price too short)" : status === "suspended" ? " (Suspended)" : status === "closed" ? " (Closed)" : ""}`}
      data-testid={`market-${market.id}`}
      data-status={status}
      {...(tooShort ? { "data-reason": "price_too_short", title: "Price too short: the book takes this market down until the price lengthens" } : {})}
    >
      {outcomes.map((o, i) =>
        o.withdrawn ? (
          // Rule 4: a withdrawn runner stays on the card, struck through, with no price to take.
          <Flex key={o.id} align="center" justify="between" gap="2" className="sb-withdrawn" data-testid={`withdrawn-${o.id}`}>
            <Text size="2" color="gray" style={{ textDecoration: "line-through" }}>
              {o.name}
            </Text>
            <Badge color="gray" variant="soft">
              Withdrawn
            </Badge>
          </Flex>
        ) : (
        <PriceButton
          key={o.id}
          status={status}
          layout={many ? "row" : "stack"}
          label={compact ? shortLabel(event, o.name, i, outcomes.length) : o.name}
          target={{
            eventId: event.id,
            eventName: event.name,
            marketId: market.id,
            marketName: market.name,
            outcomeId: o.id,
            selectionName: o.name,
            odds: o.odds,
          }}
        />
        ),
      )}
    </div>
    </>
  );
}

export function EventCard({
  event,
  live,
  byOutcome,
  followed = false,
}: {
  event: Event;
  live: LiveOddsItem | undefined;
  byOutcome: ReadonlyMap<string, string>;
  followed?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const isLive = event.status === "live" || live !== undefined;
  const minute = live?.minute ?? event.minute;
  const clock = live?.clock ?? event.clock;
  const suspended = live?.suspended ?? event.suspended;
  const homeScore = live?.homeScore ?? event.homeScore;
  const awayScore = live?.awayScore ?? event.awayScore;
  const hasScore = isLive && homeScore !== null && awayScore !== null;
  const main = event.markets.find((m) => m.type === "full_time_result") ?? event.markets[0];
  const others = event.markets.filter((m) => m !== main);
  const isRace = event.sport === "racing" || (main?.outcomes.length ?? 0) > 3;

  return (
    <Card className={`sb-event ${isLive ? "sb-event--live" : ""}`} data-testid={`event-${event.id}`}>
      <Flex justify="between" align="center" gap="2" wrap="wrap" mb="2">
        <Flex align="center" gap="2" wrap="wrap">
          {isLive ? (
            <LiveBadge minute={minute} clock={clock} />
          ) : (
            <Text size="1" color="gray">
              {formatDateTime(event.startTime)}
            </Text>
          )}
          {suspended && <SuspendedBadge testId={`suspended-${event.id}`} />}
          {event.featured && (
            <Badge color="amber" variant="soft" size="1">
              Featured
            </Badge>
          )}
          {followed && (
            <Badge color="green" variant="soft" size="1" data-testid="following-badge">
              ★ Following
            </Badge>
          )}
        </Flex>
        {others.length > 0 && (
          <button
            type="button"
            className="sb-more"
            aria-expanded={open}
            aria-controls={`markets-${event.id}`}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? "Hide markets" : `+${others.length} market${others.length === 1 ? "" : "s"}`}
          </button>
        )}
      </Flex>

      <div className={`sb-event__body ${isRace ? "sb-event__body--race" : ""}`}>
        <div className="sb-event__teams">
          {isRace ? (
            <Text as="div" weight="bold" size="3">
              {event.name}
            </Text>
          ) : (
            <>
              <div className="sb-team">
                <Text weight="bold" size="2" className="sb-team__name">
                  {event.homeTeam}
                </Text>
                {hasScore && <span className="sb-score">{homeScore}</span>}
              </div>
              <div className="sb-team">
                <Text weight="bold" size="2" className="sb-team__name">
                  {event.awayTeam}
                </Text>
                {hasScore && <span className="sb-score">{awayScore}</span>}
              </div>
            </>
          )}
          {main && (
            <Text as="div" size="1" color="gray" mt="1">
              {main.name}
              {(live?.marketId === main.id ? live.marketSuspendedReason : main.status === "suspended" ? main.suspendedReason : undefined) === "price_too_short" && (
                <span data-testid={`too-short-${main.id}`}> · Suspended: price too short</span>
              )}
              {main.eachWay && <span data-testid={`each-way-terms-${main.id}`}>{` · ${eachWayLabel(main)}`}</span>}
            </Text>
          )}
        </div>
        {main ? (
          <MarketPrices event={event} market={main} live={live} byOutcome={byOutcome} compact={!isRace} />
        ) : (
          <Text size="1" color="gray">
            No markets open
          </Text>
        )}
      </div>

      {open && others.length > 0 && (
        <div className="sb-event__more" id={`markets-${event.id}`}>
          {others.map((m) => (
            <div key={m.id} className="sb-market">
              <Text as="div" size="1" weight="medium" color="gray" mb="1">
                {m.name}
                {m.eachWay && <span data-testid={`each-way-terms-${m.id}`}>{` · ${eachWayLabel(m)}`}</span>}
                {m.status === "suspended" && m.suspendedReason === "price_too_short"
                  ? " · Suspended: price too short"
                  : m.status === "suspended" || (m.status === "open" && suspended) ? " · Suspended" : m.status === "closed" ? " · Closed" : ""}
              </Text>
              <MarketPrices event={event} market={m} live={live} byOutcome={byOutcome} />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
