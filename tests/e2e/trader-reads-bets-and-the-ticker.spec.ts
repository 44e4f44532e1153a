/**
 * A trader reads the bets: a demo customer places a bet; a demo trader opens the console and finds it
 * in Bet Management, flagged as a demo bet, with no settling actions (settling is for
 * administrators), and the live bet ticker is on the dashboard too.
 */
import { expect, test } from "@playwright/test";
import { upcomingEvents } from "./helpers.ts";
import { openSection } from "./admin-helpers.ts";

test("a trader reads every bet and the ticker, read-only", async ({ browser }) => {
  test.setTimeout(90_000);
  // A demo customer's bet, placed through the API.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  expect((await customer.request.post("/api/demo/login", { data: { role: "customer" } })).status()).toBe(200);
  const [event] = await upcomingEvents(customer.request, 5);
  const market = event.markets[0];
  const outcome = market.outcomes[0];
  const placed = await customer.request.post("/api/bets", {
    data: { selections: [{ eventId: event.id, marketId: market.id, outcomeId: outcome.id, odds: outcome.odds }], stake: 700, betType: "single" },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const betId = ((await placed.json()) as { bet: { id: string } }).bet.id;

  // A demo trader in the console.
  const traderContext = await browser.newContext();
  const trader = await traderContext.newPage();
  expect((await trader.request.post("/api/demo/login", { data: { role: "trader" } })).status()).toBe(200);
  await trader.goto("/admin");
  await openSection(trader, "dashboard");
  const table = trader.getByTestId("bets-table");
  await expect(table).toBeVisible();
  await trader.getByTestId("bets-search-id").fill(betId);
  const row = trader.getByTestId(`bet-row-${betId}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId(`bet-demo-${betId}`)).toHaveText("Demo");
  // Read-only: no settling buttons, no Actions column.
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(table.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
  await expect(trader.getByTestId("bet-ticker")).toBeVisible();

  await customerContext.close();
  await traderContext.close();
});
