/** The bet slip rules of the product spec (behaviour and validation), and the server's refusals shown as 'Bet Failed'. */
import { expect, test } from "@playwright/test";
import { money, oddsMilli, oddsText, showEventOnBoard, upcomingEvents } from "./helpers.ts";

test.beforeEach(async ({ page }) => {
  const res = await page.request.post("/api/demo/login", { data: { role: "customer" } });
  expect(res.ok()).toBe(true);
  await page.goto("/betting");
  await expect(page.getByTestId("balance")).toHaveText(money(100000));
});

test("duplicates are ignored, single becomes multiple, total odds multiply, one event per multiple", async ({ page }) => {
  const events = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const [a, b] = events;
  const aWin = a.markets.find((m) => m.type === "full_time_result")!;
  const bWin = b.markets.find((m) => m.type === "full_time_result")!;
  const slip = page.getByTestId("bet-slip");

  await showEventOnBoard(page, a);
  const aPrice = page.getByTestId(`event-${a.id}`).getByTestId(`price-${aWin.outcomes[0].id}`);
  await aPrice.click();
  await aPrice.click(); // already on the slip: ignored
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(slip.getByTestId("bet-type")).toContainText(/single/i);

  await showEventOnBoard(page, b);
  await page.getByTestId(`event-${b.id}`).getByTestId(`price-${bWin.outcomes[0].id}`).click();
  await expect(slip.getByTestId("slip-selection")).toHaveCount(2);
  await expect(slip.getByTestId("bet-type")).toContainText(/multiple/i);
  const product = Math.floor((oddsMilli(aWin.outcomes[0].odds) * oddsMilli(bWin.outcomes[0].odds)) / 1000);
  await expect(slip.getByTestId("total-odds")).toContainText(oddsText(product));

  // A second selection of the first event: the multiple cannot be placed.
  const other = a.markets.find((m) => m.id !== aWin.id) ?? aWin;
  const otherOutcome = other.outcomes.find((o) => o.id !== aWin.outcomes[0].id)!;
  await showEventOnBoard(page, a);
  const card = page.getByTestId(`event-${a.id}`);
  if (other !== aWin && !(await card.getByTestId(`price-${otherOutcome.id}`).isVisible())) {
    await card.getByRole("button", { name: /markets/i }).first().click();
  }
  await card.getByTestId(`price-${otherOutcome.id}`).click();
  await expect(slip.getByTestId("same-event-warning")).toBeVisible();
  await slip.getByTestId("stake-input").fill("5");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await slip.getByRole("button", { name: `Remove ${otherOutcome.name}` }).click();
  await expect(slip.getByTestId("same-event-warning")).toHaveCount(0);

  // Place the two-leg multiple.
  await slip.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Placed Successfully!");
  const expectedReturn = Math.floor((500 * oddsMilli(aWin.outcomes[0].odds) * oddsMilli(bWin.outcomes[0].odds)) / 1_000_000);
  await expect(page.getByTestId("toast")).toContainText(money(expectedReturn));
  await expect(slip.getByTestId("slip-selection")).toHaveCount(0);
  await expect(page.getByTestId("balance")).toHaveText(money(99500));
});

test("invalid stakes and empty slips are refused with the spec's toasts; server refusals show 'Bet Failed'", async ({ page }) => {
  const slip = page.getByTestId("bet-slip");
  const stake = slip.getByTestId("stake-input");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();

  await stake.fill("10");
  await stake.press("Enter");
  await expect(page.getByTestId("toast")).toContainText("No Selections");
  await expect(page.getByTestId("toast")).toContainText("Please add at least one selection to place a bet");

  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const win = event.markets.find((m) => m.type === "full_time_result")!;
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${win.outcomes[0].id}`).click();

  await stake.fill("");
  await stake.press("Enter");
  await expect(page.getByTestId("toast")).toContainText("Invalid Stake");
  await expect(page.getByTestId("toast")).toContainText("Please enter a valid stake amount");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await expect(slip.getByTestId("potential-return")).toHaveCount(0);

  // More than the balance: the server refuses and its message is shown.
  await stake.fill("2000");
  await slip.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Failed");
  await expect(page.getByTestId("toast")).toContainText("Your balance is too low for this stake");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(page.getByTestId("balance")).toHaveText(money(100000));
});
