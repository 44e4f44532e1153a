/**
 * The back-office controls do something real: odds control moves a price ('Odds Updated'),
 * Export Odds downloads the desk's prices, a trading alert is acknowledged, a customer's stakes
 * are limited, tasks are created and moved through their statuses, a bulk settlement runs to the
 * end with its counts, a report is generated as CSV, and a CRM bonus reaches the wallet.
 */
import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { choose, openSection } from "./admin-helpers.ts";
import { money, settleFromBetTable, staffApiSignIn } from "./helpers.ts";
import { registerCustomer, verifyCustomer } from "./customer-helpers.ts";

test.use({ actionTimeout: 15_000 });

test.beforeEach(async ({ page }) => {
  await staffApiSignIn(page.request, "admin");
});

test("trading desk: odds control, export odds, alerts and sharp limits", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/admin?tab=trading");
  const section = page.getByTestId("section-trading");
  await expect(section.getByTestId("trading-exposure")).toContainText("$");

  // Odds Control: one tick up on the first live outcome.
  await section.getByRole("tab", { name: "Odds Control" }).click();
  const firstUp = section.locator('[data-testid^="odds-up-"]').first();
  await expect(firstUp).toBeVisible();
  const outcomeId = (await firstUp.getAttribute("data-testid"))!.replace("odds-up-", "");
  await firstUp.click();
  await expect(page.getByTestId("toast")).toContainText("Odds Updated");
  const audit = (await (await page.request.get(`/api/admin/audit?entityId=${outcomeId}`)).json()) as { action: string }[];
  expect(audit.length).toBeGreaterThan(0);

  // Adjust sets an exact price.
  await section.getByTestId(`odds-adjust-${outcomeId}`).click();
  const dialog = page.getByTestId("adjust-odds-dialog");
  await dialog.getByTestId("adjust-odds-input").fill("3.33");
  // The dialog shows the book the new price makes; outside 100-130 % it asks for a reason first.
  await expect(dialog.getByTestId("adjust-odds-overround")).toContainText("%");
  const reason = dialog.getByTestId("adjust-odds-reason");
  if (await reason.isVisible()) {
    await expect(dialog.getByTestId("adjust-odds-submit")).toBeDisabled();
    await reason.fill("Trader override for the back-office journey");
  }
  await dialog.getByTestId("adjust-odds-submit").click();
  await expect(page.getByTestId("toast")).toContainText("Odds Updated");
  await expect(page.getByTestId("toast")).toContainText("3.33");

  // Export Odds downloads the desk's prices.
  const download = page.waitForEvent("download");
  await section.getByTestId("export-odds").click();
  const csv = await readFile(await (await download).path(), "utf8");
  expect(csv.split("\r\n")[0]).toContain('"outcome_id"');
  expect(csv).toContain(outcomeId);

  // Alerts: acknowledge the first active one.
  await section.getByRole("tab", { name: "Alerts" }).click();
  const ack = section.locator('[data-testid^="ack-"]').first();
  if (await ack.count()) {
    const id = (await ack.getAttribute("data-testid"))!.replace("ack-", "");
    await ack.click();
    await expect(page.getByTestId("toast")).toContainText("Alert acknowledged");
    await expect(section.getByTestId(`alert-${id}`)).toContainText("Acknowledged");
    await section.getByTestId(`alert-details-${id}`).click();
    await expect(page.getByTestId("alert-details-dialog")).toContainText("Acknowledged");
    await page.keyboard.press("Escape");
  }

  // Sharp Tracking: Limit a bettor to 25% of the maximum stake.
  await section.getByRole("tab", { name: "Sharp Tracking" }).click();
  const limit = section.locator('[data-testid^="sharp-limit-"]').first();
  const userId = (await limit.getAttribute("data-testid"))!.replace("sharp-limit-", "");
  await limit.click();
  const factor = page.getByTestId("stake-factor-dialog");
  await factor.getByTestId("stake-factor-input").fill("25");
  await factor.getByTestId("stake-factor-save").click();
  await expect(page.getByTestId("toast")).toContainText("Stake limit updated");
  await expect(section.getByTestId(`sharp-${userId}`)).toContainText("× 0.25");
});

test("tasks: create, assign, move through statuses; bulk settlement and a report", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/admin?tab=tasks");
  const section = page.getByTestId("section-tasks");
  const title = `Check the overnight book ${Date.now()}`;
  await section.getByTestId("create-task").click();
  const dialog = page.getByTestId("task-dialog");
  await dialog.getByTestId("task-title-input").fill(title);
  await choose(page, dialog.getByTestId("task-assignee"), /Marcus Lee/);
  await dialog.getByTestId("task-save").click();
  await expect(page.getByTestId("toast")).toContainText("Task created");
  const item = section.getByTestId("task-list").getByRole("button", { name: new RegExp(title) });
  await item.click();
  const details = section.getByTestId("task-details");
  await expect(details).toContainText("Marcus Lee");
  await details.getByTestId("task-start").click();
  await expect(details.getByTestId("task-status")).toHaveText("In Progress");
  await details.getByTestId("task-edit").click();
  await dialog.getByTestId("task-title-input").fill(`${title} (edited)`);
  await dialog.getByTestId("task-save").click();
  await expect(page.getByTestId("toast")).toContainText("Task updated");
  await expect(details).toContainText(`${title} (edited)`);
  await details.getByTestId("task-complete").click();
  await expect(details.getByTestId("task-status")).toHaveText("Completed");

  // Bulk Settlement runs and ends completed with its counts.
  await section.getByRole("tab", { name: "Bulk Settlement" }).click();
  await section.getByTestId("run-bulk-settlement").click();
  await expect(page.getByTestId("toast")).toContainText(/Operation started|Bulk Settlement/);
  const status = section.locator('[data-testid^="operation-status-"]').first();
  await expect(status).toHaveText(/completed|failed/, { timeout: 30_000 });
  await expect(section.locator('[data-testid^="operation-counts-"]').first()).toContainText(/\d+\/\d+ processed · \d+ succeeded · \d+ failed/);
  // Beside it, settlements the database refused (none on this database), open and resolved alike.
  const exceptions = section.getByTestId("settlement-exceptions");
  await expect(exceptions.getByRole("heading", { name: "Settlement exceptions" })).toBeVisible();
  await expect(exceptions.getByTestId("settlement-exceptions-empty")).toHaveText("No open settlement exceptions");
  await exceptions.getByTestId("settlement-exceptions-all").click();
  await expect(exceptions.getByTestId("settlement-exceptions-empty")).toHaveText("No settlement exceptions");

  // Customer Insights: a report is generated and offered as CSV.
  await section.getByRole("tab", { name: "Customer Insights" }).click();
  await section.getByTestId("run-report").click();
  const csvLink = section.locator('[data-testid^="operation-csv-"]').first();
  await expect(csvLink).toBeVisible({ timeout: 30_000 });
  const res = await page.request.get((await csvLink.getAttribute("href"))!);
  expect(res.ok()).toBe(true);
  expect(res.headers()["content-type"]).toContain("text/csv");
});

