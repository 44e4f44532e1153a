/**
 * The centre column: sport tabs that filter the open events (FEATURED = featured plus everything
 * live), grouped by league, with the events of the customer's followed teams first.
 */
import { Badge, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";
import type { Event } from "../../../../api/schemas/events.ts";
import { TabBar, tabPanelProps } from "../tab-bar.tsx";
import { useActiveTabInView } from "../tab-scroll.ts";
import { EventCard } from "./event-card.tsx";
import type { LiveIndex } from "./live-prices.tsx";

/** The spec's tabs, always shown in this order; any other sport with open events gets a tab after them. */
export const SPORT_TABS = [
  { value: "featured", label: "FEATURED" },
  { value: "afl", label: "AFL" },
  { value: "nrl", label: "NRL" },
  { value: "nfl", label: "NFL" },
  { value: "golf", label: "GOLF" },
  { value: "cricket", label: "CRICKET" },
  { value: "mlb", label: "MLB" },
  { value: "racing", label: "RACING" },
] as const;
/** "featured" or a sport code (afl, soccer, ...). */
export type SportTab = string;

/**
 * The tabs to show: the spec's, then one per other sport that has open events (soccer, basketball,
 * tennis, hockey ...), so every open event is two clicks or fewer from /betting.
 */
export function sportTabsFor(events: readonly Event[] | undefined): { value: SportTab; label: string }[] {
  const tabs: { value: SportTab; label: string }[] = SPORT_TABS.map((t) => ({ ...t }));
  const known = new Set<string>(tabs.map((t) => t.value));
  for (const e of events ?? []) {
    if (e.status === "finished" || known.has(e.sport)) continue;
    known.add(e.sport);
    tabs.push({ value: e.sport, label: e.sportName.toUpperCase() });
  }
  return tabs;
}

export const isLiveEvent = (e: Event, live: LiveIndex) => e.status === "live" || live.byEvent.has(e.id);

export function eventsForTab(events: readonly Event[], tab: SportTab, live: LiveIndex): Event[] {
  const open = events.filter((e) => e.status !== "finished");
  if (tab === "featured") return open.filter((e) => e.featured || isLiveEvent(e, live));
  return open.filter((e) => e.sport === tab);
}

export const isFollowedEvent = (e: Event, followed: ReadonlySet<string>) => followed.has(e.homeTeam) || followed.has(e.awayTeam);

/** Followed teams' events first (their leagues lead), otherwise the server's order. */
export function followedFirst(events: readonly Event[], followed: ReadonlySet<string>): Event[] {
  if (followed.size === 0) return [...events];
  const mine = events.filter((e) => isFollowedEvent(e, followed));
  return mine.length === 0 ? [...events] : [...mine, ...events.filter((e) => !isFollowedEvent(e, followed))];
}

function groupByLeague(events: readonly Event[]): { league: string; sportName: string; events: Event[] }[] {
  const groups = new Map<string, { league: string; sportName: string; events: Event[] }>();
  for (const e of events) {
    const key = `${e.sport}|${e.league}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { league: e.league, sportName: e.sportName, events: [] }));
    g.events.push(e);
  }
  return [...groups.values()];
}

export function EventsBoard({
  events,
  status,
  tab,
  onTab,
  live,
  followed,
}: {
  events: Event[] | undefined;
  status: "pending" | "error" | "success";
  tab: SportTab;
  onTab: (tab: SportTab) => void;
  live: LiveIndex;
  followed: ReadonlySet<string>;
}) {
  const shown = events ? followedFirst(eventsForTab(events, tab, live), followed) : [];
  const groups = groupByLeague(shown);
  const sportTabs = sportTabsFor(events);
  useActiveTabInView("sports", tab, sportTabs.map((t) => t.value).join(","));
  return (
    <section aria-labelledby="sports-heading" className="sb-board">
      <Heading as="h2" size="4" id="sports-heading" className="sb-visually-hidden">
        Sports
      </Heading>
      <TabBar
        group="sports"
        label="Sports"
        className="sb-tabs"
        controls={false}
        items={sportTabs.map((t) => ({ ...t, testId: `tab-${t.value}` }))}
        value={tab}
        onChange={onTab}
      />

      <div className="sb-board__list" {...tabPanelProps("sports", "all", tab)}>
        {status === "pending" &&
          [0, 1, 2].map((i) => (
            <Skeleton key={i} className="sb-event-skeleton">
              <div style={{ height: 112 }} />
            </Skeleton>
          ))}
        {status === "error" && (
          <Text as="p" color="red" size="2" className="sb-empty">
            Events could not be loaded. They will be retried shortly.
          </Text>
        )}
        {status === "success" && shown.length === 0 && (
          <p className="sb-empty" data-testid="no-events">
            No events found
          </p>
        )}
        {groups.map((g) => (
          <div key={`${g.sportName}|${g.league}`} className="sb-league">
            <Flex align="center" gap="2" className="sb-league__head">
              <Heading as="h3" size="2">
                {g.league}
              </Heading>
              <Badge variant="soft" color="gray" size="1">
                {g.sportName}
              </Badge>
              <Text size="1" color="gray">
                {g.events.length} event{g.events.length === 1 ? "" : "s"}
              </Text>
            </Flex>
            <div className="sb-league__events">
              {g.events.map((e) => (
                <EventCard key={e.id} event={e} live={live.byEvent.get(e.id)} byOutcome={live.byOutcome}
                  followed={isFollowedEvent(e, followed)} />
              ))}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
