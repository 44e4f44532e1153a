/** Helpers for the results-control and four-eyes journeys: an event of the journey's own, a real customer's bet on it. */
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import type { ApiEvent } from "./helpers.ts";
import { depositByApi, registerCustomer, verifyCustomer } from "./customer-helpers.ts";

/** An upcoming soccer event of the journey's own, starting six hours from now (so finishing it now is early). */
export async function ownEvent(request: APIRequestContext, tag: string): Promise<ApiEvent> {
  const res = await request.post("/api/admin/events", {
    data: {
      sport: "soccer", league: "E2E Control League", homeTeam: `E2E ${tag} Home ${Date.now().toString(36)}`, awayTeam: `E2E ${tag} Away`,
      startTime: new Date(Date.now() + 6 * 3_600_000).toISOString(), prices: { home: "2.50", draw: "3.20", away: "2.90" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { event: ApiEvent }).event;
}

/** A real customer (operators do not see demo accounts' bets) in a context of their own, funded with 1,000.00. */
export async function fundedCustomer(browser: Browser, tag: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const c = await registerCustomer(page.request, tag, "Robin", "Control");
  await verifyCustomer(page.request, c, "full");
  await depositByApi(page.request, 100_000);
  return { page, close: () => context.close() };
}

/** A single on outcome `i` of the event's match market, placed through the API; its id. */
export async function betOn(request: APIRequestContext, event: ApiEvent, i: number, stake: number): Promise<string> {
  const m = event.markets[0];
  const res = await request.post("/api/bets", {
    data: { selections: [{ eventId: event.id, marketId: m.id, outcomeId: m.outcomes[i].id, odds: m.outcomes[i].odds }], stake, betType: "single" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { bet: { id: string } }).bet.id;
}

/** Find one bet in Bet Management by its id. */
export async function showBet(page: Page, betId: string) {
  await page.getByTestId("bets-filter-toggle").getByRole("radio", { name: "All" }).click();
  await page.getByTestId("bets-search-id").fill(betId);
  await expect(page.getByTestId(`bet-row-${betId}`)).toBeVisible();
}
