/**
 * Journey (docs/trading.md "Non-runners re-form the race"): a customer backs a runner each way in an
 * eight-runner race of the journey's own and puts another on the slip; an operator withdraws the
 * 1.46 favourite from the race's admin view. The customer's race card shows the market suspended
 * while the race is re-formed, then the re-formed prices and the new each-way terms (1/4 1-2 for a
 * field of seven); a bet at the old price is refused with the new one, and the slip places at it.
 * Its own market on a seeded race: the re-form suspends that market only, so the journey is
 * independent (docs/architecture.md "Tests: isolation and speed").
 */
import { expect, test } from "@playwright/test";
import { islandsHydrated, money, recordToasts, showEventOnBoard, staffSignIn, toastsShown, upcomingEvents } from "./helpers.ts";
import { choose, openSection } from "./admin-helpers.ts";
import { realCustomerOnBetting } from "./customer-helpers.ts";

/** The favourite at 1.46 (65p) and seven others: a 124.1% book, the seven 55.6% of it. */
const ODDS = ["1.46", "6.00", "8.00", "11.00", "15.00", "21.00", "29.00", "41.00"];
/** The seven re-formed at the racing margin (118%), as tests/api/race-reform.test.ts works them out. */
const REFORMED = ["2.98", "3.87", "5.16", "6.84", "9.28", "12.40", "17.00"];

