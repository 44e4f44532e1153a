/**
 * With "Accept any odds", a bet whose price moves between the slip and the server is
 * placed at the new price, and the success toast shows the price actually taken (and that it moved),
 * not the one the slip showed.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";

/** The betting page can take many seconds to show its data on a busy machine: wait on the data, longer. */
const expect = baseExpect.configure({ timeout: 30_000 });
const boardReady = (page: Page) => expect(page.locator('.sb-board__list [data-testid^="event-"]').first()).toBeVisible();
import { money, oddsMilli, oddsText, showEventOnBoard, staffApiSignIn, upcomingEvents } from "./helpers.ts";

test("the success toast shows the price taken when it moved under 'Accept any odds'", async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  expect((await page.request.put("/api/account/settings", { data: { priceChangePolicy: "accept_any" } })).ok()).toBe(true);
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const outcome = event.markets.find((m) => m.type === "full_time_result")!.outcomes[0];
  const shown = oddsMilli(outcome.odds);

  await page.goto("/betting");
  await boardReady(page);
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).click();
  const slip = page.getByTestId("bet-slip");
  await slip.getByTestId("stake-input").fill("10");

  // A trader moves the price one tick down while the bet is on its way: real staff, since registered
  // customers of other journeys may hold bets on this event (demo staff may not re-price it then).
  const trader = await playwright.request.newContext({ baseURL });
  await staffApiSignIn(trader, "trader");
  let taken = 0;
  await page.route("**/api/bets", async (route) => {
    if (route.request().method() === "POST" && taken === 0) {
      const moved = await trader.post("/api/trading/adjust-odds", { data: { outcomeId: outcome.id, direction: "down" } });
      expect(moved.ok(), await moved.text()).toBe(true);
      taken = oddsMilli(((await moved.json()) as { outcome: { odds: string } }).outcome.odds);
    }
    await route.continue();
  });

  await slip.getByTestId("place-bet").click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Bet Placed Successfully!");
  expect(taken).toBe(shown - 10);
  await expect(toast).toContainText(`Placed at ${oddsText(taken)} (price moved from ${oddsText(shown)})`);
  await expect(toast).toContainText(`Potential return ${money(Math.floor((1000 * taken) / 1000))}`);
  await trader.dispose();
});
