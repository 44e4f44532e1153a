/**
 * The live book's journey: a customer on /betting watches a live soccer match (its clock running),
 * places an in-play bet on it (the slip announces the in-play wait and counts it down, then the
 * bet is accepted), sees the match-winner market read "Suspended" when an admin enters a goal and
 * reopen after the suspension, and, once the admin finishes the match with a final score, finds the
 * bet settled in My Bets, won or lost as that score says.
 *
 * Two of those states last only as long as the server makes them (the in-play wait, IN_PLAY_DELAY_MS;
 * the suspension after a goal, SCORE_SUSPEND_MS in playwright.config.ts), and a loaded machine can
 * take longer than that to show and check them. The journey holds each open itself until it has seen
 * it: the placement's answer is kept back until the slip has been seen checking the price, and the
 * page's live news after the goal is kept back until the suspended card has been seen. The page only
 * ever shows what the server sent it; it is told the rest once the journey lets it through.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoLoginFromLanding, islandsHydrated, staffApiSignIn, toastsShown } from "./helpers.ts";

type LiveEvent = {
  id: string;
  sport: string;
  name: string;
  homeTeam: string;
  status: string;
  minute: number | null;
  clock: string | null;
  homeScore: number | null;
  awayScore: number | null;
  suspended: boolean;
  inPlayDelaySeconds: number;
  markets: { id: string; type: string; status: string; outcomes: { id: string; name: string; odds: string }[] }[];
};

/** The live match as GET /api/events says it is now. */
async function eventNow(request: APIRequestContext, id: string): Promise<LiveEvent> {
  const res = await request.get("/api/events?status=live&sport=soccer&limit=200");
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as LiveEvent[]).find((e) => e.id === id);
  expect(found, `event ${id} in GET /api/events`).toBeTruthy();
  return found!;
}

/** What the journey waits for: the server's word that this event is suspended at this score. */
type HeldFor = { id: string; home: number; away: number };
/** release() says whether the hold had begun: the page had been told of the suspension and kept it. */
type LiveHold = { arm(target: HeldFor): void; release(): boolean };

/**
 * Installed in every document of the page before its scripts run: a gate on the page's two sources
 * of live news, the stream (GET /api/live-odds/stream, its "odds" events) and the resync poll
 * (GET /api/live-odds). Once armed, news passes as usual until an item says the target event is
 * suspended at the target score; that item is shown, and everything after it waits (stream events
 * queued in order, polls answered afresh) until release.
 */
function installLiveHold() {
  const w = window as unknown as { __liveHold?: LiveHold; EventSource: typeof EventSource; fetch: typeof fetch };
  if (w.__liveHold) return;
  type Item = { id?: string; suspended?: boolean; homeScore?: number | null; awayScore?: number | null };
  let target: HeldFor | null = null;
  let holding = false;
  const queued: (() => void)[] = [];
  let release: () => void = () => {};
  let released: Promise<void> = Promise.resolve();
  const isTarget = (item: Item) =>
    !!target && item.id === target.id && item.suspended === true && item.homeScore === target.home && item.awayScore === target.away;
  w.__liveHold = {
    arm(t) {
      target = t;
      released = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      const held = holding;
      target = null;
      holding = false;
      release();
      for (const deliver of queued.splice(0)) deliver();
      return held;
    },
  };

  const NativeEventSource = w.EventSource;
  w.EventSource = class extends NativeEventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      const add = EventTarget.prototype.addEventListener.bind(this);
      const gated = (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => {
        if (type !== "odds" || typeof listener !== "function") return add(type, listener, options);
        add(type, (ev: Event) => {
          const deliver = () => listener.call(this, ev);
          if (holding) return void queued.push(deliver);
          try {
            if (isTarget(JSON.parse((ev as MessageEvent<string>).data) as Item)) holding = true;
          } catch {
            /* not an item: passed on as it is */
          }
          deliver();
        }, options);
      };
      this.addEventListener = gated as unknown as EventSource["addEventListener"];
    }
  };

  const nativeFetch = w.fetch.bind(window);
  w.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!target || new URL(url, location.href).pathname !== "/api/live-odds") return nativeFetch(input, init);
    if (holding) return released.then(() => nativeFetch(input, init));
    const res = await nativeFetch(input, init);
    // The hold began while this poll was out: its answer may already be past it, so ask again after.
    if (holding) return released.then(() => nativeFetch(input, init));
    const items = (await res.clone().json().catch(() => [])) as Item[];
    if (Array.isArray(items) && items.some(isTarget)) holding = true;
    return res;
  };
}

const armLiveHold = (page: Page, target: HeldFor) =>
  page.evaluate((t) => (window as unknown as { __liveHold: LiveHold }).__liveHold.arm(t), target);
const releaseLiveHold = (page: Page) => page.evaluate(() => (window as unknown as { __liveHold: LiveHold }).__liveHold.release());

