/**
 * The reality check: at the customer's chosen interval a dialog shows the time since sign-in and the
 * session's net win/loss; 'Take a 15 Minute Break' starts a time-out on the server, after which bets
 * are refused. The browser's clock is moved forward; the server's is real.
 */
import { expect, test } from "@playwright/test";
import { showEventOnBoard, upcomingEvents } from "./helpers.ts";

test("after the interval a reality check appears; a 15-minute break stops betting", async ({ page }) => {
  await page.clock.install();
  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  const set = await page.request.put("/api/account/settings", { data: { realityCheckMinutes: 30 } });
  expect(set.ok(), await set.text()).toBe(true);

  await page.goto("/betting");
  await expect(page.getByTestId("live-odds-panel")).toBeVisible();
  await expect(page.getByTestId("reality-check")).toHaveCount(0);

  await page.clock.fastForward("31:00");
  const dialog = page.getByRole("dialog", { name: "Reality Check" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("reality-check-time")).toHaveText(/^3[01] min$/);
  await expect(dialog.getByTestId("reality-check-net")).toHaveText("$0.00");

  // Continue: the same check does not come back after a reload.
  await dialog.getByTestId("reality-check-continue").click();
  await expect(dialog).toHaveCount(0);
  const responsible = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/responsible" && r.ok());
  await page.reload();
  await expect(page.getByTestId("live-odds-panel")).toBeVisible();
  await responsible;
  await expect(page.getByTestId("reality-check")).toHaveCount(0);

  // The next one comes at 60 minutes; this time take the break.
  await page.clock.fastForward("30:00");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("reality-check-break").click();
  await expect(page.getByTestId("toast")).toContainText("Break Started");
  await expect(dialog).toHaveCount(0);
  const state = (await (await page.request.get("/api/responsible")).json()) as { exclusion: { active: boolean; kind: string } };
  expect(state.exclusion).toMatchObject({ active: true, kind: "timeout" });

  // A bet is now refused by the server.
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const win = event.markets.find((m) => m.type === "full_time_result")!;
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${win.outcomes[0].id}`).click();
  // The slip says so before any click: Place Bet is disabled with the reason beside it.
  await expect(page.getByTestId("slip-unavailable")).toHaveAttribute("data-reason", "excluded");
  await expect(page.getByTestId("place-bet")).toBeDisabled();
  // A bet is refused by the server too, whatever the page shows.
  const res = await page.request.post("/api/bets", {
    data: { selections: [{ eventId: event.id, marketId: win.id, outcomeId: win.outcomes[0].id, odds: win.outcomes[0].odds }], stake: 500, betType: "single" },
  });
  expect(res.status(), await res.text()).toBe(403);
});
