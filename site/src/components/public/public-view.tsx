/**
 * /public (and /sportsbook when signed in): the sportsbook for visitors. Real live and upcoming
 * events with their current prices (live stream, 3-second poll as fallback), read only. Choosing a
 * price asks a visitor to sign in or try the demo; a signed-in customer is taken to /betting.
 */
import { Badge, Button, Callout, Card, Dialog, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";
import type { UseQueryResult } from "@tanstack/react-query";
import { useMutation, useQuery } from "@tanstack/react-query";
import { createContext, useContext, useState } from "react";
import type { CurrentUser, DemoLoginResponse } from "../../../../api/schemas/auth.ts";
import type { Event, LiveOddsItem } from "../../../../api/schemas/events.ts";
import { apiSend } from "../../lib/api.ts";
import { errorMessage } from "../../lib/form-errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { liveLabel } from "../../lib/live-book.ts";
import { useLiveOddsStream } from "../../lib/live-stream.ts";
import { signInHref } from "../../lib/next-path.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { SiteHeader, type NavLink } from "../account/site-header.tsx";
import { useLogout } from "../account/use-logout.ts";
import { usePrice } from "../odds-format.tsx";
import { BlockPlaceholder, ButtonPlaceholder, LinePlaceholder, LoadingText } from "../placeholders.tsx";
import { useToast } from "../toast.tsx";
import "./public.css";

type PickedPrice = { name: string; odds: string; event: string };
/** Opens the "sign in to bet" prompt for a chosen price. */
const PickContext = createContext<(p: PickedPrice) => void>(() => {});

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

/** The prompt a visitor sees after choosing a price: sign in, register, or try the demo. */
function SignInToBet({ pick, onClose }: { pick: PickedPrice | null; onClose: () => void }) {
  const toast = useToast();
  const price = usePrice();
  const demo = useMutation({
    mutationFn: () => apiSend<DemoLoginResponse>("POST", "/api/demo/login", { role: "customer" }),
    onSuccess: (res) => {
      toast({ title: "Demo Login Successful", description: `Welcome, ${res.user.firstName}!` });
      window.setTimeout(() => window.location.assign(res.redirectTo || "/betting"), 1000);
    },
    onError: (err) => toast({ title: "Demo Login Failed", description: errorMessage(err), variant: "destructive" }),
  });
  return (
    <Dialog.Root open={pick !== null} onOpenChange={(o) => !o && !demo.isPending && onClose()}>
      <Dialog.Content maxWidth="420px" data-testid="sign-in-to-bet">
        <Dialog.Title>Sign in to bet</Dialog.Title>
        <Dialog.Description size="2">
          {pick && (
            <>
              To back <strong>{pick.name}</strong> @ {price(pick.odds)} ({pick.event}), sign in or open an account. Or try the
              demo with 1,000.00 in demo credits.
            </>
          )}
        </Dialog.Description>
        <Flex direction="column" gap="2" mt="4">
          <Button asChild size="3">
            <a href={signInHref("/betting")} data-testid="prompt-sign-in">Sign in</a>
          </Button>
          <Button asChild size="3" variant="soft">
            <a href="/sign-in?tab=register&next=%2Fbetting">Open an account</a>
          </Button>
          <Button size="3" variant="outline" onClick={() => demo.mutate()} loading={demo.isPending || demo.isSuccess} data-testid="prompt-demo">
            Try the demo
          </Button>
          <Dialog.Close>
            <Button size="3" variant="ghost" color="gray" disabled={demo.isPending}>
              Not now
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function PublicView({ user }: { user: CurrentUser | null | undefined }) {
  const staff = user?.role === "admin" || user?.role === "trader";
  const links: NavLink[] = [{ label: "Betting", href: "/betting", testId: "nav-betting" }];
  if (staff) links.push({ label: "Admin", href: "/admin", testId: "nav-admin" });
  if (user) links.push({ label: "Account", href: "/account", testId: "nav-account" });
  const [pick, setPick] = useState<PickedPrice | null>(null);
  const choose = (p: PickedPrice) => {
    if (user) window.location.assign("/betting");
    else setPick(p);
  };

  return (
    <div className="pub-app">
      <SiteHeader brandHref="/public" links={links}>
        {user === undefined ? null : user ? (
          <UserArea user={user} />
        ) : (
          <Button asChild size="2">
            <a href={signInHref("/public")} data-testid="sign-in">
              Sign in
            </a>
          </Button>
        )}
      </SiteHeader>
      <main className="pub-main" id="main">
        <header className="pub-hero">
          <Heading as="h1" size="7">
            Sportsbook
          </Heading>
          <Text as="p" size="2" color="gray">
            Live prices and upcoming fixtures. {user ? "Head to the betting page to place a bet." : "Sign in or try the demo to place a bet."}
          </Text>
        </header>
        <PickContext.Provider value={choose}>
          <LiveAndUpcoming />
        </PickContext.Provider>
      </main>
      <SignInToBet pick={pick} onClose={() => setPick(null)} />
    </div>
  );
}

/**
 * Both lists are asked for at once, but Upcoming is shown only once the live list is in: how many
 * events are live is not known before, and Upcoming sits below them, so it would otherwise be pushed
 * down when they arrive (layout shift).
 */
function LiveAndUpcoming() {
  const streaming = useLiveOddsStream();
  const live = useQuery(customerQueries.liveOdds({ streaming }));
  const upcoming = useQuery(customerQueries.events({ status: "upcoming", limit: 10 }));
  return (
    <>
      <LiveEvents live={live} />
      {!live.isPending && <UpcomingEvents events={upcoming} />}
    </>
  );
}

/** A live card's room while the live events load (the same lines, prices and footer). */
function LiveCardPlaceholder() {
  return (
    <Card size="2" className="pub-live" aria-hidden="true">
      <Flex justify="between" align="center" gap="2" mb="2">
        <LinePlaceholder size="1" width="50%" />
        <BlockPlaceholder width="64px" height="20px" />
      </Flex>
      <div className="pub-score">
        <LinePlaceholder size="3" width="55%" />
        <LinePlaceholder size="4" width="24px" />
        <LinePlaceholder size="3" width="45%" />
        <LinePlaceholder size="4" width="24px" />
      </div>
      <div className="pub-odds">
        {[0, 1, 2].map((i) => (
          <span key={i} className="pub-price sb-ph">
            <span className="pub-price__label">{"\u00a0"}</span>
            <span className="pub-price__odds">{"\u00a0"}</span>
          </span>
        ))}
      </div>
      <Flex justify="between" align="center" mt="3">
        <LinePlaceholder size="1" width="30%" />
        <ButtonPlaceholder size="1" />
      </Flex>
    </Card>
  );
}

function LiveEvents({ live }: { live: UseQueryResult<LiveOddsItem[], Error> }) {
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
          <LoadingText>Loading live events...</LoadingText>
          {[0, 1, 2].map((i) => (
            <LiveCardPlaceholder key={i} />
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
  // No bets now: a score change being priced, a race running, or the market itself not open.
  const suspended = item.suspended || item.marketStatus !== "open";
  const racing = item.sport === "racing";
  const home = item.outcomes.find((o) => o.name === item.homeTeam);
  const away = item.outcomes.find((o) => o.name === item.awayTeam);
  const draw = item.outcomes.find((o) => o !== home && o !== away && /draw/i.test(o.name));
  return (
    <Card size="2" className="pub-live" data-testid={`live-event-${item.id}`}>
      <Flex justify="between" align="center" gap="2" mb="2">
        <Text size="1" color="gray" className="pub-ellipsis">
          {item.sportName} · {item.league}
        </Text>
        <Badge color="red" variant="solid">
          {racing ? "RUNNING" : liveLabel(item)}
        </Badge>
      </Flex>
      {racing ? (
        <>
          <Text as="div" size="3" weight="medium" mb="3" className="pub-ellipsis">
            {item.name}
          </Text>
          <div className="pub-odds" role="group" aria-label={`${item.marketName} prices`}>
            {item.outcomes.slice(0, 3).map((o) => (
              <Price key={o.id} id={o.id} label={o.name} title={o.name} odds={o.odds} event={item.name} disabled={suspended} />
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
          <div className="pub-odds" role="group" aria-label={`${item.marketName} prices`}>
            <Price id={home?.id ?? `${item.id}-home`} label="1" title={item.homeTeam} odds={item.odds.home} event={item.name} disabled={suspended} />
            {item.odds.draw !== null && (
              <Price id={draw?.id ?? `${item.id}-draw`} label="X" title="Draw" odds={item.odds.draw} event={item.name} disabled={suspended} />
            )}
            <Price id={away?.id ?? `${item.id}-away`} label="2" title={item.awayTeam} odds={item.odds.away} event={item.name} disabled={suspended} />
          </div>
        </>
      )}
      <Flex justify="between" align="center" mt="3">
        <Text size="1" color={suspended ? "amber" : "gray"}>
          {suspended ? `Suspended · ${item.marketName}` : item.marketName}
        </Text>
        <Button asChild size="1" variant="soft">
          <a href="/betting">Bet now</a>
        </Button>
      </Flex>
    </Card>
  );
}

/**
 * A price: shows the odds in the customer's format; choosing it asks a visitor to sign in. While
 * its market takes no bets it is disabled and reads "Suspended" (to a screen reader too).
 */
function Price({ id, label, title, odds, event, small, disabled }: { id: string; label: string; title: string; odds: string; event: string; small?: boolean; disabled?: boolean }) {
  const choose = useContext(PickContext);
  const shown = usePrice()(odds);
  return (
    <button type="button" className={`pub-price ${small ? "pub-price--sm" : ""}`}
      disabled={disabled}
      onClick={() => choose({ name: title, odds, event })} data-testid={`pub-price-${id}`}>
      <span className="pub-price__label">{label}</span>
      {label !== title && <span className="sb-visually-hidden"> {title}</span>}
      <span className="sb-visually-hidden">{disabled ? ": " : " @ "}</span>
      {disabled ? (
        <span className="pub-price__odds pub-price__odds--off">
          Suspended<span className="sb-visually-hidden">, no bets now</span>
        </span>
      ) : (
        <span className="pub-price__odds" data-odds="">
          {shown}
        </span>
      )}
    </button>
  );
}

/** The match-winner prices; home / draw / away are labelled 1 / X / 2, runners keep their names. */
function matchOdds(e: Event): { id: string; label: string; name: string; odds: string; off: boolean }[] {
  const m = e.markets.find((mk) => mk.type === "full_time_result") ?? e.markets[0];
  if (!m) return [];
  const off = e.suspended || m.status !== "open";
  return m.outcomes.filter((o) => !o.result).slice(0, 3).map((o) => ({
    off,
    id: o.id,
    name: o.name,
    odds: o.odds,
    label: o.name === e.homeTeam ? "1" : o.name === e.awayTeam ? "2" : o.name.toLowerCase() === "draw" ? "X" : o.name,
  }));
}

function UpcomingEvents({ events }: { events: UseQueryResult<Event[], Error> }) {
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
                <div className="pub-row__odds" role="group" aria-label={`${e.name} prices`}>
                  {matchOdds(e).map((o) => (
                    <Price key={o.id} id={o.id} small label={o.label} title={o.name} odds={o.odds} event={e.name} disabled={o.off} />
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
