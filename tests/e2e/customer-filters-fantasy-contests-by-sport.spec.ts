/**
 * A customer on /fantasy picks a sport tab and sees only that sport's contests. The tabs come from the
 * contests taking entries: an operator opens a contest in a new sport and that sport gets a tab; a
 * sport with no contest gets none; an existing sport's tab lists only its own contests. The page
 * passes axe (heading order and moderate findings included) at 375, 768 and 1280 px.
 */
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { violationsAtWidths } from "./axe.ts";
import { dataLoaded } from "./helpers.ts";

type ApiContest = { id: string; sportId: string; sportName: string; isPrivate: boolean };

test("the fantasy lobby's tabs are the sports with open contests, and each lists only its sport", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // Data of its own: a sport with one open contest, and a sport with none.
  const tag = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const withContest = `Tabs E2E ${tag}`;
  const without = `Empty E2E ${tag}`;
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post("/api/demo/login", { data: { role: "admin" } })).ok()).toBe(true);
  const sport = await admin.post("/api/admin/fantasy/sports", { data: { name: withContest, season: "2026" } });
  expect(sport.status()).toBe(201);
  const sportId = ((await sport.json()) as { id: string }).id;
  expect((await admin.post("/api/admin/fantasy/sports", { data: { name: without, season: "2026" } })).status()).toBe(201);
  const startTime = new Date(Date.now() + 6 * 3_600_000).toISOString();
  const created = await admin.post("/api/admin/fantasy/contests", { data: { sportId, name: `${withContest} Showdown`, startTime } });
  expect(created.status()).toBe(201);
  const mine = (await created.json()) as { id: string };
  await admin.dispose();

  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  // The NBA contests open now (the seeded sport with the most), to check its tab against.
  const open = (await (await page.request.get("/api/fantasy/contests?status=open")).json()) as ApiContest[];
  const nba = new Set(open.filter((c) => c.sportName === "NBA").map((c) => c.id));
  expect(nba.size).toBeGreaterThan(0);

  await page.goto("/fantasy");
  const tabs = page.getByRole("tablist", { name: "Sports" });
  const ownTab = tabs.getByRole("tab", { name: withContest.toUpperCase(), exact: true });
  await expect(ownTab).toBeVisible();
  await expect(tabs.getByRole("tab").first()).toHaveText("FEATURED");
  await expect(tabs.getByRole("tab", { name: "NBA", exact: true })).toBeVisible();
  // A sport without contests has no tab (it would open on an empty list).
  await expect(tabs.getByRole("tab", { name: without.toUpperCase() })).toHaveCount(0);
  // The spec's fixed sports are gone where nothing is open in them.
  for (const name of ["AFL", "NRL", "GOLF", "CRICKET", "MLB", "RACING"]) {
    if (!open.some((c) => c.sportName.toUpperCase() === name)) await expect(tabs.getByRole("tab", { name, exact: true })).toHaveCount(0);
  }

  const table = page.getByTestId("contests-table");
  const rows = table.locator('tbody [data-testid^="contest-"]');
  await ownTab.click();
  await expect(ownTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { level: 2, name: `${withContest.toUpperCase()} contests` })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(table.getByTestId(`contest-${mine.id}`)).toContainText(`${withContest} Showdown`);
  await expect(page.getByTestId("contests-count")).toHaveText("Showing 1 of 1");

  await tabs.getByRole("tab", { name: "NBA", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "NBA contests" })).toBeVisible();
  await expect(table.getByTestId(`contest-${mine.id}`)).toHaveCount(0);
  const shown = await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-testid")!.replace(/^contest-/, "")));
  expect(shown.length).toBeGreaterThan(0);
  for (const id of shown) expect(nba.has(id), `${id} is an NBA contest`).toBe(true);

  // FEATURED lists every sport's contests again: at least the NBA ones and the new one.
  await tabs.getByRole("tab", { name: "FEATURED" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Featured contests" })).toBeVisible();
  const total = Number((await page.getByTestId("contests-count").textContent())!.replace(/^Showing \d+ of /, ""));
  expect(total).toBeGreaterThanOrEqual(nba.size + 1);

  await ownTab.click();
  await expect(rows).toHaveCount(1);
  const found = await violationsAtWidths(page, "/fantasy sport tab", () => dataLoaded(page, "main"), { failOn: ["heading-order"], minImpact: "moderate" }, [375, 768, 1280]);
  expect(found).toEqual({});
});
