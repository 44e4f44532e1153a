/**
 * The live book's journey: a customer on /betting watches a live soccer match (its clock running),
 * places an in-play bet on it (the slip announces the in-play wait and counts it down, then the
 * bet is accepted), sees the match-winner market read "Suspended" when an admin enters a goal and
 * reopen after the suspension, and, once the admin finishes the match with a final score, finds the
 * bet settled in My Bets, won or lost as that score says.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { demoLoginFromLanding, islandsHydrated, staffApiSignIn } from "./helpers.ts";

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

test("a customer bets in play, sees the market suspend on a goal and reopen, and the bet settle at full time", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
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
  // then the bet is accepted.
  await prices.getByTestId(`price-${home.id}`).click();
  const slip = page.getByTestId("bet-slip");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(slip.getByTestId("in-play-delay")).toContainText(`In-play bet: accepted after a ${event.inPlayDelaySeconds} s delay`);
  await slip.getByTestId("stake-input").fill("10");
  await slip.getByTestId("place-bet").click();
  await expect(slip.getByTestId("placing-status")).toContainText("Checking price…");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Bet Placed Successfully!");
  const betId = /bet_[a-z0-9]+/.exec((await toast.textContent()) ?? "")?.[0];
  expect(betId).toBeTruthy();
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
  // The suspension lifts by itself (SCORE_SUSPEND_MS) and the market reopens at the new prices.
  await expect(prices).toHaveAttribute("data-status", "open", { timeout: 20_000 });
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
  await expect(myBet.getByTestId("bet-status")).toHaveText(expected, { timeout: 20_000 });
  await expect(myBet.getByTestId("bet-return")).toBeVisible();

  await admin.dispose();
  await context.close();
});
