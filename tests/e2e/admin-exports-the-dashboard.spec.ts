/**
 * Journey: an admin exports the dashboard. The file comes from the server (GET
 * /api/dashboard/stats.csv), built from the figures it serves at that moment: a bet placed after the
 * dashboard loaded is in the file although the page still holds its earlier copy of the figures.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { dataLoaded, demoLoginFromLanding, type ApiEvent } from "./helpers.ts";
import { depositByApi, registerCustomer, verifyCustomer } from "./customer-helpers.ts";

type Stats = { totalBets: number };

test("the dashboard export holds the server's figures of the moment, not the page's copy", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-5);
  await demoLoginFromLanding(page, "admin");
  const section = page.getByTestId("section-dashboard");
  await expect(section.getByTestId("stat-total-bets")).toBeVisible();
  await dataLoaded(page, '[data-testid="stat-tiles"]');
  // What the page holds now (the tile shows the same or an earlier figure).
  const before = ((await (await page.request.get("/api/dashboard/stats")).json()) as Stats).totalBets;

  // A match of the journey's own, and a real customer's bet on it (demo bets never count in the figures).
  const created = await page.request.post("/api/admin/events", {
    data: {
      sport: "soccer", league: "E2E League", homeTeam: `Export Home ${tag}`, awayTeam: `Export Away ${tag}`,
      startTime: new Date(Date.now() + 8 * 3_600_000).toISOString(), prices: { home: "2.10", draw: "3.40", away: "3.20" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const match = ((await created.json()) as { event: ApiEvent }).event;
  const market = match.markets.find((m) => m.type === "full_time_result")!;
  const outcome = market.outcomes[0];
  const customerContext = await browser.newContext();
  const customer = customerContext.request;
  const punter = await registerCustomer(customer, "export", "Eve", "Export");
  await verifyCustomer(customer, punter, "full");
  await depositByApi(customer, 5_000);
  const bet = await customer.post("/api/bets", {
    data: { selections: [{ eventId: match.id, marketId: market.id, outcomeId: outcome.id, odds: outcome.odds }], stake: 1_000, betType: "single" },
  });
  expect(bet.status(), await bet.text()).toBe(201);
  await customerContext.close();

  // Export without reloading the page.
  const download = page.waitForEvent("download");
  await section.getByTestId("dashboard-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^dashboard.*\.csv$/);
  const lines = (await readFile(await file.path(), "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toBe("section,sport,market,metric,value");
  const figure = (metric: string) => {
    const line = lines.find((l) => l.startsWith("dashboard,") && l.split(",")[3] === metric);
    expect(line, `the file has ${metric}`).toBeTruthy();
    return line!.split(",")[4];
  };
  const exported = Number(figure("total_bets"));
  const after = ((await (await page.request.get("/api/dashboard/stats")).json()) as Stats).totalBets;
  // The bet placed after the page loaded is in the file, and the file holds no more than the server has now.
  expect(exported).toBeGreaterThanOrEqual(before + 1);
  expect(exported).toBeLessThanOrEqual(after);
  // Money as plain decimals a spreadsheet reads; the heatmap's cells beside the headline figures.
  expect(figure("total_staked")).toMatch(/^-?\d+\.\d{2}$/);
  expect(lines.some((l) => l.startsWith("heatmap_24h,"))).toBe(true);
});