test("a customer bets in play, sees the market suspend on a goal and reopen, and the bet settle at full time", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(installLiveHold);
  await demoLoginFromLanding(page, "customer");
  // Live prices move with the match clock while the bet waits its in-play delay; this customer
  // takes the price at placement (User Settings), so the journey does not race the feed.
  const settings = await page.request.put("/api/account/settings", { data: { priceChangePolicy: "accept_any" } });
  expect(settings.ok(), await settings.text()).toBe(true);

  // A live soccer match with time to play, open for bets, its match winner offering home/draw/away.
  const live = await page.request.get("/api/events?status=live&sport=soccer&limit=50");
  expect(live.ok()).toBe(true);
  const candidates = ((await live.json()) as LiveEvent[])
    .filter((e) => !e.suspended && e.minute !== null && e.minute < 70 && e.homeScore !== null && e.awayScore !== null)
    .filter((e) => e.markets.some((m) => m.type === "full_time_result" && m.status === "open" && m.outcomes.length === 3))
    .sort((a, b) => a.minute! - b.minute!);
  expect(candidates.length, "a live soccer match before the 70th minute").toBeGreaterThan(0);
  const event = candidates[0];
  expect(event.inPlayDelaySeconds).toBeGreaterThan(0);
  const market = event.markets.find((m) => m.type === "full_time_result")!;
  const home = market.outcomes.find((o) => o.name === event.homeTeam)!;
  expect(home).toBeTruthy();

  // Live matches are on the board's FEATURED tab (soccer has no tab of its own).
  await page.reload();
  await islandsHydrated(page);
  const card = page.getByTestId(`event-${event.id}`);
  await expect(card).toBeVisible();
  // The match clock where the minute used to be.
  await expect(card.getByTestId("live-clock")).toHaveText(/^LIVE (\d+(\+\d+)?'|HT)$/);
  const prices = card.getByTestId(`market-${market.id}`);
  await expect(prices).toHaveAttribute("data-status", "open");

  // The bet: the slip announces the in-play wait, counts it down while the server holds the bet,
  // then the bet is accepted. The server's answer reaches the page only once the slip has been seen
  // checking the price (a busy machine could otherwise show and end the wait before it is looked at).
  let slipSeenChecking!: () => void;
  const seenChecking = new Promise<void>((resolve) => (slipSeenChecking = resolve));
  await page.route("**/api/bets", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const response = await route.fetch();
    await seenChecking;
    await route.fulfill({ response });
  });
  await prices.getByTestId(`price-${home.id}`).click();
  const slip = page.getByTestId("bet-slip");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(slip.getByTestId("in-play-delay")).toContainText(`In-play bet: accepted after a ${event.inPlayDelaySeconds} s delay`);
  await slip.getByTestId("stake-input").fill("10");
  await slip.getByTestId("place-bet").click();
  await expect(slip.getByTestId("placing-status")).toContainText("Checking price…");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  slipSeenChecking();
  // The toast lasts 5 s: the page's record of it (demoLoginFromLanding records toasts) holds it for a
  // journey that gets to look later.
  await expect.poll(() => toastsShown(page)).toContainEqual(expect.stringContaining("Bet Placed Successfully!"));
  const betId = (await toastsShown(page)).map((t) => /bet_[a-z0-9]+/.exec(t)?.[0]).find(Boolean);
  expect(betId).toBeTruthy();
  await page.unroute("**/api/bets");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(0);
  await expect(slip.getByTestId("placing-status")).toHaveCount(0);
  const myBet = page.getByTestId(`my-bet-${betId}`);
  await expect(myBet.getByTestId("bet-status")).toHaveText("PENDING");

  // An admin enters a goal for the home side: the customer sees the market suspended, then reopen.
  const admin = await playwrightRequest.newContext({ baseURL });
  // Real staff: registered customers may hold bets on this event (demo staff may not change its score then).
  await staffApiSignIn(admin, "admin");
  const now = await eventNow(admin, event.id);
  const homeScore = (now.homeScore ?? 0) + 1;
  const awayScore = now.awayScore ?? 0;
  // The suspension lasts SCORE_SUSPEND_MS: the page's live news after the server says "suspended at
  // this score" waits until the suspended card has been checked.
  await armLiveHold(page, { id: event.id, home: homeScore, away: awayScore });
  const goal = await admin.patch(`/api/admin/events/${event.id}`, { data: { homeScore, awayScore } });
  expect(goal.ok(), await goal.text()).toBe(true);

  await expect(prices).toHaveAttribute("data-status", "suspended");
  await expect(card.getByTestId(`suspended-${event.id}`)).toHaveText("Suspended");
  await expect(prices.getByTestId(`price-${home.id}`)).toBeDisabled();
  // Its name says so to a screen reader too: "1 Liverpool : Suspended , no bets now" (the browser
  // puts a space between the button's flex items).
  const escaped = home.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expect(prices.getByRole("button", { name: new RegExp(`${escaped}\\s*:\\s*Suspended\\s*,\\s*no bets now`) })).toBeVisible();
  await expect(card.locator(".sb-score").first()).toHaveText(String(homeScore));
  expect(await releaseLiveHold(page), "the page's live news was held at the suspension").toBe(true);
  // The suspension lifts by itself (SCORE_SUSPEND_MS) and the market reopens at the new prices.
  await expect(prices).toHaveAttribute("data-status", "open");
  await expect(card.getByTestId(`suspended-${event.id}`)).toHaveCount(0);
  await expect(prices.getByTestId(`price-${home.id}`)).toBeEnabled();

  // Full time at the admin's final score: every market settles, and so does the bet.
  const final = await eventNow(admin, event.id);
  const finalHome = final.homeScore ?? homeScore;
  const finalAway = final.awayScore ?? awayScore;
  const finish = await admin.patch(`/api/admin/events/${event.id}`, {
    data: { status: "finished", homeScore: finalHome, awayScore: finalAway },
  });
  expect(finish.ok(), await finish.text()).toBe(true);
  const expected = finalHome > finalAway ? "WON" : "LOST";

  await page.getByTestId("my-bets-settled").click();
  await expect(myBet.getByTestId("bet-status")).toHaveText(expected);
  await expect(myBet.getByTestId("bet-return")).toBeVisible();

  await admin.dispose();
  await context.close();
});
