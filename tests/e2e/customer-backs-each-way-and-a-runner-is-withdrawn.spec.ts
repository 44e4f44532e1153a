/**
 * Each way and Rule 4 as a journey (docs/money.md "Each way and Rule 4"): a customer backs a runner each way
 * through the slip (the "Each way" checkbox, 2 x the unit stake); a trader withdraws another runner
 * from the race's admin view (Rule 4, 25p) after a confirmation; the admin settles with a winner and
 * the placed runners through the Settle dialog; the customer sees the place part paid less the
 * deduction and the Rule 4 line on the bet.
 */
import { expect, test } from "@playwright/test";
import { money, showEventOnBoard, upcomingEvents, staffSignIn } from "./helpers.ts";
import { choose, openSection } from "./admin-helpers.ts";
import { realCustomerOnBetting } from "./customer-helpers.ts";

/**
 * Eight runners: 1/5 the odds, three places. Runner 8 at 4.00 (3/1) is withdrawn: 25p in the £, and
 * the field of seven is settled on 1/4 the odds, two places (docs/money.md "Each-way terms after
 * withdrawals").
 */
const ODDS = ["9.00", "5.00", "6.00", "8.00", "11.00", "13.00", "15.00", "4.00"];

test("a customer backs a runner each way, another is withdrawn, the race is settled with placed runners; the return is reduced by Rule 4", async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).slice(-5);
  const marketName = `E2E Rule 4 ${tag}`;

  // --- Admin: a race market of the journey's own on an upcoming race.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, "admin");
  const race = (await upcomingEvents(admin.request, 200)).find((e) => e.sport === "racing");
  expect(race, "an upcoming race in the seed").toBeTruthy();
  const created = await admin.request.post("/api/admin/create-market", {
    data: { eventId: race!.id, marketType: "full_time_result", name: marketName, outcomes: ODDS.map((odds, i) => ({ name: `R4 ${tag} Runner ${i + 1}`, odds })) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const market = ((await created.json()) as { market: { id: string; outcomes: { id: string; name: string; odds: string }[] } }).market;
  const [winner, mine] = market.outcomes;
  const gone = market.outcomes[7];

  // --- Customer: 5.00 each way on runner 2 (5.00) from the race's card: the slip offers the terms.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  // A real customer: operators never see a demo account's bets.
  await realCustomerOnBetting(customer, "eachway");
  // A loaded machine can take a while to load the board after signing in: wait on the balance itself.
  await expect(customer.getByTestId("balance")).toHaveText(money(100000), { timeout: 30_000 });
  await showEventOnBoard(customer, race!);
  const card = customer.getByTestId(`event-${race!.id}`);
  await card.getByRole("button", { name: /^\+\d+ markets?$/ }).click();
  await card.getByTestId(`price-${mine.id}`).click();
  const slip = customer.getByTestId("bet-slip");
  const toggle = slip.getByTestId("each-way-toggle");
  await expect(slip.getByTestId("each-way")).toContainText("Each way (E/W 1/5 1-2-3)");
  await toggle.click();
  await slip.getByTestId("stake-input").fill("5");
  await expect(slip.getByTestId("each-way-total")).toHaveText(`Total stake ${money(1000)} (2 x ${money(500)})`);
  // Both parts won: 25.00 + 5.00 x (1 + 4/5) = 34.00.
  await expect(slip.getByTestId("potential-return")).toHaveText(money(3400));
  await slip.getByTestId("place-bet").click();
  const toast = customer.getByTestId("toast");
  await expect(toast).toContainText("Bet Placed Successfully!");
  const betId = /bet_[a-z0-9]+/.exec((await toast.textContent()) ?? "")?.[0];
  expect(betId).toBeTruthy();
  await expect(customer.getByTestId("balance")).toHaveText(money(99000));

  // --- Admin: the race's market from the heatmap (Racing x FT Win) -> View Bets -> withdraw runner 8.
  await openSection(admin, "dashboard");
  await admin.getByTestId("heatmap-cell-racing-ftwin").click();
  const panel = admin.getByTestId("heatmap-panel");
  await choose(admin, panel.getByTestId("cell-market-select"), new RegExp(marketName));
  await panel.getByTestId("cell-view-bets").click();
  const betsDialog = admin.getByTestId("market-bets-dialog");
  await expect(betsDialog.getByTestId(`market-bet-${betId}`)).toBeVisible();
  await betsDialog.getByTestId(`withdraw-${gone.id}`).click();
  const withdrawDialog = admin.getByTestId("withdraw-runner-dialog");
  await expect(withdrawDialog).toContainText(`Withdraw ${gone.name}?`);
  await expect(withdrawDialog.getByTestId("withdraw-odds")).toHaveValue("4.00");
  await withdrawDialog.getByTestId("confirm-withdraw").click();
  await expect(admin.getByTestId("toast").filter({ hasText: "Runner withdrawn" })).toContainText("25p");
  await expect(betsDialog.getByTestId(`runner-withdrawn-${gone.id}`)).toContainText("Withdrawn at 4.00");

  // --- Admin: settle: runner 1 won, runners 2 and 3 placed, ticked in finishing order (2nd, 3rd);
  // the withdrawn runner is not offered.
  await betsDialog.getByTestId("open-settle-market").click();
  const settleDialog = admin.getByRole("dialog", { name: "Settle Market" });
  await expect(settleDialog.getByTestId(`withdrawn-${gone.id}`)).toContainText("Withdrawn");
  // Runner 1 is 6.30 now: the race was re-formed without runner 8 (docs/trading.md "Non-runners re-form the race").
  await settleDialog.getByRole("radio", { name: `${winner.name} wins (6.30)` }).click();
  await settleDialog.getByTestId(`placed-${mine.id}`).click();
  await settleDialog.getByTestId(`placed-${market.outcomes[2].id}`).click();
  await expect(settleDialog.getByTestId(`placed-position-${mine.id}`)).toHaveText("2nd");
  await expect(settleDialog.getByTestId(`placed-position-${market.outcomes[2].id}`)).toHaveText("3rd");
  await settleDialog.getByTestId("settle-override").fill("Race run and the result confirmed by the judge");
  await settleDialog.getByRole("button", { name: "Settle", exact: true }).click();
  const confirm = admin.getByTestId("confirm-market-action");
  await expect(confirm).toContainText("This settles 1 bet and cannot be undone.");
  await confirm.getByTestId("confirm-market-action-go").click();
  await expect(admin.getByTestId("toast").filter({ hasText: "Market settled" })).toBeVisible();
  await expect(betsDialog.getByTestId(`market-bet-${betId}`)).toContainText("Won");

  // --- Customer: 2nd is within the seven-runner field's two places at 1/4: the place part pays
  // 5.00 + 5.00 x 4/4 x 0.75 = 8.75; the bet shows the terms it was settled on and the Rule 4 line.
  await expect(customer.getByTestId("balance")).toHaveText(money(99000 + 875));
  await customer.getByTestId("my-bets-settled").click();
  const bet = customer.getByTestId(`my-bet-${betId}`);
  await expect(bet.getByTestId("bet-status")).toHaveText("WON");
  await expect(bet.getByTestId("bet-return")).toHaveText(`Returned ${money(875)}`);
  await expect(bet.getByTestId("bet-rule4")).toHaveText("Rule 4: 25p in the £ deducted");
  await expect(bet.getByTestId("bet-each-way")).toContainText("E/W 1/5 1-2-3");
  await expect(bet.getByTestId("bet-each-way-settled-on")).toHaveText("Settled on E/W 1/4 1-2: 7 runners");

  await customerContext.close();
  await adminContext.close();
});
