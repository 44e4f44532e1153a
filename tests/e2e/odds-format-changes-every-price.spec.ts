/**
 * The odds format setting (User Settings) changes every price the customer sees: the board, the
 * live panel, boosts, same game multis, next-to-go, the slip, their bets, the public view and the
 * landing page's live board.
 */
import { expect, test, type Page } from "@playwright/test";
import { showEventOnBoard, upcomingEvents } from "./helpers.ts";
import { american, fractional, shownPrices } from "./customer-helpers.ts";

const DECIMAL = /^\d+\.\d{2,3}$/;
const FRACTIONAL = /^\d+\/\d+$/;
const AMERICAN = /^[+-]\d+$/;

async function everyPriceMatches(page: Page, pattern: RegExp) {
  await expect
    .poll(async () => {
      const prices = await shownPrices(page);
      return prices.length > 10 && prices.every((p) => pattern.test(p)) ? "ok" : prices.filter((p) => !pattern.test(p)).slice(0, 5).join(" | ") || `only ${prices.length}`;
    })
    .toBe("ok");
}

async function chooseFormat(page: Page, label: "Decimal" | "Fractional" | "American") {
  await page.goto("/account#settings");
  await page.getByRole("radio", { name: new RegExp(`^${label}`) }).click();
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("toast")).toContainText("Settings Saved");
}

test("decimal, fractional and American odds everywhere a price shows", async ({ page }) => {
  test.setTimeout(90_000);
  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const win = event.markets.find((m) => m.type === "full_time_result")!;
  const outcome = win.outcomes[0];

  // A bet and a selection in the slip, so the slip and My Bets show prices too.
  await page.goto("/betting");
  await showEventOnBoard(page, event);
  const price = page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`);
  await price.click();
  await page.getByTestId("stake-input").fill("2");
  await page.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Placed Successfully!");
  await price.click();
  await expect(page.getByTestId("slip-odds")).toHaveText(DECIMAL);
  await everyPriceMatches(page, DECIMAL);

  await chooseFormat(page, "Fractional");
  await page.goto("/betting");
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).click();
  await expect(page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).locator("[data-odds]")).toHaveText(fractional(outcome.odds));
  await expect(page.getByTestId("slip-odds")).toHaveText(fractional(outcome.odds));
  await expect(page.getByTestId("my-bets").locator("[data-odds]").first()).toHaveText(FRACTIONAL);
  await everyPriceMatches(page, FRACTIONAL);

  await chooseFormat(page, "American");
  await page.goto("/betting");
  await showEventOnBoard(page, event);
  await expect(page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).locator("[data-odds]")).toHaveText(american(outcome.odds));
  await everyPriceMatches(page, AMERICAN);

  // The public view follows the signed-in customer's format too.
  const [listed] = await upcomingEvents(page.request, 10);
  const listedOutcome = (listed.markets.find((m) => m.type === "full_time_result") ?? listed.markets[0]).outcomes[0];
  await page.goto("/public");
  await expect(page.getByTestId(`pub-price-${listedOutcome.id}`).locator("[data-odds]")).toHaveText(american(listedOutcome.odds));
  await everyPriceMatches(page, AMERICAN);

  // So does the landing page's live board.
  await page.goto("/");
  await expect(page.getByTestId("live-event-card").first().locator('[data-f="homeOdds"]')).toHaveText(AMERICAN);

  await chooseFormat(page, "Decimal");
  await page.goto("/betting");
  await everyPriceMatches(page, DECIMAL);
});
