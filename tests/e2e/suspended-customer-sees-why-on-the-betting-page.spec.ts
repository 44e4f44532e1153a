/**
 * Issue 22: a customer suspended while their betting page is open is no longer shown as signed in
 * with a balance, and the refused bet says why in words ("Your account has been suspended. Sign in
 * to withdraw your balance.": the suspension ended the session and left a tombstone) rather than
 * "Please log in" or "Your session has ended"; signed in again, the betting page says the account is suspended and what
 * they can do (withdraw from the account page), and the slip's Place is disabled with that reason.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";

/** The betting page can take many seconds to show its data on a busy machine: wait on the data, longer. */
const expect = baseExpect.configure({ timeout: 30_000 });
const boardReady = (page: Page) => expect(page.locator('.sb-board__list [data-testid^="event-"]').first()).toBeVisible();
import { money, showEventOnBoard, upcomingEvents } from "./helpers.ts";
import { depositByApi, registerCustomer, verifyCustomer } from "./customer-helpers.ts";

test("a suspended customer's betting page says the account is suspended and how to withdraw", async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const customer = await registerCustomer(page.request, "suspended", "Sue", "Spended");
  await verifyCustomer(page.request, customer, "full");
  await depositByApi(page.request, 5_000);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  const balance = ((await (await page.request.get("/api/customer/balance")).json()) as { balance: number }).balance;

  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const outcome = event.markets.find((m) => m.type === "full_time_result")!.outcomes[0];
  const slip = page.getByTestId("bet-slip");
  await page.goto("/betting");
  await expect(page.getByTestId("user-name")).toHaveText("Sue Spended");
  await boardReady(page);
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).click();
  await slip.getByTestId("stake-input").fill("5");

  // An operator suspends the account while the page is open.
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/demo/login", { data: { role: "admin" } })).ok()).toBe(true);
  const suspend = await admin.patch(`/api/admin/users/${me.id}/status`, { data: { isActive: false, reason: "e2e" } });
  expect(suspend.ok(), await suspend.text()).toBe(true);
  await admin.dispose();

  await slip.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Failed");
  await expect(page.getByTestId("toast")).toContainText("Your account has been suspended. Sign in to withdraw your balance.");
  await expect(page.getByTestId("toast")).not.toContainText("Your session has ended");
  await expect(page.getByTestId("toast")).not.toContainText("Please log in to");
  await expect(page.getByTestId("user-name")).toHaveCount(0);
  await expect(page.getByTestId("balance")).toHaveCount(0);

  // Signed in again (a suspended customer may, to reach their money): the page says what is going on.
  const login = await page.request.post("/api/auth/login", { data: { email: customer.email, password: customer.password } });
  expect(login.ok(), await login.text()).toBe(true);
  await page.goto("/betting");
  const banner = page.getByTestId("suspended-banner");
  await expect(banner).toContainText("Your account is suspended: betting is closed.");
  await expect(banner).toContainText(`Your balance of ${money(balance)} is still yours: you can withdraw it from your account page.`);
  await expect(banner.getByTestId("suspended-withdraw-link")).toHaveAttribute("href", "/account");
  await expect(page.getByTestId("login")).toHaveCount(0);

  // The slip kept from before: Place is disabled with the reason, not a sign-in prompt.
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(slip.getByTestId("slip-suspended")).toContainText("Your account is suspended");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await expect(slip.getByTestId("login-to-bet")).toHaveCount(0);

  // The account page is where they withdraw.
  await banner.getByTestId("suspended-withdraw-link").click();
  await page.waitForURL("**/account");
  await expect(page.getByTestId("account-suspended")).toBeVisible();
});
