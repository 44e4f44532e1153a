/**
 * A customer asks to withdraw more than the approval threshold (1,000.00); the
 * money is held and the payment shows "Pending approval". An operator finds it in the admin
 * Payments section's approval queue and approves it; the payout is sent and the customer sees the
 * withdrawal Completed with the provider's reference.
 */
import { expect, test } from "@playwright/test";
import { demoLoginFromLanding, islandsHydrated, money } from "./helpers.ts";
import { depositByApi } from "./customer-helpers.ts";
import { openSection } from "./admin-helpers.ts";

test.use({ actionTimeout: 15_000 });
// Two browsers, two demo sign-ins, a deposit and a 3-second payout: on a busy machine this took 58 s of the default 60.
test.setTimeout(120_000);

test("an operator approves a large withdrawal and the customer sees it completed", async ({ browser }) => {
  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  await demoLoginFromLanding(page, "customer");
  // The demo customer (fully verified, 1,000.00) pays in 500.00 by bank: 1,500.00 cash (the 50.00
  // deposit bonus goes to the bonus balance, which is not withdrawable until wagered).
  const { balance } = await depositByApi(page.request, 50_000);
  expect(balance).toBe(150_000);

  await page.goto("/account#withdraw");
  await islandsHydrated(page);
  await page.getByTestId("wallet-tab-withdraw").click();
  await page.getByTestId("withdraw-form").getByTestId("method-bank").click();
  await page.getByLabel("Amount", { exact: true }).fill("1200");
  await page.getByTestId("withdraw-submit").click();
  await expect(page.getByTestId("toast")).toContainText("Withdrawal requested");
  await expect(page.getByTestId("account-balance")).toHaveText(money(30_000));
  const row = page.getByTestId("payment-row").filter({ hasText: money(120_000) });
  await expect(row.getByTestId("payment-state")).toHaveText("Pending approval");
  const paymentId = await row.getAttribute("data-payment-id");
  expect(paymentId).toMatch(/^pay_/);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await demoLoginFromLanding(admin, "admin");
  await islandsHydrated(admin);
  await openSection(admin, "payments");
  await admin.getByRole("tab", { name: "Withdrawal approvals" }).click();
  const queued = admin.locator(`[data-testid="approval-row"][data-payment-id="${paymentId}"]`);
  await expect(queued).toContainText(money(120_000));
  await queued.getByRole("button", { name: /^Approve/ }).click();
  await expect(admin.getByTestId("toast")).toContainText("Withdrawal completed");
  await expect(queued).toHaveCount(0);

  // The customer's list refreshes while a payment is open: Completed, with the provider's reference.
  await expect(row.getByTestId("payment-state")).toHaveText("Completed");
  await expect(row).toContainText(/po_/);
  await expect(page.getByTestId("account-balance")).toHaveText(money(30_000));

  await adminContext.close();
  await customerContext.close();
});
