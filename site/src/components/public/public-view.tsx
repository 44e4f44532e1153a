/** /public: a read-only view of live and upcoming events, each linking to the betting page. */
import { Badge, Button, Callout, Card, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import type { Event, LiveOddsItem } from "../../../../api/schemas/events.ts";
import { formatDateTime } from "../../lib/format.ts";
import { queries } from "../../lib/queries.ts";
import { SiteHeader, type NavLink } from "../account/site-header.tsx";
import { useLogout } from "../account/use-logout.ts";
import "./public.css";

function UserArea({ user }: { user: CurrentUser }) {
  const logout = useLogout(user);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <>
      <Text size="2" weight="medium" className="pub-user" data-testid="user-name">
        {name}
      </Text>
      <Button size="2" variant="outline" color="gray" onClick={() => logout.mutate()} loading={logout.isPending} data-testid="logout-button">
        Logout
      </Button>
    </>
  );
}

export function PublicView({ user }: { user: CurrentUser | null | undefined }) {
  const staff = user?.role === "admin" || user?.role === "trader";
  const links: NavLink[] = [{ label: "Betting", href: "/betting", testId: "nav-betting" }];
  if (staff) links.push({ label: "Admin", href: "/admin", testId: "nav-admin" });
  if (user) links.push({ label: "Account", href: "/account", testId: "nav-account" });

  return (
    <div className="pub-app">
      <SiteHeader brandHref="/public" links={links}>
        {user === undefined ? null : user ? (
          <UserArea user={user} />
        ) : (
          <Button asChild size="2">
            <a href="/api/login" data-testid="sign-in">
              Sign in
            </a>
          </Button>
        )}
      </SiteHeader>
      <main className="pub-main">
        <header className="pub-hero">
          <Heading as="h1" size="7">
            Sportsbook
          </Heading>
          <Text as="p" size="2" color="gray">
            Live prices and upcoming fixtures. Head to the betting page to place a bet.
          </Text>
        </header>
        <LiveEvents />
        <UpcomingEvents />
      </main>
    </div>
  );
}

function LiveEvents() {
  const live = useQuery(queries.liveOdds());
  return (
    <section className="pub-section" aria-labelledby="pub-live-title" data-testid="live-events">
      <Flex align="center" gap="2" mb="3">
        <span className="pub-live-dot" aria-hidden="true" />
        <Heading as="h2" size="5" id="pub-live-title">
          Live Now
        </Heading>
        {live.data && live.data.length > 0 && (
          <Badge color="red" variant="soft">
            {live.data.length}
          </Badge>
        )}
      </Flex>
      {live.isError ? (
        <Callout.Root color="red">
          <Callout.Text>Could not load live events: {live.error.message}</Callout.Text>
        </Callout.Root>
      ) : live.isPending ? (
        <div className="pub-live-grid">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="150px" />
          ))}
        </div>
      ) : live.data.length === 0 ? (
        <Card size="2">
          <Text color="gray">No live events available</Text>
        </Card>
      ) : (
        <div className="pub-live-grid">
          {live.data.map((e) => (
            <LiveCard key={e.id} item={e} />
          ))}
        </div>
      )}
    </section>
  );
}