test("an operator withdraws a favourite: the race card shows the market suspended, then re-formed prices and the new each-way terms; a bet at the old price is refused", async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).slice(-5);
  const marketName = `E2E Reform ${tag}`;

  // --- Admin: a race market of the journey's own on an upcoming race.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  // The admin's toasts are kept (sessionStorage) so the journey can read them after seeing to the customer.
  await recordToasts(admin);
  // Real staff: the customer is a registered one, whose bets demo staff may not touch.
  await staffSignIn(admin, "admin");
  const race = (await upcomingEvents(admin.request, 200)).find((e) => e.sport === "racing");
  expect(race, "an upcoming race in the seed").toBeTruthy();
  const created = await admin.request.post("/api/admin/create-market", {
    data: { eventId: race!.id, marketType: "full_time_result", name: marketName, outcomes: ODDS.map((odds, i) => ({ name: `RF ${tag} Runner ${i + 1}`, odds })) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const market = ((await created.json()) as { market: { id: string; outcomes: { id: string; name: string; odds: string }[] } }).market;
  const [favourite, second, third] = market.outcomes;

  // --- Customer: 5.00 each way on runner 3 (8.00) at 1/5 three places, then runner 2 (6.00) on the slip.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await realCustomerOnBetting(customer, "reform");
  await expect(customer.getByTestId("balance")).toHaveText(money(100000), { timeout: 30_000 });
  await showEventOnBoard(customer, race!);
  const card = customer.getByTestId(`event-${race!.id}`);
  await card.getByRole("button", { name: /^\+\d+ markets?$/ }).click();
  await expect(card.getByTestId(`each-way-terms-${market.id}`)).toHaveText(" · E/W 1/5 1-2-3");
  await card.getByTestId(`price-${third.id}`).click();
  const slip = customer.getByTestId("bet-slip");
  await slip.getByTestId("each-way-toggle").click();
  await slip.getByTestId("stake-input").fill("5");
  await slip.getByTestId("place-bet").click();
  await expect(customer.getByTestId("toast").filter({ hasText: "Bet Placed Successfully!" })).toBeVisible();
  await expect(customer.getByTestId("balance")).toHaveText(money(99000));
  await card.getByTestId(`price-${second.id}`).click();
  await expect(slip).toContainText("6.00");

  // --- Operator: the race's market from the heatmap (Racing x FT Win) -> View Bets -> withdraw the favourite.
  await openSection(admin, "dashboard");
  await admin.getByTestId("heatmap-cell-racing-ftwin").click();
  const panel = admin.getByTestId("heatmap-panel");
  await choose(admin, panel.getByTestId("cell-market-select"), new RegExp(marketName));
  await panel.getByTestId("cell-view-bets").click();
  const betsDialog = admin.getByTestId("market-bets-dialog");
  await betsDialog.getByTestId(`withdraw-${favourite.id}`).click();
  const withdrawDialog = admin.getByTestId("withdraw-runner-dialog");
  await expect(withdrawDialog).toContainText(`Withdraw ${favourite.name}?`);
  await expect(withdrawDialog).toContainText("The race is re-formed");
  await expect(withdrawDialog.getByTestId("withdraw-odds")).toHaveValue("1.46");
  await withdrawDialog.getByTestId("confirm-withdraw").click();
  // Done: the operator is told what it did (the toast, read from the admin page's record of it).
  const withdrawnToast = async () => (await toastsShown(admin)).find((t) => t.includes("Runner withdrawn")) ?? "";
  await expect.poll(withdrawnToast).toContain("65p");
  await expect.poll(withdrawnToast).toContain("Re-formed at a 118.1% book; each way now 1/4 1-2.");

  // --- Customer: the race card, freshly loaded, shows the market suspended while it is re-formed ...
  // The suspension lasts RACE_REFORM_SUSPEND_MS from the withdrawal. Once the server has told the page
  // the market is suspended, its later answers that say otherwise wait (and are asked afresh) until
  // the journey has checked the suspended card: a busy machine may take longer than the suspension
  // to show the card and look at it. The page only ever shows what the server answered.
  let cardChecked = false;
  let suspendedCardChecked!: () => void;
  const checked = new Promise<void>((resolve) => (suspendedCardChecked = resolve));
  let told = false;
  await customer.route(/\/api\/events\?/, async (route) => {
    if (cardChecked) return route.continue();
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as { markets?: { id: string; status: string }[] }[] | null;
    const shown = (Array.isArray(body) ? body : []).flatMap((e) => e.markets ?? []).find((m) => m.id === market.id)?.status;
    if (shown === "suspended") told = true;
    else if (told && shown) return checked.then(() => route.continue());
    return route.fulfill({ response });
  });
  await customer.reload();
  await islandsHydrated(customer);
  await expect(customer.locator('.sb-board__list [data-testid^="event-"]').first()).toBeVisible({ timeout: 30_000 });
  if (!(await card.isVisible())) await customer.getByTestId(`tab-${race!.sport}`).click();
  await card.getByRole("button", { name: /^\+\d+ markets?$/ }).click();
  const prices = card.getByTestId(`market-${market.id}`);
  await expect(prices).toHaveAttribute("data-status", "suspended");
  await expect(card.getByTestId(`reforming-${market.id}`)).toHaveText("Suspended: a non-runner, the race is being re-formed");
  await expect(card.getByTestId(`withdrawn-${favourite.id}`)).toContainText("Withdrawn");
  cardChecked = true;
  suspendedCardChecked();
  // ... then reopens on its own with the re-formed prices and the new each-way terms.
  await expect(prices).toHaveAttribute("data-status", "open", { timeout: 60_000 });
  await expect(card.getByTestId(`reforming-${market.id}`)).toHaveCount(0);
  await expect(card.getByTestId(`each-way-terms-${market.id}`)).toHaveText(" · E/W 1/4 1-2");
  for (const [i, odds] of REFORMED.entries()) await expect(card.getByTestId(`price-${market.outcomes[i + 1].id}`)).toContainText(odds);
  await customer.unroute(/\/api\/events\?/);

  // The market's bets show the runner withdrawn to the operator. Checked after the customer's card:
  // the suspension's time is best spent getting the customer's page loaded.
  await expect(betsDialog.getByTestId(`runner-withdrawn-${favourite.id}`)).toContainText("Withdrawn at 1.46");

  // --- A bet at the old price (6.00) is refused with the new one, whatever the customer's setting.
  const stale = await customer.request.post("/api/bets", {
    data: { selections: [{ eventId: race!.id, marketId: market.id, outcomeId: second.id, odds: "6.00" }], stake: 1000, betType: "single" },
  });
  expect(stale.status()).toBe(409);
  const refusal = ((await stale.json()) as { error: { code: string; details: { prices: { outcomeId: string; odds: string }[] } } }).error;
  expect(refusal.code).toBe("BET.RACE_REFORMED");
  expect(refusal.details.prices).toEqual([{ outcomeId: second.id, odds: "2.98" }]);
  // The slip shows the move and places at the re-formed price.
  await expect(slip).toContainText("6.00 → 2.98");
  await expect(slip.getByTestId("each-way")).toContainText("Each way (E/W 1/4 1-2)");
  await slip.getByTestId("stake-input").fill("10");
  await slip.getByTestId("place-bet").click();
  await expect(customer.getByTestId("toast").filter({ hasText: "Bet Placed Successfully!" })).toBeVisible();

  await customerContext.close();
  await adminContext.close();
});
