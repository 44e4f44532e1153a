/** Helpers for the admin console journeys. */
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** Open a console section from the side menu (opens the drawer first on small screens). */
export async function openSection(page: Page, id: string) {
  const menuButton = page.getByRole("button", { name: "Open menu" });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByTestId(`menu-${id}`).click();
  await expect(page.getByTestId(`section-${id}`)).toBeVisible();
}

/** Choose an option of a Radix Select by its visible text. */
export async function choose(page: Page, trigger: Locator, option: string | RegExp) {
  await trigger.click();
  await page.getByRole("option", { name: option }).click();
}

export type HeatmapCell = { sport: string; market: string; liability: number; activeBets: number; marketIds: string[] };

export async function heatmapCell(request: APIRequestContext, sport: string, market: string): Promise<HeatmapCell> {
  const res = await request.get("/api/admin/risk-heatmap?range=24h");
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { cells: HeatmapCell[] };
  const cell = body.cells.find((c) => c.sport === sport && c.market === market);
  expect(cell).toBeTruthy();
  return cell!;
}

/** The signed-in user of a page's browser context. */
export async function whoAmI(request: APIRequestContext): Promise<{ id: string; email: string; firstName: string; lastName: string }> {
  const demo = await request.get("/api/demo/user");
  if (demo.ok()) return demo.json();
  const res = await request.get("/api/auth/user");
  expect(res.ok()).toBe(true);
  return res.json();
}

/**
 * After Resolve, wait until the fraud alert shows "resolved" where it was, or has left the list: the
 * list shows only the first ten, open alerts first, so when other journeys' activity has raised more
 * than ten open alerts a resolved one moves out of it. Answers whether the row is still shown.
 */
export async function alertResolvedOrGone(screen: Locator, id: string): Promise<boolean> {
  const row = screen.getByTestId(`fraud-alert-${id}`);
  // allTextContents() answers at once, [] when the row is gone; textContent() would wait for a row
  // that left between two calls, past the poll's timeout (failed a clean-clone run).
  await expect
    .poll(async () => (await row.getByTestId(`fraud-alert-status-${id}`).allTextContents()).map((t) => t.trim())[0] ?? "gone")
    .toMatch(/^(resolved|gone)$/);
  return (await row.count()) > 0;
}
