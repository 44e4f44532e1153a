/**
 * Funds always reachable and the Responsible Gambling screen, as an operator and a suspended
 * customer live them: the admin console's
 * Responsible Gambling section, on real data, lists a customer who has just self-excluded (name,
 * since, detail), the operator records a contact with them from that row and it heads the
 * interaction log; a suspended customer (not under investigation) opens the account page and
 * withdraws; put under investigation, they see why withdrawals are on hold.
 */
import { expect, test } from "@playwright/test";
import { choose, openSection } from "./admin-helpers.ts";
import { depositByApi, registerCustomer, uniqueDateOfBirth, verifyCustomer } from "./customer-helpers.ts";
import { staffApiSignIn } from "./helpers.ts";

test("the RG section lists a self-excluded customer and an operator records an interaction", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A customer of their own, in another browser, self-excludes for 6 months.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const lastName = `Rgreview${Date.now() % 100000}`;
  const c = await registerCustomer(other.request, "rg-review", "Jordan", lastName, uniqueDateOfBirth());
  await verifyCustomer(other.request, c, "basic");
  const ex = await other.request.post("/api/responsible/exclusion", { data: { period: "6m" } });
  expect(ex.status(), await ex.text()).toBeLessThan(300);
  await other.close();

  await staffApiSignIn(page.request, "admin");
  await page.goto("/admin");
  await openSection(page, "responsible");
  const section = page.getByTestId("section-responsible");
  await expect(section.getByTestId("sample-notice")).toHaveCount(0);

  // Listed under self-exclusions: name, since (in words), detail.
  const row = section.getByTestId("rg-exclusions-row").filter({ hasText: `Jordan ${lastName}` });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText(c.email);
  await expect(row).toContainText("In period");
  await expect(row).toContainText("Until");
  await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2}T/);

  // Record a contact from the row: the form is filled with the customer.
  await row.getByRole("button", { name: /Record contact/ }).click();
  await expect(section.getByTestId("rg-contact-customer")).toContainText(`Jordan ${lastName}`);
  await choose(page, section.getByTestId("rg-contact-channel"), "Email");
  const note = `Sent support links after the self-exclusion (${lastName})`;
  await section.getByTestId("rg-contact-note").fill(note);
  await section.getByTestId("rg-contact-submit").click();
  await expect(page.getByTestId("toast")).toContainText("Contact recorded");

  // Newest first: it heads the log, with the channel and who recorded it; it survives a reload.
  const first = section.getByTestId("rg-interaction-row").first();
  await expect(first).toContainText(note);
  await expect(first).toContainText("Email");
  await expect(first).toContainText(`Jordan ${lastName}`);
  await page.reload();
  await openSection(page, "responsible");
  await expect(page.getByTestId("section-responsible").getByTestId("rg-interaction-row").first()).toContainText(note);
});

test("a suspended customer opens the account page and withdraws; under investigation they see why not", async ({ page, browser }) => {
  const c = await registerCustomer(page.request, "rg-suspended", "Casey", `Suspended${Date.now() % 100000}`);
  test.setTimeout(180_000);
  await verifyCustomer(page.request, c, "full");
  const { balance } = await depositByApi(page.request, 20_000);
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };

  // An operator suspends the account (its sessions end); the customer signs in again.
  const ops = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await staffApiSignIn(ops.request, "admin");
  const suspend = await ops.request.patch(`/api/admin/users/${me.id}/status`, { data: { isActive: false } });
  expect(suspend.ok(), await suspend.text()).toBe(true);
  const login = await page.request.post("/api/auth/login", { data: { email: c.email, password: c.password } });
  expect(login.ok(), await login.text()).toBe(true);

  await page.goto("/account");
  const suspended = page.getByTestId("account-suspended");
  await expect(suspended).toContainText("Your account is suspended", { timeout: 30_000 });
  await expect(suspended.getByTestId("withdraw-available")).toHaveText(dollars(balance));
  await suspended.getByTestId("method-bank").click();
  await suspended.getByLabel("Amount", { exact: true }).fill("50");
  await suspended.getByTestId("withdraw-submit").click();
  await expect(page.getByTestId("toast")).toContainText("Withdrawal Successful");
  await expect(suspended.getByTestId("withdraw-available")).toHaveText(dollars(balance - 5_000));

  // Under investigation: the page says why before the customer tries.
  const hold = await ops.request.put(`/api/admin/users/${me.id}/investigation`, { data: { underInvestigation: true, reason: "Source of funds review" } });
  expect(hold.ok(), await hold.text()).toBe(true);
  await page.reload();
  await expect(page.getByTestId("withdraw-on-hold")).toContainText("on hold while we review it");
  await expect(page.getByTestId("withdraw-submit")).toBeDisabled();
  await ops.close();
});