test("customers: a CRM bonus reaches the customer's wallet", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  // A real customer (operator lists leave demo accounts out), verified, with no deposit yet.
  const registered = await registerCustomer(customer.request, "crm", "Cora", "Client");
  await verifyCustomer(customer.request, registered, "full");
  const me = (await (await customer.request.get("/api/auth/user")).json()) as { id: string; email: string };

  await page.goto("/admin");
  await openSection(page, "customers");
  const section = page.getByTestId("section-customers");
  await section.getByRole("tab", { name: "Customer Search" }).click();
  await section.getByTestId("crm-search").fill(me.email);
  await expect(section.getByTestId("crm-results").getByRole("button")).toHaveCount(1);
  await section.getByTestId(`crm-customer-${me.id}`).click();
  await section.getByTestId("crm-send-bonus").click();
  const dialog = page.getByTestId("bonus-dialog");
  await dialog.getByTestId("bonus-amount").fill("12.50");
  await dialog.getByTestId("bonus-reason").fill("Welcome back");
  await dialog.getByTestId("bonus-send").click();
  await expect(page.getByTestId("toast")).toContainText("Bonus sent");
  // A bonus goes to the bonus account, with wagering, not to cash (docs/money.md "Bonus funds"); the profile shows it.
  await expect(section.getByTestId("crm-bonus-balance")).toHaveText(money(1250));
  await expect(section.getByTestId("crm-bonus-wagering")).toHaveText("$0.00 of $125.00 wagered at 1.50+");
  const bonus = (await (await customer.request.get("/api/wallet/bonus")).json()) as { cash: number; bonus: number };
  expect(bonus).toMatchObject({ cash: 0, bonus: 1250 });
  await customerContext.close();
});

test("bet management: settle a bet lost, then resettle it won with a correcting posting", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/admin");
  await page.getByTestId("bets-filter-toggle").getByRole("radio", { name: "Pending" }).click();
  // A small single, so its resettlement stays under the four-eyes threshold (1,000.00) and applies at once.
  const filtered = page.waitForResponse((r) => r.url().includes("/api/admin/bets?") && r.url().includes("maxStake=2500") && r.url().includes("betType=single"));
  await choose(page, page.getByTestId("bets-type"), "Singles");
  await page.getByTestId("bets-max-stake").fill("25");
  await filtered;
  // Each row reads "Stake $10.00 · Returns $36.00": wait until the table shows the filtered list, then
  // take a bet whose return (what a resettlement to won moves) is within the threshold.
  const rows = page.getByTestId("bets-table").locator('tbody tr[data-testid^="bet-row-"]');
  const figures = async () =>
    (await rows.evaluateAll((els) => els.map((e) => ({ id: e.getAttribute("data-testid")!, text: (e as HTMLElement).innerText })))).map(({ id, text }) => {
      const n = (label: string) => Number(new RegExp(`${label} \\$([\\d,]+\\.\\d\\d)`).exec(text)?.[1]?.replace(/,/g, "") ?? NaN);
      return { betId: id.replace("bet-row-", ""), stake: n("Stake"), returns: n("Returns") };
    });
  await expect.poll(async () => { const f = await figures(); return f.length > 0 && f.every((r) => r.stake <= 25); }).toBe(true);
  const betId = (await figures()).find((r) => r.returns <= 1_000)?.betId;
  expect(betId, "a pending single of at most 25.00 returning at most 1,000.00").toBeTruthy();
  await settleFromBetTable(page, betId!, "lost");

  await page.getByTestId("bets-filter-toggle").getByRole("radio", { name: "All" }).click();
  await page.getByTestId(`resettle-${betId}`).click();
  const dialog = page.getByTestId("resettle-dialog");
  await dialog.getByRole("radio", { name: /^Won/ }).click();
  await choose(page, dialog.getByTestId("resettle-reason-code"), "Result correction");
  await dialog.getByTestId("resettle-reason-text").fill("Result corrected by the feed");
  await dialog.getByTestId("resettle-confirm").click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Bet resettled");
  await expect(toast).toContainText("lost → won");
  await expect(page.getByTestId(`bet-row-${betId}`)).toContainText(/won/i);
  const audit = (await (await page.request.get(`/api/admin/audit?entityId=${betId}`)).json()) as { action: string }[];
  expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining([expect.stringMatching(/resettle/)]));
});
