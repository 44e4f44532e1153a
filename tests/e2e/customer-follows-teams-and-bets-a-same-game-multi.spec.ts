/**
 * Blackbook & Follows puts a followed team's events first on /betting; popular same game multis go
 * onto the slip as one bet priced by the server's joint model (the quote endpoint), two legs of one
 * game picked by hand can be made a same game multi, and a correlated combination shows the reason
 * it is refused instead of a price.
 */
import { expect, test } from "@playwright/test";
import { islandsHydrated, money, oddsMilli, showEventOnBoard, upcomingEvents } from "./helpers.ts";

test("a followed team's events come first on its sport tab", async ({ page }) => {
  await page.request.post("/api/demo/login", { data: { role: "customer" } });
  const events = (await upcomingEvents(page.request, 50)).filter((e) => e.sport !== "racing");
  // The last event of a sport with at least two, so following it visibly changes the order.
  const bySport = new Map<string, typeof events>();
  for (const e of events) bySport.set(e.sport, [...(bySport.get(e.sport) ?? []), e]);
  const tabs = new Set(["afl", "nrl", "nfl", "golf", "cricket", "mlb"]);
  const group = [...bySport.entries()].find(([sport, list]) => tabs.has(sport) && list.length >= 2)!;
  const target = group[1][group[1].length - 1];
  const team = (target as unknown as { homeTeam: string }).homeTeam;

  await page.goto("/account#follows");
  await page.getByLabel("Team name").fill(team);
  await page.getByTestId("follow-submit").click();
  await expect(page.getByTestId("followed-team")).toContainText(team);

  await page.goto("/betting");
  await islandsHydrated(page);
  await page.getByTestId(`tab-${group[0]}`).click();
  const first = page.locator('[data-testid^="event-evt_"]').first();
  await expect(first).toHaveAttribute("data-testid", `event-${target.id}`);
  await expect(first.getByTestId("following-badge")).toBeVisible();

  // Unfollow: the server order returns.
  await page.goto("/account#follows");
  await page.getByRole("button", { name: `Unfollow ${team}` }).click();
  await expect(page.getByTestId("follows-empty")).toBeVisible();
});

const SGM_SENTENCE =
  "Priced as one bet from the match model's chance that every leg wins, less a margin of 10% for 2 legs, 15% for 3 and 20% for 4, and never above the legs' odds multiplied.";

test("a popular same game multi is added to the slip and placed as one bet", async ({ page }) => {
  await page.request.post("/api/demo/login", { data: { role: "customer" } });
  const sgms = (await (await page.request.get("/api/betting/same-game-multis?limit=4")).json()) as {
    items: { eventId: string; odds: string; legs: { outcomeId: string; marketId: string; odds: string }[] }[];
  };
  expect(sgms.items.length).toBeGreaterThan(0);
  // Prefer a game that is not in play, whose prices stand still while the test reads them.
  const live = new Set(((await (await page.request.get("/api/live-odds")).json()) as { id: string }[]).map((e) => e.id));
  const sgm = sgms.items.find((s) => !live.has(s.eventId)) ?? sgms.items[0];
  await page.goto("/betting");
  await page.getByTestId(`sgm-${sgm.eventId}`).first().getByTestId("add-sgm").click();
  const slip = page.getByTestId("bet-slip");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(sgm.legs.length);
  await expect(slip.getByTestId("bet-type")).toHaveText("Same Game Multi");
  // The card and the slip say, in the same sentence, how the server prices it.
  await expect(page.getByTestId("same-game-multis")).toContainText(SGM_SENTENCE);
  await expect(slip.getByTestId("sgm-note")).toContainText(SGM_SENTENCE);
  // The slip's price is the server's quote for the legs it holds (never above their product).
  const quoteBody = { selections: sgm.legs.map((l) => ({ eventId: sgm.eventId, marketId: l.marketId, outcomeId: l.outcomeId })) };
  await expect
    .poll(async () => {
      const q = (await (await page.request.post("/api/betting/same-game-multis/quote", { data: quoteBody })).json()) as { odds: string };
      const total = await slip.getByTestId("total-odds").innerText();
      return oddsMilli(total) === oddsMilli(q.odds) ? "consistent" : `${q.odds} -> ${total}`;
    })
    .toBe("consistent");
  await slip.getByTestId("stake-input").fill("4");
  await slip.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Placed Successfully!");
  const placed = ((await (await page.request.get("/api/bets")).json()) as { betType: string; totalOdds: string; potentialReturn: number; legs: unknown[] }[])[0];
  expect(placed.betType).toBe("same_game_multi");
  expect(placed.legs).toHaveLength(sgm.legs.length);
  expect(placed.potentialReturn).toBe(Math.floor((400 * oddsMilli(placed.totalOdds)) / 1000));
  await expect(page.getByTestId("toast")).toContainText(money(placed.potentialReturn));
  await expect(page.getByTestId("my-bets")).toContainText("Same Game Multi");
});

test("two selections of one game become a same game multi on request", async ({ page }) => {
  await page.request.post("/api/demo/login", { data: { role: "customer" } });
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport === "soccer" && e.markets.length >= 2);
  const [m1, m2] = event.markets;
  await page.goto("/betting");
  await showEventOnBoard(page, event);
  const card = page.getByTestId(`event-${event.id}`);
  await card.getByTestId(`price-${m1.outcomes[0].id}`).click();
  await card.getByRole("button", { name: /markets/i }).click();
  await card.getByTestId(`price-${m2.outcomes[0].id}`).click();
  const slip = page.getByTestId("bet-slip");
  // Two legs of one game are no multiple: no bet type or total until the slip makes them a same game multi.
  await expect(slip.getByTestId("sgm-offer")).toBeVisible();
  await expect(slip.getByTestId("bet-type")).toHaveCount(0);
  await slip.getByTestId("stake-input").fill("3");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await slip.getByTestId("make-sgm").click();
  await expect(slip.getByTestId("bet-type")).toHaveText("Same Game Multi");
  await slip.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Placed Successfully!");
});

test("a correlated combination shows why it is refused instead of a price", async ({ page }) => {
  await page.request.post("/api/demo/login", { data: { role: "customer" } });
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport === "soccer" && e.markets.length >= 5);
  const result = event.markets[0];
  const score = event.markets.find((m) => /correct score/i.test(m.name))!;
  await page.goto("/betting");
  await showEventOnBoard(page, event);
  const card = page.getByTestId(`event-${event.id}`);
  await card.getByTestId(`price-${result.outcomes[0].id}`).click();
  await card.getByRole("button", { name: /markets/i }).click();
  await card.getByTestId(`price-${score.outcomes[0].id}`).click();
  const slip = page.getByTestId("bet-slip");
  await slip.getByTestId("make-sgm").click();
  await expect(slip.getByTestId("bet-type")).toHaveText("Same Game Multi");
  // A correct score decides the result (or contradicts it): either way the slip says why, and offers no price.
  await expect(slip.getByTestId("sgm-refusal")).toContainText(/correct score|never all win/i);
  await slip.getByTestId("stake-input").fill("3");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
});
