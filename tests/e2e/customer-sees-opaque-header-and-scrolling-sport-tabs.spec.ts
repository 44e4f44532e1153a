/**
 * The sticky header and sport tabs are opaque (no card shows through them), and on a phone
 * the sport tab row, which overflows, fades at the edge where more tabs wait and scrolls the active
 * tab into view (a deep link to the last sport shows its tab).
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";

/** The betting page can take many seconds to show its data on a busy machine: wait on the data, longer. */
const expect = baseExpect.configure({ timeout: 30_000 });
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const boardReady = (page: Page) => expect(page.locator('.sb-board__list [data-testid^="event-"]').first()).toBeVisible();
import { islandsHydrated } from "./helpers.ts";

test.use({ viewport: { width: 375, height: 667 } });

const alpha = (color: string) => {
  const m = color.match(/rgba?\(([^)]+)\)/);
  if (!m) return color === "transparent" ? 0 : NaN;
  const parts = m[1].split(/[ ,/]+/).filter(Boolean);
  return parts.length > 3 ? Number(parts[3]) : 1;
};

test("header and tabs are opaque; the overflowing tab row fades at its edges and shows the active tab", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto("/betting");
  await islandsHydrated(page);
  const tablist = page.getByRole("tablist", { name: "Sports" });
  const tabs = tablist.getByRole("tab");
  await expect(tabs.nth(3)).toBeVisible();

  for (const sel of [".sb-header", ".sb-tabs"]) {
    const style = await page.locator(sel).first().evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.backgroundColor, filter: s.backdropFilter };
    });
    expect(alpha(style.color), `${sel} background ${style.color}`).toBe(1);
    expect(style.filter === "none" || style.filter === "").toBe(true);
  }

  // The row overflows at 375 px and says so: fading layers at its edges.
  const row = await tablist.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, image: getComputedStyle(el).backgroundImage }));
  expect(row.scroll).toBeGreaterThan(row.client);
  expect(row.image.match(/linear-gradient/g)?.length).toBe(4);

  // The cards scroll under the header and tabs: what is drawn at the tabs' spot is the tab row.
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
  const box = (await tablist.boundingBox())!;
  const onTop = await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('[role="tablist"]'), [box.x + 4, box.y + box.height / 2]);
  expect(onTop).toBe(true);

  // A deep link to the last sport: its tab is scrolled into view inside the row, the page is not moved sideways.
  const last = tabs.last();
  const testId = (await last.getAttribute("data-testid"))!;
  await page.goto(`/betting?tab=${testId.replace(/^tab-/, "")}`);
  await islandsHydrated(page);
  await expect(page.getByTestId(testId)).toHaveAttribute("aria-selected", "true");
  // Inside the row's visible part (the row itself may be below the page's fold: only the row scrolls).
  await expect
    .poll(() =>
      page.getByTestId(testId).evaluate((el) => {
        const tab = el.getBoundingClientRect();
        const row = el.parentElement!.getBoundingClientRect();
        return tab.left >= row.left - 0.5 && tab.right <= row.right + 0.5;
      }),
    )
    .toBe(true);
  await expect.poll(() => tablist.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
