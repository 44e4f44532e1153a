/**
 * An operator's first five minutes on the desk.
 * The trading desk lists every outcome as a row, the draw of a football match and a race's runners
 * by name; an alert the operator acknowledges says who acknowledged it, by name; on a 768 px screen
 * the risk table's last action is reached by scrolling the table inside its card.
 */
import { expect, test } from "@playwright/test";
import { type ApiEvent, staffSignIn } from "./helpers.ts";
import { openSection, whoAmI } from "./admin-helpers.ts";
import { depositByApi, registerCustomer, verifyCustomer } from "./customer-helpers.ts";

test("an operator reads every outcome, sees who acknowledged an alert and reaches a table's actions at 768 px", async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-5);
  const homeTeam = `E2E Desk Home ${tag}`;
  const awayTeam = `E2E Desk Away ${tag}`;

  // --- Admin: a football match of its own (with a draw), and a seeded race.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, "admin");
  const created = await admin.request.post("/api/admin/events", {
    data: {
      sport: "soccer", league: "E2E League", homeTeam, awayTeam,
      startTime: new Date(Date.now() + 6 * 3_600_000).toISOString(),
      prices: { home: "2.10", draw: "3.40", away: "3.20" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const match = ((await created.json()) as { event: ApiEvent }).event;
  const result = match.markets.find((m) => m.type === "full_time_result")!;
  const draw = result.outcomes.find((o) => o.name === "Draw")!;
  expect(draw).toBeTruthy();
  const races = (await (await admin.request.get("/api/events?status=upcoming&sport=racing&limit=50")).json()) as ApiEvent[];
  const race = races.find((e) => e.markets[0]?.outcomes.length >= 3)!;
  expect(race).toBeTruthy();
  const runner = race.markets[0].outcomes[race.markets[0].outcomes.length - 1];

  // --- Customer: large bets on the draw and on the race's last runner, so both head the desk.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  // A real customer: demo bets never count in operator figures, so they raise no alert.
  const punter = await registerCustomer(customer.request, "desk", "Dana", "Desk");
  await verifyCustomer(customer.request, punter, "full");
  await depositByApi(customer.request, 100_000);
  for (const [event, marketId, outcome, stake] of [
    [match, result.id, draw, 40_000],
    [race, race.markets[0].id, runner, 20_000],
  ] as const) {
    const res = await customer.request.post("/api/bets", {
      data: { selections: [{ eventId: event.id, marketId, outcomeId: outcome.id, odds: outcome.odds }], stake, betType: "single" },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await customerContext.close();

  // --- An alert, raised before the desk opens (the desk reads alerts on load and every 30 s): the match's limit below what it holds.
  const limited = await admin.request.put(`/api/admin/markets/${encodeURIComponent(result.id)}/limit`, { data: { liabilityLimit: 10_000 } });
  expect(limited.status(), await limited.text()).toBe(200);
  const alerts = (await (await admin.request.get("/api/trading/alerts?status=active")).json()) as { id: string; marketId: string | null }[];
  const alert = alerts.find((a) => a.marketId === result.id)!;
  expect(alert).toBeTruthy();
  const me = await whoAmI(admin.request);
  const myName = `${me.firstName} ${me.lastName}`.trim();
  // --- The trading desk: each market's outcomes as rows, the draw and the runner by name.
  await openSection(admin, "trading");
  const matchOutcomes = admin.getByTestId(`exposure-outcomes-${match.id}`);
  await expect(matchOutcomes.getByRole("rowheader", { name: "Draw", exact: true })).toBeVisible();
  await expect(matchOutcomes.getByRole("rowheader", { name: homeTeam })).toBeVisible();
  await expect(matchOutcomes.locator('[data-outcome="Draw"]')).toContainText("3.40");
  await expect(matchOutcomes.locator('[data-outcome="Draw"]')).toContainText("$400.00");
  const raceOutcomes = admin.getByTestId(`exposure-outcomes-${race.id}`);
  await expect(raceOutcomes.getByRole("rowheader", { name: runner.name, exact: true })).toBeVisible();
  await expect(raceOutcomes.getByTestId(`exposure-outcomes-${race.id}-row`)).toHaveCount(race.markets[0].outcomes.length);

  // --- The operator acknowledges the alert; the desk says who, by name.
  await admin.getByRole("tab", { name: "Alerts" }).click();
  await admin.getByTestId(`ack-${alert.id}`).click();
  await expect(admin.getByTestId("toast")).toContainText("Alert acknowledged");
  await expect(admin.getByTestId(`alert-ack-by-${alert.id}`)).toHaveText(`by ${myName}`);
  await admin.getByTestId(`alert-details-${alert.id}`).click();
  await expect(admin.getByTestId("alert-acknowledged-by")).toContainText(`by ${myName}`);
  await expect(admin.getByTestId("alert-acknowledged-by")).not.toContainText(me.id);
  await admin.keyboard.press("Escape");
  await expect(admin.getByRole("dialog")).toHaveCount(0);

  // --- 768 px: the market risk table scrolls inside its card; its last action comes into view.
  await admin.setViewportSize({ width: 768, height: 900 });
  // At this width the sections sit behind the menu button (openSection opens it when it is shown).
  await expect(admin.getByRole("button", { name: "Open menu" })).toBeVisible();
  await openSection(admin, "risk");
  const region = admin.getByRole("region", { name: "Market risk table" });
  await expect(region).toBeVisible();
  const lastAction = region.getByTestId(`market-risk-${result.id}`).getByRole("button", { name: "Bets" });
  await region.scrollIntoViewIfNeeded();
  // The keyboard reaches the scroller (a focusable, labelled region); the last action is reached by
  // scrolling inside it, never cut off by the card.
  await region.focus();
  await expect(region).toBeFocused();
  await lastAction.scrollIntoViewIfNeeded();
  await expect(lastAction).toBeInViewport();
  const [box, frame] = [await lastAction.boundingBox(), await region.boundingBox()];
  expect(box && frame).toBeTruthy();
  // Not cut off: the whole button lies inside the scroller's visible box and the window.
  expect(box!.x).toBeGreaterThanOrEqual(frame!.x - 1);
  expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
  expect(box!.x + box!.width).toBeLessThanOrEqual(768);
  await lastAction.click();
  await expect(admin.getByTestId("market-bets-table")).toBeVisible();

  await adminContext.close();
});
