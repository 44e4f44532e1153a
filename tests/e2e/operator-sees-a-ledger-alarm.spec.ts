/**
 * An operator is told when the ledger does not hold: a script on a connection with foreign keys
 * off leaves a one-sided transaction on a customer's wallet; the reconciliation (every 2 s on the
 * test servers) raises an alarm that shows as a red banner over the back office and in System
 * Settings; once the missing posting arrives the alarm clears. The console polls the System view
 * every 30 s; the operator here presses "Refresh all data" once the server has the alarm (or has
 * cleared it), as an operator told of a problem would, instead of waiting for the poll. A
 * shared-state journey: the banner shows on every console while the alarm is open.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createClient } from "@libsql/client";
import { demoLoginFromLanding } from "./helpers.ts";
import { whoAmI } from "./admin-helpers.ts";

/** The open alarms the System view reports for one transaction (what the banner will show on its next fetch). */
async function alarmsAbout(request: APIRequestContext, tx: string): Promise<number> {
  const res = await request.get("/api/admin/system");
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { ledgerAlarms: { subject: string }[] };
  return body.ledgerAlarms.filter((a) => a.subject === tx).length;
}

test("a one-sided transaction raises a ledger alarm in the back office, which clears once it balances", async ({ browser }) => {
  test.setTimeout(120_000);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await demoLoginFromLanding(customer, "customer");
  const me = await whoAmI(customer.request);

  const admin = await (await browser.newContext()).newPage();
  await demoLoginFromLanding(admin, "admin");
  await expect(admin.getByTestId("ledger-alarms")).toHaveCount(0);

  // The shared-state server's database (playwright.config.ts), as a script would open it.
  const db = createClient({ url: "file:.e2e-data-shared/e2e.db" });
  const tx = `tx_e2e_alarm_${Date.now()}`;
  try {
    await db.execute("PRAGMA foreign_keys = OFF");
    // The server writes all the while: wait for its write lock as any other writer would.
    await db.execute("PRAGMA busy_timeout = 20000");
    await db.batch(
      [
        { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by, posting_count) VALUES (?, 'adjustment', NULL, 0, NULL, 2)", args: [tx] },
        { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, 100, 0)", args: [tx, `wallet:${me.id}`] },
      ],
      "write",
    );

    // The next reconciliation finds it; then the operator refreshes the console.
    await expect.poll(() => alarmsAbout(admin.request, tx), { timeout: 30_000 }).toBe(1);
    const refresh = admin.getByRole("button", { name: "Refresh all data" });
    await refresh.click();
    const banner = admin.getByTestId("ledger-alarms");
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Ledger alarm: 1 problem");
    await expect(banner).toContainText(`Transaction ${tx} is still open`);
    await admin.getByRole("button", { name: /system settings/i }).click();
    await expect(admin.getByTestId("setting-ledger")).toContainText("1 alarm(s)");
    await admin.keyboard.press("Escape");

    // The missing posting arrives: the transaction balances and the alarm resolves itself.
    await db.execute({ sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, 'promotions', -100, 0)", args: [tx] });
    await expect.poll(() => alarmsAbout(admin.request, tx), { timeout: 30_000 }).toBe(0);
    await refresh.click();
    await expect(banner).toHaveCount(0);
  } finally {
    db.close();
  }
});
