/**
 * The foundation journey: landing page -> demo customer -> bet slip -> placed bet; a second visitor
 * as demo admin settles the bet won, early, with a reason; the customer's balance shows the payout.
 * Both are demo accounts: demo staff see the demo customers' bets, flagged "Demo" (the demo sandbox).
 */
import { expect, test } from "@playwright/test";
import { demoLoginFromLanding, money, oddsMilli, settleFromBetTable, showEventOnBoard, upcomingEvents } from "./helpers.ts";

test("a customer's bet is settled won by an admin and paid into the wallet", async ({ browser }) => {
  // Two visitors, a placed bet, an event finished and an early settlement with its reason.
  test.setTimeout(120_000);
  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  // A second visitor, as demo admin, opens an event of the journey's own: demo staff settle only what
  // no registered customer holds, and the registered customers' journeys bet on the seeded events.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await demoLoginFromLanding(admin, "admin");
  const tag = Date.now().toString(36);
  const created = await admin.request.post("/api/admin/events", {
    data: {
      sport: "tennis",
      league: "E2E Demo Open",
      homeTeam: `Demo ${tag} Home`,
      awayTeam: `Demo ${tag} Away`,
      // The soonest upcoming event, so it is on the first page of Manage Events (by start time).
      startTime: new Date(Date.now() + 120_000).toISOString(),
      prices: { home: "1.80", away: "2.00" },
    },
  });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;

  // A demo customer from the landing page: 1,000.00 of demo credits.
  await demoLoginFromLanding(page, "customer");
  await expect(page.getByTestId("balance")).toHaveText(money(100000), { timeout: 30_000 });
  const event = (await upcomingEvents(page.request, 200, { withJourneysOwn: true })).find((e) => e.id === eventId)!;
  expect(event, "the journey's own event is listed").toBeTruthy();
  const market = event.markets.find((m) => m.type === "full_time_result")!;
  const outcome = market.outcomes[0];
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).click();

  const slip = page.getByTestId("bet-slip");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(slip.getByTestId("bet-type")).toContainText(/single/i);
  await expect(slip.getByTestId("total-odds")).toContainText(outcome.odds);

  await slip.getByTestId("stake-input").fill("10");
  const expectedReturn = Math.floor((1000 * oddsMilli(outcome.odds)) / 1000);
  await expect(slip.getByTestId("potential-return")).toContainText(money(expectedReturn));
  await expect(slip.getByTestId("potential-profit")).toContainText(money(expectedReturn - 1000));

  await slip.getByTestId("place-bet").click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Bet Placed Successfully!");
  await expect(toast).toContainText(money(expectedReturn));
  const betId = /bet_[a-z0-9]+/.exec((await toast.textContent()) ?? "")?.[0];
  expect(betId).toBeTruthy();
  await expect(slip.getByTestId("slip-selection")).toHaveCount(0);
  await expect(page.getByTestId("balance")).toHaveText(money(99000));
  await expect(page.getByTestId(`my-bet-${betId}`)).toBeVisible();

  // The demo admin's console, loaded now that the bet is placed.
  await admin.reload();
  await expect(admin.getByText("Admin Console").first()).toBeVisible();
  await expect(admin.getByTestId("role-label")).toHaveText("Demo Administrator");
  await expect(admin.getByTestId("events-table")).toBeVisible();
  // Manage Events pages 25 at a time by start time: the soonest upcoming event is on the first page.
  await expect(admin.getByTestId(`event-row-${event.id}`)).toBeVisible();

  // The event is left open: other journeys on this server bet on the soonest events, and finishing
  // this one under them would close the prices they are clicking. The bet is settled early, with
  // the reason the server asks for (finishing an event first is the journey
  // admin-finishes-an-event-early-with-a-reason).

  const betRow = admin.getByTestId(`bet-row-${betId}`);
  await expect(betRow).toBeVisible();
  await expect(betRow.getByTestId(`bet-demo-${betId}`)).toHaveText("Demo");
  // Finished before its scheduled start: settling it is early, and the server asks for a reason
  // (unless the event had started meanwhile), which goes into the audit trail.
  await settleFromBetTable(admin, betId!, "won");
  await expect(betRow).toContainText(/won/i);
  await expect(admin.getByTestId(`settle-won-${betId}`)).toHaveCount(0);
  // The Pending view lists only bets still to settle.
  await admin.getByTestId("bets-filter-toggle").getByRole("radio", { name: "Pending" }).click();
  await expect(admin.getByTestId(`bet-row-${betId}`)).toHaveCount(0);
  const pendingRows = admin.getByTestId("bets-table").locator("tbody tr");
  await expect(pendingRows.first()).toBeVisible();
  for (const row of await pendingRows.all()) await expect(row.getByRole("button", { name: "Won" })).toBeVisible();

  // The customer's page picks the payout up by its normal polling, without a reload.
  await expect(page.getByTestId("balance")).toHaveText(money(99000 + expectedReturn));

  await customerContext.close();
  await adminContext.close();
});
