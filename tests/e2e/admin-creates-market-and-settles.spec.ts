/**
 * An admin creates a featured event and a market on it; a customer bets on the
 * market; the risk heatmap cell shows the liability; the admin suspends the market and the
 * customer's next bet is refused; the admin settles the market and the customer is paid.
 */
import { expect, test } from "@playwright/test";
import { money, staffSignIn } from "./helpers.ts";
import { choose, heatmapCell, openSection } from "./admin-helpers.ts";
import { realCustomerOnBetting } from "./customer-helpers.ts";

test("admin creates a market, a customer bets, the admin suspends and settles it, the customer is paid", async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-5);
  const home = `E2E Rovers ${tag}`;
  const away = `E2E United ${tag}`;
  const marketName = "Total Goals Over/Under 2.5";

  // --- Admin: Create Event from the sidebar Quick Actions (featured, so customers see it on FEATURED).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, "admin");
  await admin.getByTestId("quick-create-event").click();
  const eventDialog = admin.getByTestId("create-event-dialog");
  await expect(eventDialog).toBeVisible();
  await eventDialog.getByLabel("League").fill("E2E League");
  await eventDialog.getByLabel("Home team").fill(home);
  await eventDialog.getByLabel("Away team").fill(away);
  await eventDialog.getByText("Featured").click();
  await eventDialog.getByLabel("Home", { exact: true }).fill("2.10");
  await eventDialog.getByLabel("Draw", { exact: true }).fill("3.40");
  await eventDialog.getByLabel("Away", { exact: true }).fill("3.20");
  await eventDialog.getByTestId("create-event-submit").click();
  await expect(admin.getByTestId("toast")).toContainText("Event created");
  await expect(eventDialog).toHaveCount(0);

  const events = (await (await admin.request.get("/api/events?status=upcoming&limit=200")).json()) as { id: string; homeTeam: string }[];
  const event = events.find((e) => e.homeTeam === home);
  expect(event).toBeTruthy();

  // --- Admin: New Market on the trading desk.
  await openSection(admin, "trading");
  await expect(admin).toHaveURL(/\/admin\?tab=trading$/);
  await admin.getByTestId("new-market-button").click();
  const marketDialog = admin.getByTestId("create-market-dialog");
  await choose(admin, marketDialog.getByTestId("market-event-select"), new RegExp(home));
  await choose(admin, marketDialog.getByTestId("market-type-select"), "Over / Under");
  await marketDialog.getByTestId("market-name-input").fill(marketName);
  await expect(marketDialog.getByTestId("outcome-name-0")).toHaveValue("Over 2.5");
  await marketDialog.getByTestId("outcome-odds-0").fill("2.10");
  await marketDialog.getByTestId("outcome-odds-1").fill("1.75");
  await marketDialog.getByTestId("create-market-submit").click();
  await expect(admin.getByTestId("toast")).toContainText("Market created");
  await expect(marketDialog).toHaveCount(0);

  // The same name again is refused: the spec's error toast, and the dialog stays open.
  await admin.getByTestId("new-market-button").click();
  await choose(admin, marketDialog.getByTestId("market-event-select"), new RegExp(home));
  await choose(admin, marketDialog.getByTestId("market-type-select"), "Over / Under");
  await marketDialog.getByTestId("market-name-input").fill(marketName);
  await marketDialog.getByTestId("outcome-odds-0").fill("2.10");
  await marketDialog.getByTestId("outcome-odds-1").fill("1.75");
  await marketDialog.getByTestId("create-market-submit").click();
  const errorToast = admin.getByTestId("toast");
  await expect(errorToast).toContainText("Error");
  await expect(errorToast).toContainText("Failed to create market");
  await expect(marketDialog).toBeVisible();
  await marketDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(marketDialog).toHaveCount(0);

  const created = (await (await admin.request.get("/api/events?status=upcoming&limit=200")).json()) as {
    id: string;
    markets: { id: string; name: string; outcomes: { id: string; name: string; odds: string }[] }[];
  }[];
  const market = created.find((e) => e.id === event!.id)!.markets.find((m) => m.name === marketName)!;
  const over = market.outcomes.find((o) => o.name === "Over 2.5")!;
  expect(over.odds).toBe("2.10");
  const before = await heatmapCell(admin.request, "Soccer", "O/U");

  // --- Customer: bets 10.00 on Over 2.5 from the featured board.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  // A real customer: operators never see a demo account's bets.
  await realCustomerOnBetting(customer, "newmarket");
  await expect(customer.getByTestId("balance")).toHaveText(money(100000));
  const card = customer.getByTestId(`event-${event!.id}`);
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: /\+\d+ market/ }).click();
  await card.getByTestId(`price-${over.id}`).click();
  const slip = customer.getByTestId("bet-slip");
  await slip.getByTestId("stake-input").fill("10");
  await slip.getByTestId("place-bet").click();
  await expect(customer.getByTestId("toast")).toContainText("Bet Placed Successfully!");
  await expect(customer.getByTestId("balance")).toHaveText(money(99000));

  // --- Admin: the heatmap cell Soccer x O/U now carries this bet's liability (2,100 owed - 1,000 taken).
  await openSection(admin, "dashboard");
  const cell = admin.getByTestId("heatmap-cell-soccer-ou");
  await cell.click();
  const panel = admin.getByTestId("heatmap-panel");
  await expect(panel.getByTestId("cell-liability")).toHaveText(money(before.liability + 1100));
  await expect(panel.getByTestId("cell-active-bets")).toHaveText(String(before.activeBets + 1));

  // The customer lines up a second bet on the same selection before the market is suspended.
  await card.getByTestId(`price-${over.id}`).click();
  await slip.getByTestId("stake-input").fill("5");

  // --- Admin: suspend the market from the cell panel.
  await choose(admin, panel.getByTestId("cell-market-select"), new RegExp(`${home}.*${marketName.replace("/", "\\/")}`));
  await panel.getByTestId("cell-suspend-market").click();
  await expect(admin.getByTestId("toast")).toContainText("Market suspended");
  await expect(panel.getByTestId("cell-suspend-market")).toHaveText("Reopen Market");

  // --- Customer: the next bet is not taken and costs nothing. Either the slip has already learned
  // of the suspension (it follows the events list and the live prices) and holds Place Bet, or the
  // click comes first and the server refuses the bet; both end with the leg marked suspended.
  const place = slip.getByTestId("place-bet");
  const clicked = await place.click({ timeout: 3_000 }).then(() => true, () => false);
  if (clicked) await expect(customer.getByTestId("toast")).toContainText("Bet Failed");
  await expect(slip.getByTestId("slip-leg-state")).toContainText("Suspended");
  await expect(place).toBeDisabled();
  await expect(customer.getByTestId("balance")).toHaveText(money(99000));

  // --- Admin: settle the market by its winning outcome from View Bets.
  await panel.getByTestId("cell-view-bets").click();
  const betsDialog = admin.getByTestId("market-bets-dialog");
  await expect(betsDialog.getByTestId("market-bets-table").locator("tbody tr")).toHaveCount(1);
  await betsDialog.getByTestId("open-settle-market").click();
  const settleDialog = admin.getByRole("dialog", { name: "Settle Market" });
  await settleDialog.getByRole("radio", { name: "Over 2.5 wins (2.10)" }).click();
  // The event has not finished: settling it now is an override with a reason, confirmed with what it does.
  await settleDialog.getByTestId("settle-override").fill("Result confirmed by the league early");
  await settleDialog.getByRole("button", { name: "Settle", exact: true }).click();
  await expect(admin.getByTestId("confirm-market-action")).toContainText("This settles 1 bet and cannot be undone.");
  await admin.getByTestId("confirm-market-action-go").click();
  await expect(admin.getByTestId("toast")).toContainText("Market settled");
  await expect(admin.getByTestId("toast")).toContainText("1 settled");
  await expect(betsDialog.getByTestId("market-bets-table")).toContainText("Won");

  // --- Customer: paid 10.00 x 2.10 = 21.00, picked up by the page's own polling.
  await expect(customer.getByTestId("balance")).toHaveText(money(99000 + 2100));

  await customerContext.close();
  await adminContext.close();
});
