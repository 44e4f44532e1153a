/**
 * Four eyes in the console: an admin's resettlement moving more than 1,000.00 is sent for approval
 * (nothing moves), waits in Payments › Staff approvals where its requester cannot approve it, and a
 * second admin (created through the API for this journey) approves it; it applies once.
 */
import { expect, test } from "@playwright/test";
import { choose, openSection } from "./admin-helpers.ts";
import { betOn, fundedCustomer, ownEvent, showBet } from "./admin-helpers-results.ts";
import { money, staffApiSignIn } from "./helpers.ts";
import { uniqueEmail } from "./customer-helpers.ts";

test("a resettlement above the threshold waits for a second admin, who approves it once", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await staffApiSignIn(page.request, "admin");
  const event = await ownEvent(page.request, "FourEyes");
  const customer = await fundedCustomer(browser, "four-eyes");
  const bet = await betOn(customer.page.request, event, 2, 60_000); // 600.00 at 2.90: 1,740.00
  // Cash plus bonus funds: the welcome bonus of the deposit is released to cash by the upkeep job
  // whenever its wagering is met, which moves money between the two but never changes their sum.
  const balance = async () => {
    const w = (await (await customer.page.request.get("/api/wallet/bonus")).json()) as { cash: number; bonus: number };
    return w.cash + w.bonus;
  };
  const before = await balance();
  const settled = await page.request.post(`/api/admin/settle-bet/${bet}`, {
    data: { status: "won", actualReturn: 174_000, override: { reason: "Result confirmed by the league" } },
  });
  expect(settled.ok(), await settled.text()).toBe(true);
  expect(await balance()).toBe(before + 174_000);

  // --- The first admin resettles it lost: above 1,000.00, it is a request and nothing moves.
  await page.goto("/admin");
  await openSection(page, "dashboard");
  await showBet(page, bet);
  await page.getByTestId(`resettle-${bet}`).click();
  const dialog = page.getByTestId("resettle-dialog");
  await dialog.getByRole("radio", { name: /^Lost/ }).click();
  await choose(page, dialog.getByTestId("resettle-reason-code"), "Result correction");
  await dialog.getByTestId("resettle-reason-text").fill("The away goal was ruled out after the match");
  await dialog.getByTestId("resettle-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("Sent for approval");
  await expect(page.getByTestId(`bet-row-${bet}`)).toContainText(/won/i);
  expect(await balance()).toBe(before + 174_000);

  // Its requester sees it waiting but cannot approve it.
  await openSection(page, "payments");
  await page.getByTestId("tab-staff-approvals").click();
  const mine = page.locator(`[data-testid^="staff-approval-"][data-subject="${bet}"]`);
  await expect(mine).toContainText("Your own request: another admin decides it");
  await expect(mine.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  await expect(page.getByTestId("approval-thresholds")).toContainText(`more than ${money(100_000)}`);

  // --- A second admin, created for this journey, signs in and approves it.
  const email = uniqueEmail("approver");
  const created = await page.request.post("/api/admin/users", {
    data: { firstName: "Second", lastName: "Approver", email, role: "admin", password: "approver password 1" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const login = await other.request.post("/api/auth/login", { data: { email, password: "approver password 1" } });
  expect(login.ok(), await login.text()).toBe(true);
  await other.goto("/admin");
  await openSection(other, "payments");
  await other.getByTestId("tab-staff-approvals").click();
  const row = other.locator(`[data-testid^="staff-approval-"][data-subject="${bet}"]`);
  await expect(row).toContainText("Resettle bet");
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(other.getByTestId("toast")).toContainText("Approved and applied");
  await expect(row).toHaveCount(0); // no longer waiting
  await expect.poll(balance).toBe(before);

  // Approved once: in "All" it shows approved by the second admin, and approving it again is refused.
  await other.getByRole("radio", { name: "All" }).click();
  await expect(row.getByText("approved", { exact: true })).toBeVisible();
  await expect(row).toContainText("approved by Second Approver");
  const id = (await row.getAttribute("data-testid"))!.replace("staff-approval-", "");
  const again = await other.request.post(`/api/admin/approvals/${id}/approve`, { data: {} });
  expect(again.status()).toBe(409);
  expect(await balance()).toBe(before);
  await otherContext.close();
  await customer.close();
});
