/**
 * An admin judges fraud alerts on /fraud-monitoring, one "Confirmed" and
 * one "False positive", sees each verdict on its alert, and the Rule Precision card's figure for
 * each rule (confirmed / (confirmed + false positives)) follows.
 */
import { expect, test } from "@playwright/test";
import { demoLoginFromLanding } from "./helpers.ts";
import { alertResolvedOrGone, choose } from "./admin-helpers.ts";

type Alert = { id: string; alertType: string; status: string };
type Precision = { alertType: string; confirmed: number; falsePositives: number; precision: number | null };

test("admin resolves alerts as confirmed and false positive, and each rule's precision follows", async ({ page }) => {
  test.setTimeout(120_000);
  await demoLoginFromLanding(page, "admin");
  const alerts = (await (await page.request.get("/api/admin/fraud-alerts?timeWindow=7d")).json()) as Alert[];
  // The demo data has three accounts on one address (one incident: one shared-address alert) and a
  // stake spike.
  const first = alerts.find((a) => a.alertType === "shared_address" && a.status === "open");
  const second = alerts.find((a) => a.alertType === "stake_spike" && a.status === "open");
  expect(first && second, "the demo data has an open shared-address alert and an open stake spike").toBeTruthy();
  const precisionOf = async (rule: string) =>
    ((await (await page.request.get("/api/admin/fraud/rule-precision")).json()) as Precision[]).find((r) => r.alertType === rule)!;
  const [ringBefore, spikeBefore] = [await precisionOf("shared_address"), await precisionOf("stake_spike")];

  await page.goto("/fraud-monitoring");
  const screen = page.getByTestId("section-fraud");
  await choose(page, screen.getByTestId("fraud-window"), "Last 7 Days");
  const card = screen.getByTestId("rule-precision");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("rule-precision-shared_address")).toContainText("Shared address");

  const one = screen.getByTestId(`fraud-alert-${first!.id}`);
  await one.getByTestId(`resolve-confirmed-${first!.id}`).click();
  await expect(page.getByTestId("toast")).toContainText("Alert Resolved");
  if (await alertResolvedOrGone(screen, first!.id)) {
    await expect(one.getByTestId(`fraud-alert-verdict-${first!.id}`)).toHaveText("Confirmed");
    await expect(one.getByRole("button", { name: "Resolve" })).toHaveCount(0);
  }

  const two = screen.getByTestId(`fraud-alert-${second!.id}`);
  await two.getByTestId(`resolve-false-positive-${second!.id}`).click();
  if (await alertResolvedOrGone(screen, second!.id)) await expect(two.getByTestId(`fraud-alert-verdict-${second!.id}`)).toHaveText("False positive");

  // Each rule's figure: confirmed / (confirmed + false positives).
  const figure = (confirmed: number, falsePositives: number) => `${Math.round((confirmed / (confirmed + falsePositives)) * 100)}%`;
  const ring = { confirmed: ringBefore.confirmed + 1, falsePositives: ringBefore.falsePositives };
  const spike = { confirmed: spikeBefore.confirmed, falsePositives: spikeBefore.falsePositives + 1 };
  await expect(card.getByTestId("rule-precision-value-shared_address")).toHaveText(figure(ring.confirmed, ring.falsePositives));
  await expect(card.getByTestId("rule-precision-value-stake_spike")).toHaveText(figure(spike.confirmed, spike.falsePositives));
  const row = card.getByTestId("rule-precision-stake_spike");
  await expect(row).toContainText(String(spike.falsePositives));
  // The server agrees.
  await expect.poll(() => precisionOf("shared_address")).toMatchObject(ring);
  await expect.poll(() => precisionOf("stake_spike")).toMatchObject(spike);
});