function LiveCard({ item }: { item: LiveOddsItem }) {
  const suspended = item.marketStatus !== "open";
  const racing = item.sport === "racing";
  return (
    <Card size="2" className="pub-live" data-testid={`live-event-${item.id}`}>
      <Flex justify="between" align="center" gap="2" mb="2">
        <Text size="1" color="gray" className="pub-ellipsis">
          {item.sportName} · {item.league}
        </Text>
        <Badge color="red" variant="solid">
          {racing ? "RUNNING" : `LIVE${item.minute !== null ? ` ${item.minute}'` : ""}`}
        </Badge>
      </Flex>
      {racing ? (
        <>
          <Text as="div" size="3" weight="medium" mb="3" className="pub-ellipsis">
            {item.name}
          </Text>
          <div className="pub-odds" aria-label={`${item.marketName} prices`}>
            {item.outcomes.slice(0, 3).map((o) => (
              <Price key={o.id} label={o.name} title={o.name} odds={o.odds} />
            ))}
          </div>
        </>
      ) : (
        <>
          <div className="pub-score">
            <Text size="3" weight="medium" className="pub-ellipsis">
              {item.homeTeam}
            </Text>
            <Text size="4" weight="bold" className="pub-score__n">
              {item.homeScore ?? ""}
            </Text>
            <Text size="3" weight="medium" className="pub-ellipsis">
              {item.awayTeam}
            </Text>
            <Text size="4" weight="bold" className="pub-score__n">
              {item.awayScore ?? ""}
            </Text>
          </div>
          <div className="pub-odds" aria-label={`${item.marketName} prices`}>
            <Price label="1" title={item.homeTeam} odds={item.odds.home} />
            {item.odds.draw !== null && <Price label="X" title="Draw" odds={item.odds.draw} />}
            <Price label="2" title={item.awayTeam} odds={item.odds.away} />
          </div>
        </>
      )}
      <Flex justify="between" align="center" mt="3">
        <Text size="1" color={suspended ? "amber" : "gray"}>
          {suspended ? "Market suspended" : item.marketName}
        </Text>
        <Button asChild size="1" variant="soft">
          <a href="/betting">Bet now</a>
        </Button>
      </Flex>
    </Card>
  );
}

function Price({ label, title, odds }: { label: string; title: string; odds: string }) {
  return (
    <span className="pub-price" title={`${title} @ ${odds}`}>
      <span className="pub-price__label">{label}</span>
      <span className="pub-price__odds">{odds}</span>
    </span>
  );
}

/** The match-winner prices; home / draw / away are labelled 1 / X / 2, runners keep their names. */
function matchOdds(e: Event): { id: string; label: string; name: string; odds: string }[] {
  const m = e.markets.find((mk) => mk.type === "full_time_result") ?? e.markets[0];
  if (!m) return [];
  return m.outcomes.slice(0, 3).map((o) => ({
    id: o.id,
    name: o.name,
    odds: o.odds,
    label: o.name === e.homeTeam ? "1" : o.name === e.awayTeam ? "2" : o.name.toLowerCase() === "draw" ? "X" : o.name,
  }));
}

function UpcomingEvents() {
  const events = useQuery(queries.events({ status: "upcoming", limit: 10 }));
  return (
    <section className="pub-section" aria-labelledby="pub-upcoming-title" data-testid="upcoming-events">
      <Heading as="h2" size="5" mb="3" id="pub-upcoming-title">
        Upcoming
      </Heading>
      {events.isError ? (
        <Callout.Root color="red">
          <Callout.Text>Could not load events: {events.error.message}</Callout.Text>
        </Callout.Root>
      ) : events.isPending ? (
        <Flex direction="column" gap="2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="64px" />
          ))}
        </Flex>
      ) : events.data.length === 0 ? (
        <Card size="2">
          <Text color="gray">No events found</Text>
        </Card>
      ) : (
        <Card size="1" className="pub-list">
          <ul>
            {events.data.map((e) => (
              <li key={e.id} className="pub-row" data-testid={`upcoming-event-${e.id}`}>
                <div className="pub-row__when">
                  <Text size="1" color="gray">
                    {formatDateTime(e.startTime)}
                  </Text>
                </div>
                <div className="pub-row__what">
                  <Text as="div" size="2" weight="medium">
                    {e.name}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {e.sportName} · {e.league}
                  </Text>
                </div>
                <div className="pub-row__odds">
                  {matchOdds(e).map((o) => (
                    <span key={o.id} className="pub-price pub-price--sm" title={`${o.name} @ ${o.odds}`}>
                      <span className="pub-price__label">{o.label}</span>
                      <span className="pub-price__odds">{o.odds}</span>
                    </span>
                  ))}
                </div>
                <div className="pub-row__cta">
                  <Button asChild size="1" variant="soft">
                    <a href="/betting">Bet now</a>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
