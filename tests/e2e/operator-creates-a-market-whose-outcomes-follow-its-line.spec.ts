/**
 * Journey: an operator opens Create New Market on an event of their own. The type select reads in
 * words; the outcome names follow the type, the event's sides and the line written in the name
 * ("Over/Under 6.5" gives Over 6.5 / Under 6.5, and changing the name to 3.5 moves them); a handicap
 * takes the sides at the home side's line. Outcomes edited by hand stay the operator's, and a
 * mismatch is refused by the server with the reason in the dialog. The market created carries the
 * derived names.
 */
import { expect, test } from "@playwright/test";
import { demoLoginFromLanding } from "./helpers.ts";
import { choose, openSection } from "./admin-helpers.ts";

test("Create Market derives the outcome names from the type and the line in the name", async ({ page }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).slice(-5);
  const home = `Line Rovers ${tag}`;
  const away = `Line United ${tag}`;
  await demoLoginFromLanding(page, "admin");

  // An event of the journey's own, so nothing another journey reads changes.
  const created = await page.request.post("/api/admin/events", {
    data: { sport: "soccer", league: "E2E League", homeTeam: home, awayTeam: away, startTime: new Date(Date.now() + 20 * 3_600_000).toISOString(), prices: { home: "2.10", draw: "3.40", away: "3.20" } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;

  await openSection(page, "trading");
  await page.getByTestId("new-market-button").click();
  const dialog = page.getByTestId("create-market-dialog");
  await choose(page, dialog.getByTestId("market-event-select"), new RegExp(home));

  // The types read in words, not as enum values.
  await dialog.getByTestId("market-type-select").click();
  await expect(page.getByRole("option", { name: "Over / Under" })).toBeVisible();
  await expect(page.getByRole("option", { name: "Both Teams to Score" })).toBeVisible();
  await expect(page.getByRole("option", { name: /over_under/ })).toHaveCount(0);
  await page.getByRole("option", { name: "Over / Under" }).click();

  // No line in the name yet: no names, and the form says where the line goes.
  await expect(dialog.getByTestId("outcomes-line-hint")).toContainText("Write the line in the market name");
  await expect(dialog.getByTestId("outcome-name-0")).toHaveValue("");

  const name = dialog.getByTestId("market-name-input");
  await name.fill("Total Goals Over/Under 6.5");
  await expect(dialog.getByTestId("outcome-name-0")).toHaveValue("Over 6.5");
  await expect(dialog.getByTestId("outcome-name-1")).toHaveValue("Under 6.5");
  await expect(dialog.getByTestId("outcomes-line-hint")).toHaveCount(0);
  await dialog.getByTestId("outcome-odds-0").fill("4.50");
  await dialog.getByTestId("outcome-odds-1").fill("1.18");
  // The line changes with the name; the prices typed stay.
  await name.fill("Total Goals Over/Under 3.5");
  await expect(dialog.getByTestId("outcome-name-0")).toHaveValue("Over 3.5");
  await expect(dialog.getByTestId("outcome-name-1")).toHaveValue("Under 3.5");
  await expect(dialog.getByTestId("outcome-odds-0")).toHaveValue("4.50");

  // A handicap: the event's two sides at the home side's line.
  await choose(page, dialog.getByTestId("market-type-select"), "Handicap");
  await name.fill("Asian Handicap -1.5");
  await expect(dialog.getByTestId("outcome-name-0")).toHaveValue(`${home} -1.5`);
  await expect(dialog.getByTestId("outcome-name-1")).toHaveValue(`${away} +1.5`);

  // Back to over/under; an outcome edited by hand stays, and the server refuses the mismatch.
  await choose(page, dialog.getByTestId("market-type-select"), "Over / Under");
  await name.fill("Total Goals Over/Under 3.5");
  await expect(dialog.getByTestId("outcome-name-0")).toHaveValue("Over 3.5");
  await dialog.getByTestId("outcome-odds-0").fill("2.60");
  await dialog.getByTestId("outcome-odds-1").fill("1.50");
  await dialog.getByTestId("outcome-name-0").fill("Over 2.5");
  await dialog.getByTestId("outcome-name-1").fill("Under 2.5");
  await dialog.getByTestId("create-market-submit").click();
  await expect(dialog.getByRole("alert")).toContainText("The name says 3.5 but the outcomes are at 2.5");
  await expect(dialog).toBeVisible();

  // "Use the type's outcomes" puts the derived names back; the market is created with them.
  await dialog.getByTestId("outcomes-rederive").click();
  await expect(dialog.getByTestId("outcome-name-0")).toHaveValue("Over 3.5");
  await expect(dialog.getByTestId("outcome-name-1")).toHaveValue("Under 3.5");
  await dialog.getByTestId("create-market-submit").click();
  await expect(dialog).toHaveCount(0);

  type Listed = { id: string; markets: { name: string; line: number | null; outcomes: { name: string }[] }[] };
  const made = async () => {
    const events = (await (await page.request.get("/api/events?status=upcoming&limit=200")).json()) as Listed[];
    const m = events.find((e) => e.id === eventId)?.markets.find((x) => x.name === "Total Goals Over/Under 3.5");
    return m ? { line: m.line, outcomes: m.outcomes.map((o) => o.name) } : null;
  };
  await expect.poll(made).toEqual({ line: 3.5, outcomes: ["Over 3.5", "Under 3.5"] });
});
