/**
 * The bet slip's legs, placement and refusals are a chunk of their own (slip-full), loaded on
 * demand so the betting page's first screen stays within its JavaScript budget. A customer who taps
 * a price before that chunk has arrived sees the selection counted and a loading line, then the full
 * slip, and bets as usual; on a phone the sheet keeps focus while the slip's content arrives. The
 * chunk is held back by the test (released on an explicit signal, never after a wait).
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { islandsHydrated, money, showEventOnBoard, upcomingEvents } from "./helpers.ts";

/** The betting page can take many seconds to show its data on a busy machine: wait on the data, longer. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Holds every request for the full slip's chunk until `release()`; `requested` says one was made. */
async function holdFullSlip(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let requested = 0;
  await page.route(/\/_astro\/slip-full\.[\w-]+\.js$/, async (route) => {
    requested++;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

async function aPrice(page: Page) {
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const outcome = event.markets.find((m) => m.type === "full_time_result")!.outcomes[0];
  await showEventOnBoard(page, event);
  return { outcome, price: page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`) };
}

test.beforeEach(async ({ page }) => {
  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
});

test("a tap before the full slip has arrived: counted at once, the legs when it arrives, then a bet as usual", async ({ page }) => {
  const held = await holdFullSlip(page);
  await page.goto("/betting");
  await islandsHydrated(page);
  await expect(page.getByTestId("balance")).toHaveText(money(100000));
  const slip = page.getByTestId("bet-slip");
  const { outcome, price } = await aPrice(page);
  // The empty slip is drawn without the chunk, and the page asks for it ahead of the first tap.
  await expect(slip.getByText("Your bet slip is empty. Tap a price to add a selection.")).toBeVisible();
  await expect.poll(held.requested).toBeGreaterThan(0);

  await price.click();
  await expect(slip.getByTestId("slip-count")).toHaveText("1");
  await expect(slip.getByTestId("slip-loading")).toBeVisible();
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await expect(slip.getByTestId("slip-selection")).toHaveCount(0);

  held.release();
  await expect(slip.getByTestId("slip-selection")).toContainText(outcome.name);
  await expect(slip.getByTestId("slip-loading")).toHaveCount(0);
  await slip.getByTestId("stake-input").fill("5");
  await expect(slip.getByTestId("potential-return")).toBeVisible();
  await slip.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Placed Successfully!");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(0);
  await expect(page.getByTestId("balance")).toHaveText(money(99500));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the sheet opens on the tap and keeps focus while the slip's content arrives", async ({ page }) => {
    const held = await holdFullSlip(page);
    await page.goto("/betting");
    await islandsHydrated(page);
    const { outcome, price } = await aPrice(page);
    await price.scrollIntoViewIfNeeded();
    await price.click();
    const sheet = page.getByTestId("slip-sheet");
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId("slip-loading")).toBeVisible();
    const focusInSheet = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="slip-sheet"]'));
    await expect.poll(focusInSheet).toBe(true);

    held.release();
    await expect(sheet.getByTestId("slip-selection")).toContainText(outcome.name);
    expect(await focusInSheet()).toBe(true);
    await expect(sheet.getByTestId("stake-input")).toBeInViewport();
  });
});

test("when the full slip cannot be fetched, the slip says so and a reload brings it back with the selection", async ({ page }) => {
  // Every request for the chunk fails, as on a dropped connection, until the route is removed.
  const chunk = /\/_astro\/slip-full\.[\w-]+\.js$/;
  await page.route(chunk, (route) => route.abort("internetdisconnected"));
  await page.goto("/betting");
  await islandsHydrated(page);
  const slip = page.getByTestId("bet-slip");
  const { outcome, price } = await aPrice(page);
  await price.click();
  await expect(slip.getByTestId("slip-load-failed")).toHaveText(
    "Your bet slip could not load. Check your connection, then reload: your selections are kept.",
  );
  // The rest of the page still works: the board is there and the selection counted.
  await expect(slip.getByTestId("slip-count")).toHaveText("1");
  await expect(price).toBeVisible();

  await page.unroute(chunk);
  await slip.getByTestId("slip-reload").click();
  await expect(slip.getByTestId("slip-selection")).toContainText(outcome.name);
  await expect(slip.getByTestId("slip-load-failed")).toHaveCount(0);
});
