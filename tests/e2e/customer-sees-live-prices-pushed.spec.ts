/**
 * Live prices on /betting arrive over the server-sent stream (GET /api/live-odds/stream) and the
 * 3-second poll stops while it is up; when the stream is unavailable the page polls instead.
 * The e2e server moves live prices every second (FEED_INTERVAL_MS=1000).
 */
import { expect, test, type Page } from "@playwright/test";

async function livePanelPrices(page: Page): Promise<string> {
  return (await page.getByTestId("live-odds-panel").locator("[data-odds]").allInnerTexts()).join(" ");
}

test("prices are pushed over the stream, without polling", async ({ page }) => {
  let polls = 0;
  let streams = 0;
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path === "/api/live-odds") polls++;
    if (path === "/api/live-odds/stream") streams++;
  });
  await page.goto("/betting");
  await expect(page.getByTestId("live-odds-panel").locator("[data-odds]").first()).toBeVisible();
  await page.waitForTimeout(1500);
  const before = await livePanelPrices(page);
  const pollsBefore = polls;
  // Within 12 s the prices move (the feed moves them every second) with no new poll.
  await expect.poll(() => livePanelPrices(page), { timeout: 12_000 }).not.toBe(before);
  await page.waitForTimeout(4000);
  expect(streams).toBe(1);
  expect(polls - pollsBefore).toBe(0);
});

test("when the stream is unavailable the page falls back to the 3-second poll", async ({ page }) => {
  await page.route("**/api/live-odds/stream", (route) => route.fulfill({ status: 503, body: "unavailable" }));
  let polls = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/live-odds") polls++;
  });
  await page.goto("/betting");
  await expect(page.getByTestId("live-odds-panel").locator("[data-odds]").first()).toBeVisible();
  const before = await livePanelPrices(page);
  const start = polls;
  await page.waitForTimeout(10_000);
  expect(polls - start).toBeGreaterThanOrEqual(3);
  expect(await livePanelPrices(page)).not.toBe(before);
});
