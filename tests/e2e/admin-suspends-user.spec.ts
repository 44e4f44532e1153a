/**
 * An admin finds a customer in User Management (/admin?tab=users), suspends them
 * (spec toasts), and the customer is refused at once; the suspension shows in the user's activity
 * log; the admin activates them again from the details modal. Filters, empty state, Export Users
 * and Add User as the spec describes them.
 */
import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { demoLoginFromLanding, money, staffSignIn } from "./helpers.ts";
import { choose, whoAmI } from "./admin-helpers.ts";

test("admin suspends a customer who is then refused, and activates them again", async ({ browser }) => {
  test.setTimeout(240_000);
  // --- Customer signs in and lines up a bet.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await demoLoginFromLanding(customer, "customer");
  await expect(customer.getByTestId("balance")).toHaveText(money(100000));
  const me = await whoAmI(customer.request);
  const firstPrice = customer.locator('[data-testid^="event-"] [data-testid^="price-"]:not([disabled])').first();
  await firstPrice.click();
  await customer.getByTestId("bet-slip").getByTestId("stake-input").fill("10");

  // --- Admin opens the users section straight from the address.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await demoLoginFromLanding(admin, "admin");
  await admin.goto("/admin?tab=users");
  const section = admin.getByTestId("section-users");
  await expect(section.getByRole("heading", { name: "User Management" })).toBeVisible();
  await expect(section.getByText("Manage active punters, KYC status, and account verification")).toBeVisible();
  await expect(section.getByTestId("stat-total-users")).toContainText("Total Users");
  await expect(section.getByTestId("stat-pending-kyc")).toContainText(/Requires attention|All verified/);

  await section.getByPlaceholder("Search users by name or email...").fill(me.email.toUpperCase());
  await expect(section.getByTestId("users-count")).toHaveText("Users (1)");
  const row = section.getByTestId(`user-row-${me.id}`);
  await expect(row.getByTestId(`user-status-${me.id}`)).toHaveText("Active");
  await expect(row).toContainText(money(100000));

  await row.getByTestId(`user-toggle-${me.id}`).click();
  const toast = admin.getByTestId("toast");
  await expect(toast).toContainText("User Status Updated");
  await expect(toast).toContainText("The user's status has been successfully updated.");
  await expect(row.getByTestId(`user-status-${me.id}`)).toHaveText("Suspended");
  await expect(row.getByTestId(`user-toggle-${me.id}`)).toHaveText("Activate");

  // --- The customer is refused at once, and told why: the bet fails and the session is gone; the old
  // cookie authenticates nothing and every call says the account was suspended (403, not "log in").
  await customer.getByTestId("bet-slip").getByTestId("place-bet").click();
  await expect(customer.getByTestId("toast")).toContainText("Bet Failed");
  await expect(customer.getByTestId("toast")).toContainText("This demo account is suspended.");
  for (const path of ["/api/auth/user", "/api/customer/balance"]) {
    const res = await customer.request.get(path);
    expect(res.status(), path).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe("AUTH.ACCOUNT_SUSPENDED");
  }

  // --- Filters: status Suspended keeps the row; an unknown name shows the empty state.
  await choose(admin, section.getByTestId("users-status-filter"), "Suspended");
  await expect(row).toBeVisible();
  await choose(admin, section.getByTestId("users-status-filter"), "Active");
  await expect(section.getByTestId("users-empty")).toContainText("No users found");
  await expect(section.getByTestId("users-empty")).toContainText("Try adjusting your search or filters");
  await choose(admin, section.getByTestId("users-status-filter"), "All Status");

  // --- Details modal: View Activity Log shows the suspension; Activate flips the modal at once.
  await row.getByTestId(`user-view-${me.id}`).click();
  const modal = admin.getByTestId("user-modal");
  await expect(modal).toContainText(me.email);
  await expect(modal.getByTestId("modal-status")).toHaveText("Suspended");
  await modal.getByTestId("modal-activity").click();
  const activity = admin.getByTestId("activity-dialog");
  await expect(activity.getByTestId("activity-audit")).toContainText("user.suspend");
  await activity.getByRole("button", { name: "Close" }).last().click();
  await expect(activity).toHaveCount(0);

  await row.getByTestId(`user-view-${me.id}`).click();
  await modal.getByTestId("modal-toggle").click();
  await expect(modal.getByTestId("modal-status")).toHaveText("Active");
  await expect(toast).toContainText("User Status Updated");
  await modal.getByRole("button", { name: "Close" }).click();
  await expect(row.getByTestId(`user-status-${me.id}`)).toHaveText("Active");

  // --- Export Users downloads what the list shows.
  const download = admin.waitForEvent("download");
  await section.getByTestId("export-users").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^users-.*\.csv$/);
  const csv = await readFile(await file.path(), "utf8");
  expect(csv.split("\r\n")[0]).toContain('"email"');
  expect(csv).toContain(me.email);
  expect(csv.trim().split("\r\n")).toHaveLength(2);

  // --- Add User: the demo admin is in the sandbox and opens no accounts; a real admin creates a trader.
  const addTrader = async (page: typeof admin, email: string) => {
    const users = page.getByTestId("section-users");
    await users.getByTestId("add-user-button").click();
    const add = page.getByTestId("add-user-dialog");
    await add.getByLabel("First name").fill("Tia");
    await add.getByLabel("Last name").fill("Trader");
    await add.getByLabel("Email").fill(email);
    await choose(page, add.getByLabel("Role"), "Trader");
    await add.getByLabel("Password").fill("correct-horse-battery");
    await add.getByTestId("add-user-submit").click();
  };
  await addTrader(admin, `sandbox.${Date.now()}@example.com`);
  await expect(toast).toContainText("A demo staff account works on demo and sample accounts only");
  const realContext = await browser.newContext();
  const real = await realContext.newPage();
  await staffSignIn(real, "admin");
  await real.goto("/admin?tab=users");
  const realUsers = real.getByTestId("section-users");
  await expect(realUsers.getByRole("heading", { name: "User Management" })).toBeVisible();
  const traderEmail = `trader.${Date.now()}@example.com`;
  await addTrader(real, traderEmail);
  await expect(real.getByTestId("toast")).toContainText("User created");
  await realUsers.getByPlaceholder("Search users by name or email...").fill(traderEmail);
  await expect(realUsers.getByTestId("users-count")).toHaveText("Users (1)");
  await expect(realUsers.getByTestId("users-list")).toContainText("trader");
  await realContext.close();

  await customerContext.close();
  await adminContext.close();
});
