/**
 * Left column: account navigation, quick links to the sport tabs (with how many events each has)
 * and trending sports (the sports with the most live events right now), all from real data.
 * (Racing's next-to-go has its own section in the centre column.)
 */
import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { Event } from "../../../../api/schemas/events.ts";
import { signInHref } from "../../lib/next-path.ts";
import { eventsForTab, isLiveEvent, sportTabsFor, type SportTab } from "./events-board.tsx";
import type { LiveIndex } from "./live-prices.tsx";
import { useCurrentUser, useLogout } from "./session.tsx";

const NAV = [
  { label: "My Contests", href: "/fantasy" },
  { label: "My Profile", href: "/account" },
  { label: "Fantasy Sports", href: "/fantasy" },
  { label: "Settings", href: "/account#settings" },
];

export function Sidebar({
  events,
  live,
  tab,
  onTab,
}: {
  events: Event[] | undefined;
  live: LiveIndex;
  tab: SportTab;
  onTab: (tab: SportTab) => void;
}) {
  const { data: user } = useCurrentUser();
  const { logout, pending } = useLogout();
  const list = events ?? [];
  const tabs = sportTabsFor(events);
  const tabCodes = new Set<string>(tabs.map((t) => t.value));

  const trending = new Map<string, { sport: string; name: string; live: number }>();
  for (const e of list) {
    if (!isLiveEvent(e, live)) continue;
    const t = trending.get(e.sport) ?? { sport: e.sport, name: e.sportName, live: 0 };
    t.live++;
    trending.set(e.sport, t);
  }
  const top = [...trending.values()].sort((a, b) => b.live - a.live || a.name.localeCompare(b.name)).slice(0, 5);

  const choose = (t: SportTab) => {
    onTab(t);
    document.getElementById("sports-heading")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <aside className="sb-sidebar" aria-label="Sidebar">
      <nav aria-label="Account" className="sb-nav">
        <ul>
          {NAV.map((n) => (
            <li key={n.label}>
              <a href={n.href}>{n.label}</a>
            </li>
          ))}
          <li>
            {user ? (
              <button type="button" onClick={logout} disabled={pending}>
                Logout
              </button>
            ) : (
              <a href={signInHref("/betting")}>Log in</a>
            )}
          </li>
        </ul>
      </nav>

      <Card className="sb-side-card">
        <Heading as="h2" size="2" mb="2" color="gray">
          Quick Links
        </Heading>
        <ul className="sb-quicklinks">
          {tabs.map((t) => {
            const n = events ? eventsForTab(list, t.value, live).length : null;
            return (
              <li key={t.value}>
                <button type="button" aria-pressed={tab === t.value} onClick={() => choose(t.value)}>
                  <span>{t.label}</span>
                  {n !== null && <span className="sb-count">{n}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card className="sb-side-card" data-testid="trending-sports">
        <Heading as="h2" size="2" mb="2" color="gray">
          Trending Sports
        </Heading>
        {events && top.length === 0 && (
          <Text as="p" size="1" color="gray">
            Nothing live right now.
          </Text>
        )}
        <ol className="sb-trending">
          {top.map((t, i) => (
            <li key={t.sport}>
              <Flex align="center" justify="between" gap="2">
                {tabCodes.has(t.sport) ? (
                  <button type="button" onClick={() => choose(t.sport)}>
                    <span className="sb-rank">{i + 1}</span> {t.name}
                  </button>
                ) : (
                  <span className="sb-trending__name">
                    <span className="sb-rank">{i + 1}</span> {t.name}
                  </span>
                )}
                <Badge color="red" variant="soft" size="1">
                  {t.live} live
                </Badge>
              </Flex>
            </li>
          ))}
        </ol>
      </Card>

    </aside>
  );
}
