/**
 * Live odds panel: the first 5 live events from the live feed and the next 3 upcoming events, each
 * with its match-winner prices.
 */
import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { Event, LiveOddsItem, Outcome } from "../../../../api/schemas/events.ts";
import { formatMoney, formatTime, oddsToMilli } from "../../lib/format.ts";
import { LinePlaceholder, LoadingText, PricesPlaceholder } from "../placeholders.tsx";
import { LiveBadge, SuspendedBadge } from "./event-card.tsx";
import type { LiveIndex } from "./live-prices.tsx";
import { PriceButton } from "./price-button.tsx";

/** At most this many live events and upcoming events; the panel holds room for them while loading. */
const LIVE_ROWS = 5;
const UPCOMING_ROWS = 3;

/** A row's room while loading: the title line with its badge, and three prices. */
function RowPlaceholder() {
  return (
    <li className="sb-panel-row" aria-hidden="true">
      <Flex justify="between" align="center" gap="2" mb="1">
        <LinePlaceholder size="2" width="55%" />
        <LinePlaceholder size="1" width="22%" />
      </Flex>
      <PricesPlaceholder n={3} />
    </li>
  );
}

const rowPlaceholders = (n: number) => Array.from({ length: n }, (_, i) => <RowPlaceholder key={i} />);

/** Home/draw/away as they are; for races and fields the three favourites. */
function panelOutcomes(outcomes: Outcome[]): Outcome[] {
  if (outcomes.length <= 3) return outcomes;
  return [...outcomes].sort((a, b) => oddsToMilli(a.odds) - oddsToMilli(b.odds)).slice(0, 3);
}

function Row({
  eventId,
  eventName,
  title,
  meta,
  marketId,
  marketName,
  status,
  outcomes,
}: {
  eventId: string;
  eventName: string;
  title: string;
  meta: ReactNode;
  marketId: string;
  marketName: string;
  status: "open" | "suspended" | "closed";
  outcomes: Outcome[];
}) {
  const shown = panelOutcomes(outcomes);
  return (
    <li className="sb-panel-row" data-testid={`live-row-${eventId}`}>
      <Flex justify="between" align="center" gap="2" mb="1">
        <Text size="2" weight="bold" className="sb-ellipsis">
          {title}
        </Text>
        {meta}
      </Flex>
      <div
        className={`sb-prices sb-prices--${Math.max(2, shown.length)}`}
        role="group"
        aria-label={`${marketName}${status === "suspended" ? " (Suspended)" : status === "closed" ? " (Closed)" : ""}`}
      >
        {shown.map((o) => (
          <PriceButton
            key={o.id}
            status={status}
            target={{ eventId, eventName, marketId, marketName, outcomeId: o.id, selectionName: o.name, odds: o.odds }}
          />
        ))}
      </div>
      {outcomes.length > shown.length && (
        <Text as="div" size="1" color="gray" mt="1">
          Favourites shown · {outcomes.length} runners
        </Text>
      )}
    </li>
  );
}

function liveTitle(item: LiveOddsItem) {
  return item.sport === "racing" ? item.name : `${item.homeTeam} v ${item.awayTeam}`;
}

export function LiveOddsPanel({ live, upcoming, upcomingPending }: { live: LiveIndex; upcoming: Event[] | undefined; upcomingPending: boolean }) {
  const liveItems = live.items.filter((i) => i.status === "live").slice(0, LIVE_ROWS);
  const livePending = !live.loaded && !live.failed;
  const next = (upcoming ?? [])
    .filter((e) => e.status === "upcoming" && !live.byEvent.has(e.id))
    .slice(0, UPCOMING_ROWS)
    .map((e) => ({ e, m: e.markets.find((m) => m.type === "full_time_result") ?? e.markets[0] }))
    .filter((x) => x.m !== undefined);

  return (
    <Card className="sb-panel" data-testid="live-odds-panel">
      <Flex justify="between" align="center" mb="2">
        <Heading as="h2" size="3">
          Live Odds
        </Heading>
        <Badge color="red" variant="soft">
          {liveItems.length} live
        </Badge>
      </Flex>
      {live.loaded && liveItems.length === 0 && (
        <Text as="p" size="2" color="gray" className="sb-empty sb-empty--small">
          No live events available
        </Text>
      )}
      {livePending && <LoadingText>Loading live odds...</LoadingText>}
      {live.failed && !live.loaded && (
        <Text as="p" size="2" color="red">
          Live odds are unavailable right now.
        </Text>
      )}
      <ul className="sb-panel-list">
        {livePending && rowPlaceholders(LIVE_ROWS)}
        {liveItems.map((item) => (
          <Row
            key={item.id}
            eventId={item.id}
            eventName={item.name}
            title={liveTitle(item)}
            meta={
              <Flex align="center" gap="2" className="sb-nowrap">
                {item.homeScore !== null && item.awayScore !== null && (
                  <Text size="2" weight="bold" className="sb-score-inline">
                    {item.homeScore}-{item.awayScore}
                  </Text>
                )}
                {item.suspended && <SuspendedBadge />}
                <LiveBadge minute={item.minute} clock={item.clock} />
              </Flex>
            }
            marketId={item.marketId}
            marketName={item.marketName}
            status={item.marketStatus === "open" && item.suspended ? "suspended" : item.marketStatus}
            outcomes={item.outcomes}
          />
        ))}
      </ul>
      {liveItems.length > 0 && (
        <Text as="div" size="1" color="gray" mt="1">
          Matched volume {formatMoney(liveItems.reduce((sum, i) => sum + i.volume, 0))}
        </Text>
      )}
      {livePending && <LinePlaceholder size="1" width="45%" mt="1" />}

      {/* Upcoming events not already live: known once both lists are in. */}
      {(livePending || upcomingPending) && (
        <>
          <Heading as="h3" size="2" mt="4" mb="2" color="gray">
            Starting soon
          </Heading>
          <ul className="sb-panel-list">{rowPlaceholders(UPCOMING_ROWS)}</ul>
        </>
      )}
      {!livePending && !upcomingPending && next.length > 0 && (
        <>
          <Heading as="h3" size="2" mt="4" mb="2" color="gray">
            Starting soon
          </Heading>
          <ul className="sb-panel-list">
            {next.map(({ e, m }) => (
              <Row
                key={e.id}
                eventId={e.id}
                eventName={e.name}
                title={e.sport === "racing" ? e.name : `${e.homeTeam} v ${e.awayTeam}`}
                meta={
                  <Text size="1" color="gray" className="sb-nowrap">
                    {formatTime(e.startTime)}
                  </Text>
                }
                marketId={m!.id}
                marketName={m!.name}
                status={m!.status}
                outcomes={m!.outcomes}
              />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
