/**
 * On a phone (375 px) and a tablet (768 px) tapping a price opens the bet slip as a bottom
 * sheet with the selection and the stake field in the first viewport, focus inside it and the page
 * behind where it was; Escape and the close button close it; the slip bar shows the count and opens it.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";

/** The betting page can take many seconds to show its data on a busy machine: wait on the data, longer. */
const expect = baseExpect.configure({ timeout: 30_000 });
const boardReady = (page: Page) => expect(page.locator('.sb-board__list [data-testid^="event-"]').first()).toBeVisible();
import { islandsHydrated, showEventOnBoard, upcomingEvents } from "./helpers.ts";

async function tapAPriceAndSeeTheSheet(page: Page) {
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const outcome = event.markets.find((m) => m.type === "full_time_result")!.outcomes[0];
  await boardReady(page);
  await showEventOnBoard(page, event);
  const price = page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`);
  await price.scrollIntoViewIfNeeded();

  await price.click();
  const sheet = page.getByTestId("slip-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId("slip-selection")).toContainText(outcome.name);
  await expect(sheet.getByTestId("slip-selection")).toBeInViewport();
  await expect(sheet.getByTestId("stake-input")).toBeInViewport();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="slip-sheet"]'))).toBe(true);
  // The page behind stays where it was: the tapped price is still on screen. (Not scrollY itself: the
  // browser's scroll anchoring moves it when content above changes, e.g. an event going live,
  // precisely so that what is on screen stays put.)
  await expect(price).toBeInViewport();
  return { sheet, outcome, price };
}

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("a tap on a price opens the slip as a bottom sheet; Escape, close and the slip bar work it", async ({ page }) => {
  test.setTimeout(240_000);
    expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
    await page.goto("/betting");
    await islandsHydrated(page);
    const bar = page.getByTestId("slip-bar");
    await expect(bar).toBeInViewport();
    await expect(page.getByTestId("slip-bar-count")).toHaveText("0");

    const { sheet, price } = await tapAPriceAndSeeTheSheet(page);
    await sheet.getByTestId("stake-input").fill("5");
    await expect(sheet.getByTestId("potential-return")).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(price).toBeInViewport();
    await expect(page.getByTestId("slip-bar-count")).toHaveText("1");

    // The slip bar (and the header's Bet Slip button) open the same slip, stake kept.
    await bar.click();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId("stake-input")).toHaveValue("5");
    await expect(sheet.getByTestId("stake-input")).toBeInViewport();
    await sheet.getByTestId("sheet-close").click();
    await expect(sheet).toBeHidden();
    await page.getByTestId("open-bet-slip").click();
    await expect(sheet).toBeVisible();

    // Placed: the sheet closes by itself and the bar is back to 0.
    await sheet.getByTestId("place-bet").click();
    await expect(page.getByTestId("toast")).toContainText("Bet Placed Successfully!");
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("slip-bar-count")).toHaveText("0");
  });
});

test.describe("at 768 px", () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test("the slip, below the fold in one column, opens as a bottom sheet too", async ({ page }) => {
  test.setTimeout(240_000);
    expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
    await page.goto("/betting");
    await islandsHydrated(page);
    const { sheet } = await tapAPriceAndSeeTheSheet(page);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
  });
});
