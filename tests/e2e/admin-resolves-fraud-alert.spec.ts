/**
 * An admin opens /fraud-monitoring, sees the rules engine's alerts, resolves an
 * open one (spec toasts; only open alerts offer Resolve), runs a scan and finds the resolution in
 * the audit trail. Signed-out visitors get the spec's prompts on both stand-alone screens.
 */
import { expect, test } from "@playwright/test";
import { demoLoginFromLanding } from "./helpers.ts";
import { alertResolvedOrGone, choose, openSection } from "./admin-helpers.ts";

test("the stand-alone fraud and user screens ask signed-out visitors to log in", async ({ page }) => {
  await page.goto("/fraud-monitoring");
  await expect(page.getByText("Please log in to access fraud monitoring.")).toBeVisible();
  await page.goto("/user-management");
  await expect(page.getByText("Please log in to access user management.")).toBeVisible();
});

test("admin resolves a fraud alert, and the resolution is audited", async ({ page }) => {
  test.setTimeout(120_000);
  await demoLoginFromLanding(page, "admin");
  // The engine's alerts as the server has them: pick an open one to resolve.
  const alerts = (await (await page.request.get("/api/admin/fraud-alerts?timeWindow=7d")).json()) as {
    id: string;
    status: string;
    description: string;
  }[];
  const target = alerts.find((a) => a.status === "open");
  expect(target, "the demo data has open fraud alerts").toBeTruthy();

  await page.goto("/fraud-monitoring");
  const screen = page.getByTestId("section-fraud");
  await expect(screen.getByRole("heading", { name: "Fraud Detection & Monitoring" })).toBeVisible();
  await expect(screen.getByText("Real-time fraud detection and transaction monitoring")).toBeVisible();
  for (const label of ["Open Fraud Alerts", "Critical Alerts", "High Risk Users", "Monitored Transactions"]) {
    await expect(screen.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(screen.getByTestId("stat-monitored")).toContainText("Last 24h");

  await choose(page, screen.getByTestId("fraud-window"), "Last 7 Days");
  const item = screen.getByTestId(`fraud-alert-${target!.id}`);
  await expect(item).toContainText(target!.description);
  await expect(item.getByTestId(`fraud-alert-status-${target!.id}`)).toHaveText("open");

  await item.getByTestId(`resolve-${target!.id}`).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Alert Resolved");
  await expect(toast).toContainText("The fraud alert has been successfully resolved.");
  await alertResolvedOrGone(screen, target!.id);
  await expect(item.getByTestId(`resolve-${target!.id}`)).toHaveCount(0);

  // Resolved alerts never offer Resolve; open ones always do.
  for (const li of await screen.getByTestId("fraud-alerts").locator("li").all()) {
    const open = (await li.locator('[data-testid^="fraud-alert-status-"]').allTextContents())[0]?.trim() === "open";
    await expect(li.getByRole("button", { name: "Resolve" })).toHaveCount(open ? 1 : 0);
  }

  await screen.getByTestId("fraud-refresh").click();
  await expect(toast).toContainText("Data refreshed");
  await expect(toast).toContainText("All fraud monitoring data has been updated.");

  // Run Scan: the server's scan thread scans now and the toast says what it found.
  await screen.getByTestId("fraud-scan").click();
  await expect(toast).toContainText("Scan complete", { timeout: 30_000 });
  await expect(toast).toContainText(/\d+ new alerts · \d+ transactions scored · \d+ profiles updated\./);

  // The resolution is in the audit trail (who, what, before, after).
  await page.goto("/admin?tab=users");
  await page.getByTestId("audit-tab").click();
  const trail = page.getByTestId("audit-trail");
  await trail.getByTestId("audit-entity-input").fill(target!.id);
  await trail.getByTestId("audit-apply").click();
  const table = trail.getByTestId("audit-table");
  await expect(table).toContainText("fraud_alert.resolve");
  await expect(table).toContainText("Demo Admin");
  await expect(table).toContainText("resolved");

  // The console's Risk & Fraud section is the same screen.
  await openSection(page, "fraud");
  await expect(page).toHaveURL(/\/admin\?tab=fraud$/);
  await expect(page.getByTestId("section-fraud").getByRole("heading", { name: "Fraud Detection & Monitoring" })).toBeVisible();
});
