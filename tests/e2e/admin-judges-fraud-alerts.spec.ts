/**
 * Issue 18 journey (item 8): an admin judges fraud alerts on /fraud-monitoring, one "Confirmed" and
 * one "False positive", sees each verdict on its alert, and the Rule Precision card's figure for
 * that rule (confirmed / (confirmed + false positives)) follows.
 */
import { expect, test } from "@playwright/test";
import { demoLoginFromLanding } from "./helpers.ts";
import { alertResolvedOrGone, choose } from "./admin-helpers.ts";

type Alert = { id: string; alertType: string; status: string };
type Precision = { alertType: string; confirmed: number; falsePositives: number; precision: number | null };

test("admin resolves alerts as confirmed and false positive, and the rule's precision follows", async ({ page }) => {
  test.setTimeout(120_000);
  await demoLoginFromLanding(page, "admin");
  const alerts = (await (await page.request.get("/api/admin/fraud-alerts?timeWindow=7d")).json()) as Alert[];
  // The demo data has three accounts on one address: three open shared-address alerts.
  const [first, second] = alerts.filter((a) => a.alertType === "shared_address" && a.status === "open");
  expect(second, "the demo data has two open shared-address alerts").toBeTruthy();
  const before = ((await (await page.request.get("/api/admin/fraud/rule-precision")).json()) as Precision[]).find(
    (r) => r.alertType === "shared_address",
  )!;

  await page.goto("/fraud-monitoring");
  const screen = page.getByTestId("section-fraud");
  await choose(page, screen.getByTestId("fraud-window"), "Last 7 Days");
  const card = screen.getByTestId("rule-precision");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("rule-precision-shared_address")).toContainText("Shared address");

  const one = screen.getByTestId(`fraud-alert-${first.id}`);
  await one.getByTestId(`resolve-confirmed-${first.id}`).click();
  await expect(page.getByTestId("toast")).toContainText("Alert Resolved");
  if (await alertResolvedOrGone(screen, first.id)) {
    await expect(one.getByTestId(`fraud-alert-verdict-${first.id}`)).toHaveText("Confirmed");
    await expect(one.getByRole("button", { name: "Resolve" })).toHaveCount(0);
  }

  const two = screen.getByTestId(`fraud-alert-${second.id}`);
  await two.getByTestId(`resolve-false-positive-${second.id}`).click();
  if (await alertResolvedOrGone(screen, second.id)) await expect(two.getByTestId(`fraud-alert-verdict-${second.id}`)).toHaveText("False positive");

  const confirmed = before.confirmed + 1;
  const falsePositives = before.falsePositives + 1;
  const expected = `${Math.round((confirmed / (confirmed + falsePositives)) * 100)}%`;
  await expect(card.getByTestId("rule-precision-value-shared_address")).toHaveText(expected);
  const row = card.getByTestId("rule-precision-shared_address");
  await expect(row).toContainText(String(confirmed));
  await expect(row).toContainText(String(falsePositives));
  // The server agrees.
  await expect
    .poll(async () =>
      ((await (await page.request.get("/api/admin/fraud/rule-precision")).json()) as Precision[]).find((r) => r.alertType === "shared_address"),
    )
    .toMatchObject({ confirmed, falsePositives });
});
