/**
 * A customer bets on a market; an admin settles it early (the event has not
 * finished, so with an override reason, after a confirmation that says what it does) and the
 * customer's bet shows Won with the payout in the balance; the admin then resettles the market
 * through the console to another outcome, with a reason; the customer's bet shows Lost and the
 * payout is taken back from the balance; unsettled, the bet is pending again.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoLoginFromLanding, money, showEventOnBoard, staffSignIn, type ApiEvent } from "./helpers.ts";
import { choose, openSection, whoAmI } from "./admin-helpers.ts";
import { realCustomerOnBetting } from "./customer-helpers.ts";

test("a trader settles a market, then resettles it to another outcome; the customer's bet and balance follow", async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36).slice(-5);
  const homeTeam = `E2E Resettle Home ${tag}`;
  const awayTeam = `E2E Resettle Away ${tag}`;

  // --- Admin: an upcoming featured event of its own, so no other journey bets on it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, "admin"); // real staff: the customer here registered
  const created = await admin.request.post("/api/admin/events", {
    data: {
      sport: "soccer", league: "E2E League", homeTeam, awayTeam, featured: true,
      startTime: new Date(Date.now() + 6 * 3_600_000).toISOString(),
      prices: { home: "2.10", draw: "3.40", away: "3.20" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = ((await created.json()) as { event: ApiEvent }).event;
  const market = event.markets.find((m) => m.type === "full_time_result")!;
  const [home, , away] = market.outcomes;
  expect(home.odds).toBe("2.10");

  // --- Customer: 10.00 on the home side from the board.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  // A real customer: operators never see a demo account's bets.
  await realCustomerOnBetting(customer, "resettle");
  await expect(customer.getByTestId("balance")).toHaveText(money(100000));
  await showEventOnBoard(customer, event);
  await customer.getByTestId(`event-${event.id}`).getByTestId(`price-${home.id}`).click();
  const slip = customer.getByTestId("bet-slip");
  await slip.getByTestId("stake-input").fill("10");
  await slip.getByTestId("place-bet").click();
  const toast = customer.getByTestId("toast");
  await expect(toast).toContainText("Bet Placed Successfully!");
  const betId = /bet_[a-z0-9]+/.exec((await toast.textContent()) ?? "")?.[0];
  expect(betId).toBeTruthy();
  await expect(customer.getByTestId("balance")).toHaveText(money(99000));

  // --- Admin: the dashboard heatmap's Soccer x FT Win cell -> this market -> View Bets -> Settle.
  await openSection(admin, "dashboard");
  await admin.getByTestId("heatmap-cell-soccer-ftwin").click();
  const panel = admin.getByTestId("heatmap-panel");
  await choose(admin, panel.getByTestId("cell-market-select"), new RegExp(homeTeam));
  await panel.getByTestId("cell-view-bets").click();
  const betsDialog = admin.getByTestId("market-bets-dialog");
  await expect(betsDialog.getByTestId(`market-bet-${betId}`)).toBeVisible();
  await betsDialog.getByTestId("open-settle-market").click();
  const settleDialog = admin.getByRole("dialog", { name: "Settle Market" });
  await settleDialog.getByRole("radio", { name: `${home.name} wins (2.10)` }).click();
  // The event has not finished: the override reason is asked for, and a short one is not enough.
  const override = settleDialog.getByTestId("settle-override");
  await override.fill("early");
  await settleDialog.getByRole("button", { name: "Settle", exact: true }).click();
  await expect(settleDialog).toContainText("Give a reason of at least 10 characters");
  await expect(admin.getByTestId("confirm-market-action")).toHaveCount(0);
  await override.fill("Result confirmed by the league before full time");
  await settleDialog.getByRole("button", { name: "Settle", exact: true }).click();
  const confirm = admin.getByTestId("confirm-market-action");
  await expect(confirm).toContainText("This settles 1 bet and cannot be undone.");
  await confirm.getByTestId("confirm-market-action-go").click();
  await expect(admin.getByTestId("toast")).toContainText("Market settled");
  await expect(betsDialog.getByTestId(`market-bet-${betId}`)).toContainText("Won");

  // --- Customer: the bet is Won and 21.00 is paid, picked up by the page's polling.
  await expect(customer.getByTestId("balance")).toHaveText(money(99000 + 2100));
  await customer.getByTestId("my-bets-settled").click();
  await expect(customer.getByTestId(`my-bet-${betId}`).getByTestId("bet-status")).toHaveText("WON");

  // --- Admin: the market is settled, so the dialog now offers Resettle; the away side won.
  await betsDialog.getByTestId("open-resettle-market").click();
  const resettleDialog = admin.getByTestId("resettle-market-dialog");
  await expect(resettleDialog.getByRole("radio", { name: new RegExp(`${home.name} wins.*current result`) })).toBeDisabled();
  await resettleDialog.getByRole("radio", { name: `${away.name} wins (3.20)` }).click();
  await resettleDialog.getByTestId("resettle-reason").fill("Wrong winner entered: the away side won");
  await resettleDialog.getByTestId("resettle-override").fill("Result confirmed by the league before full time");
  await resettleDialog.getByTestId("submit-resettle-market").click();
  await expect(confirm).toContainText("This resettles 1 bet with the new result");
  await confirm.getByTestId("confirm-market-action-go").click();
  await expect(admin.getByTestId("toast")).toContainText("Market resettled");
  await expect(resettleDialog).toHaveCount(0);
  await expect(betsDialog.getByTestId(`market-bet-${betId}`)).toContainText("Lost");

  // --- Customer: the bet is Lost and the 21.00 payout is taken back (the balance covered it: no debt).
  await expect(customer.getByTestId(`my-bet-${betId}`).getByTestId("bet-status")).toHaveText("LOST");
  await expect(customer.getByTestId("balance")).toHaveText(money(99000));
  const debt = await customer.request.get("/api/me/debt");
  expect(debt.ok()).toBe(true);
  expect(((await debt.json()) as { owed: number }).owed).toBe(0);

  // --- Admin: unsettle it (a reason, a confirmation): the bet waits for a new result and can be settled again.
  await betsDialog.getByTestId("open-unsettle-market").click();
  const unsettleDialog = admin.getByTestId("unsettle-market-dialog");
  await unsettleDialog.getByTestId("unsettle-reason").fill("Result under review by the league");
  await unsettleDialog.getByTestId("submit-unsettle-market").click();
  await expect(confirm).toContainText("This returns 1 bet to pending");
  await confirm.getByTestId("confirm-market-action-go").click();
  await expect(admin.getByTestId("toast")).toContainText("Market unsettled");
  await expect(betsDialog.getByTestId(`market-bet-${betId}`)).toContainText("Pending");
  await expect(betsDialog.getByTestId("open-settle-market")).toBeVisible();
  await customer.getByTestId("my-bets-open").click();
  await expect(customer.getByTestId(`my-bet-${betId}`).getByTestId("bet-status")).toHaveText("PENDING");
  await expect(customer.getByTestId("balance")).toHaveText(money(99000));

  await customerContext.close();
  await adminContext.close();
});

/** An upcoming featured soccer event of the journey's own (admin API), with its match-result market. */
async function newEvent(request: APIRequestContext, homeTeam: string, awayTeam: string) {
  const created = await request.post("/api/admin/events", {
    data: {
      sport: "soccer", league: "E2E League", homeTeam, awayTeam, featured: true,
      startTime: new Date(Date.now() + 6 * 3_600_000).toISOString(),
      prices: { home: "2.10", draw: "3.40", away: "3.20" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = ((await created.json()) as { event: ApiEvent }).event;
  return { event, market: event.markets.find((m) => m.type === "full_time_result")! };
}

async function betAll(request: APIRequestContext, e: { event: ApiEvent; market: ApiEvent["markets"][number] }, stake: number) {
  const o = e.market.outcomes[0];
  const res = await request.post("/api/bets", {
    data: { betType: "single", stake, selections: [{ eventId: e.event.id, marketId: e.market.id, outcomeId: o.id, odds: o.odds }] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("a resettlement after the winnings were spent leaves a debt the customer and the admin see", async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36).slice(-5);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await demoLoginFromLanding(admin, "admin");
  const first = await newEvent(admin.request, `E2E Debt Home ${tag}`, `E2E Debt Away ${tag}`);
  const second = await newEvent(admin.request, `E2E Spend Home ${tag}`, `E2E Spend Away ${tag}`);
  const early = { reason: "Result confirmed by the league before full time" };

  // The customer stakes the whole 1,000.00 on the first event's home side; it is settled won: 2,100.00.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await demoLoginFromLanding(customer, "customer");
  const me = await whoAmI(customer.request);
  await betAll(customer.request, first, 100000);
  const settled = await admin.request.post(`/api/admin/markets/${encodeURIComponent(first.market.id)}/settle`, {
    data: { winningOutcomeId: first.market.outcomes[0].id, override: early },
  });
  expect(settled.ok(), await settled.text()).toBe(true);
  // ...and spends all of it on the second event.
  await betAll(customer.request, second, 210000);
  await customer.goto("/account");
  await expect(customer.getByTestId("account-balance")).toHaveText(money(0));
  await expect(customer.getByTestId("debt-notice")).toHaveCount(0);

  // The first market is resettled to the away side: the 2,100.00 payout is taken back, all of it spent.
  const resettled = await admin.request.post(`/api/admin/markets/${encodeURIComponent(first.market.id)}/resettle`, {
    data: { winningOutcomeId: first.market.outcomes[2].id, reason: "Wrong winner entered: the away side won", override: early },
  });
  // It moves 2,100.00, above the four-eyes threshold: a second (demo) admin approves it, and the
  // resettlement applies then.
  expect(resettled.status(), await resettled.text()).toBe(202);
  const { approval } = (await resettled.json()) as { approval: { id: string } };
  const approverContext = await browser.newContext();
  const approver = await approverContext.newPage();
  await demoLoginFromLanding(approver, "admin");
  const approved = await approver.request.post(`/api/admin/approvals/${approval.id}/approve`, { data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);
  expect(((await approved.json()) as { applied: { debt: number } }).applied.debt).toBe(210000);
  await approverContext.close();

  // The customer's account page says what is owed and where it will come from.
  await customer.reload();
  await expect(customer.getByTestId("debt-notice")).toHaveText(
    `You owe ${money(210000)}; it will be taken from your next deposits or winnings.`,
  );

  // The admin sees it on the user's details (User Management is opened by address: it is not in the side menu).
  await admin.goto("/admin?tab=users");
  const section = admin.getByTestId("section-users");
  await section.getByPlaceholder("Search users by name or email...").fill(me.email);
  await section.getByTestId(`user-row-${me.id}`).getByTestId(`user-view-${me.id}`).click();
  await expect(admin.getByTestId("user-modal").getByTestId("user-debt")).toHaveText(`Owes ${money(210000)}`);

  await customerContext.close();
  await adminContext.close();
});
