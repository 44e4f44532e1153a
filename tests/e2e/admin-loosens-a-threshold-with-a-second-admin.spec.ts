/**
 * Risk Management › Settings: an admin raises the default event liability limit (looser), which is
 * sent for approval and changes nothing; a second admin approves it in Payments › Staff approvals and
 * the setting then reads the new value. The screen is axe-clean at 1280 and 768 px.
 */
import { expect, test } from "@playwright/test";
import { openSection } from "./admin-helpers.ts";
import { money, staffSignIn } from "./helpers.ts";
import { violationsAtWidths } from "./axe.ts";

const KEY = "event_liability_limit";

test("a looser setting waits for a second admin, who approves it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await staffSignIn(page, "admin");
  const read = async () => {
    const body = (await (await page.request.get("/api/admin/risk-settings")).json()) as { settings: { key: string; value: number }[] };
    return body.settings.find((s) => s.key === KEY)!.value;
  };
  const before = await read();
  const raised = before + 100; // one dollar looser

  await openSection(page, "risk");
  await page.getByTestId("tab-risk-settings").click();
  const row = page.getByTestId(`risk-setting-row-${KEY}`);
  await expect(page.getByTestId(`risk-setting-value-${KEY}`)).toHaveText(money(before));
  expect(await violationsAtWidths(page, "risk settings", () => expect(row).toBeVisible(), { include: '[data-testid="risk-settings"]' }, [1280, 768])).toEqual({});

  await row.getByRole("textbox").fill((raised / 100).toFixed(2));
  await page.getByTestId(`risk-setting-save-${KEY}`).click();
  await expect(page.getByTestId("toast")).toContainText("Sent for approval");
  await expect(page.getByTestId(`risk-setting-value-${KEY}`)).toHaveText(money(before));
  expect(await read()).toBe(before);

  // The second admin approves it in the approvals queue.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await staffSignIn(other, "admin2");
  await openSection(other, "payments");
  await other.getByTestId("tab-staff-approvals").click();
  const request = other.locator(`[data-testid^="staff-approval-"][data-subject="${KEY}"]`).first();
  await expect(request).toContainText("Risk setting loosened");
  await request.getByRole("button", { name: /^Approve/ }).click();
  await expect(other.getByTestId("toast")).toContainText("Approved and applied");
  await expect.poll(read).toBe(raised);

  await openSection(other, "risk");
  await other.getByTestId("tab-risk-settings").click();
  await expect(other.getByTestId(`risk-setting-value-${KEY}`)).toHaveText(money(raised));
  await otherContext.close();
});
