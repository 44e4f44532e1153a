/**
 * The bet slip is kept in the browser. A visitor builds a slip, leaves the page, reloads,
 * finds it re-checked against the server (a moved price is shown as changed, a selection no longer
 * offered is removed with a note), signs in to place it and comes back to the same slip, places it,
 * and the slip is gone for good.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";

/** The betting page can take many seconds to show its data on a busy machine: wait on the data, longer. */
const expect = baseExpect.configure({ timeout: 30_000 });
const boardReady = (page: Page) => expect(page.locator('.sb-board__list [data-testid^="event-"]').first()).toBeVisible();
import { islandsHydrated, oddsMilli, oddsText, showEventOnBoard, upcomingEvents } from "./helpers.ts";
import { depositByApi, registerCustomer, verifyCustomer } from "./customer-helpers.ts";

const KEY = "betpro.slip.v1";

test("the slip survives navigation, reload and signing in, is re-validated on load and cleared once placed", async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  // A verified customer with money, made outside the page's browser (the visitor is signed out).
  const setup = await playwright.request.newContext({ baseURL });
  const customer = await registerCustomer(setup, "slipkeep");
  await verifyCustomer(setup, customer, "full");
  await depositByApi(setup, 5_000);
  await setup.dispose();

  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const market = event.markets.find((m) => m.type === "full_time_result")!;
  const outcome = market.outcomes[0];
  const slip = page.getByTestId("bet-slip");

  await page.goto("/betting");
  await boardReady(page);
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).click();
  await slip.getByTestId("stake-input").fill("7");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), KEY)).toContain('"stake":"7"');

  // Another page and back: the same slip.
  await page.goto("/account");
  await expect(page.getByText("Account Access Required")).toBeVisible();
  await page.goBack();
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(slip.getByTestId("slip-selection")).toContainText(outcome.name);
  await expect(slip.getByTestId("stake-input")).toHaveValue("7");

  // Reload after the stored price went stale and a stored selection stopped being offered: the slip
  // takes the server's price (marked as changed) and drops the other with a note.
  await page.evaluate((k) => {
    const s = JSON.parse(localStorage.getItem(k)!);
    const stale = { ...s.selections[0], oddsMilli: s.selections[0].oddsMilli + 250 };
    const gone = { ...s.selections[0], id: "no-such-outcome", outcomeId: "no-such-outcome", selectionName: "Vanished Pick" };
    localStorage.setItem(k, JSON.stringify({ ...s, selections: [stale, gone] }));
  }, KEY);
  await page.reload();
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(slip.getByText("No longer available, removed: Vanished Pick")).toBeVisible();
  await expect(slip.getByTestId("odds-changed")).toBeVisible();
  await expect(slip.getByTestId("slip-odds")).toContainText(oddsText(oddsMilli(outcome.odds)));
  await expect(slip.getByTestId("stake-input")).toHaveValue("7");

  // Sign in to place it: back on /betting with the same slip.
  await slip.getByTestId("login-to-bet").click();
  await page.waitForURL(/\/sign-in\?next=%2Fbetting/);
  // Typed before the form is live, the details would be the server's HTML's, not the form's.
  await islandsHydrated(page);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(customer.password);
  await page.getByTestId("sign-in-submit").click();
  await page.waitForURL("**/betting");
  await expect(page.getByTestId("user-name")).toHaveText(`${customer.firstName} ${customer.lastName}`);
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(slip.getByTestId("slip-selection")).toContainText(outcome.name);
  await expect(slip.getByTestId("stake-input")).toHaveValue("7");

  await slip.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Placed Successfully!");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(0);
  const bets = (await (await page.request.get("/api/bets")).json()) as { stake: number; legs: { selectionName: string }[] }[];
  expect(bets.map((b) => [b.stake, b.legs[0].selectionName])).toEqual([[700, outcome.name]]);
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
  await page.reload();
  await expect(page.getByTestId("user-name")).toBeVisible();
  await expect(slip.getByTestId("slip-count")).toHaveText("0");
});
