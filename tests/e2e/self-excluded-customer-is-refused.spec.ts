/**
 * Self-exclusion from the account page: the customer chooses a period (Permanent is offered),
 * confirms, and from that moment the server refuses their bets and deposits; the account page says
 * the restriction cannot be removed during the period.
 */
import { expect, test } from "@playwright/test";
import { money, showEventOnBoard, upcomingEvents } from "./helpers.ts";
import { depositByApi, registerCustomer, verifyCustomer } from "./customer-helpers.ts";

test("a self-excluded customer cannot bet or deposit, and cannot lift the exclusion", async ({ page }) => {
  const customer = await registerCustomer(page.request, "excluded", "Casey", "Break");
  await verifyCustomer(page.request, customer, "basic");
  await depositByApi(page.request, 5000);

  await page.goto("/account#responsible");
  const exclusion = page.getByTestId("exclusion");
  const period = exclusion.getByLabel("Period");
  // Time-outs and self-exclusion, offered apart.
  await expect(period.locator("option")).toHaveText([
    "Choose a period", "Time-out: 24 hours", "Time-out: 1 week", "Time-out: 1 month", "Time-out: 6 weeks",
    "Self-exclusion: 6 months", "Self-exclusion: 1 year", "Self-exclusion: 5 years", "Self-exclusion: permanent",
  ]);
  await expect(page.getByTestId("exclusion-activate")).toBeDisabled();
  await period.selectOption("6m");
  await exclusion.getByLabel("Reason (optional)").fill("Taking a break");
  await page.getByTestId("exclusion-activate").click();
  await expect(page.getByRole("alertdialog")).toContainText("cannot be removed during the period");
  await page.getByTestId("exclusion-confirm").click();

  const active = page.getByTestId("exclusion-active");
  await expect(active).toContainText("Self-exclusion active until");
  await expect(active).toContainText("This restriction cannot be removed during the period.");
  await expect(page.getByTestId("exclusion-activate")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("exclusion-active")).toBeVisible();

  // A bet is refused by the server, with its message, and nothing is taken.
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const win = event.markets.find((m) => m.type === "full_time_result")!;
  await page.goto("/betting");
  await expect(page.getByTestId("balance")).toHaveText(money(5000));
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${win.outcomes[0].id}`).click();
  const slip = page.getByTestId("bet-slip");
  await slip.getByTestId("stake-input").fill("5");
  // The slip says why before any click, with the way to the responsible-gambling page ...
  await expect(slip.getByTestId("slip-unavailable")).toContainText(/exclu/i);
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await expect(slip.getByRole("link", { name: "Responsible Gambling" })).toHaveAttribute("href", "/account#responsible");
  // ... and the server refuses the bet whatever a page sends.
  const refused = await page.request.post("/api/bets", {
    data: { selections: [{ eventId: event.id, marketId: win.id, outcomeId: win.outcomes[0].id, odds: win.outcomes[0].odds }], stake: 500, betType: "single" },
  });
  expect(refused.status(), await refused.text()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("RG.SELF_EXCLUDED");
  await expect(page.getByTestId("balance")).toHaveText(money(5000));
  expect(((await (await page.request.get("/api/bets")).json()) as unknown[]).length).toBe(0);

  // A deposit is refused too.
  await page.goto("/account#deposit");
  await page.getByTestId("method-bank").click();
  await page.getByLabel("Amount", { exact: true }).fill("60");
  await page.getByTestId("deposit-submit").click();
  await expect(page.getByTestId("deposit-error")).toContainText(/exclu/i);
  await expect(page.getByTestId("account-balance")).toHaveText(money(5000));

  // The server will not accept a shorter exclusion or lift it either.
  const again = await page.request.post("/api/responsible/timeout", { data: { period: "24h" } });
  expect(again.ok()).toBe(false);
  const state = (await (await page.request.get("/api/responsible")).json()) as { exclusion: { active: boolean } };
  expect(state.exclusion.active).toBe(true);
});
