/**
 * Fantasy Management, as staff meet it.
 * 1. A demo admin creates a sport, a league, a contest and a player through the Fantasy
 *    Management dialogs, with the spec's validation and toasts.
 * 2. A demo trader sees Fantasy Management read only: the figures, but none of the create/add
 *    buttons or contest actions (the server refuses those calls to a trader too).
 * The customer's side (entering contests, private contests) is customer-enters-a-fantasy-contest.spec.ts.
 */
import { expect, test } from "@playwright/test";
import { demoLoginFromLanding } from "./helpers.ts";

test("an admin creates a fantasy sport, league, contest and player through the dialogs", async ({ page }) => {
  test.setTimeout(120_000);
  await demoLoginFromLanding(page, "admin");
  await page.getByRole("button", { name: /Fantasy Sports/ }).first().click();
  await page.waitForURL("**/admin?tab=fantasy");
  const section = page.getByTestId("section-fantasy");
  await expect(section.getByTestId("fantasy-summary")).toBeVisible();
  await expect(section.getByTestId("fantasy-read-only")).toHaveCount(0);
  const sportsCount = Number(await section.getByTestId("fantasy-total-sports").getByTestId("value").textContent());
  expect(sportsCount).toBeGreaterThanOrEqual(4);
  await expect(section.getByTestId("overview-contests").locator("li")).toHaveCount(5);

  // Create Sport: name and season required; success toast; the form resets.
  const sportName = `E2E Hoops ${Date.now() % 100000}`;
  await section.getByTestId("fantasy-tab-sports").click();
  await section.getByTestId("create-sport").click();
  let dialog = page.getByTestId("create-sport-dialog");
  await dialog.getByTestId("submit-sport").click();
  await expect(dialog).toContainText("Name is required");
  await expect(dialog).toContainText("Season is required");
  await dialog.getByTestId("sport-name").fill(sportName);
  await dialog.getByTestId("sport-season").fill("2025-26");
  await dialog.getByTestId("sport-roster").fill("G, F, C, UTIL");
  await dialog.getByTestId("submit-sport").click();
  await expect(page.getByTestId("toast")).toContainText("Success");
  await expect(page.getByTestId("toast")).toContainText("Fantasy sport created successfully");
  await expect(dialog).toHaveCount(0);
  const sportCard = section.locator('[data-testid^="sport-card-"]').filter({ hasText: sportName });
  await expect(sportCard).toContainText("Season 2025-26");
  await expect(sportCard.getByTestId("league-count")).toHaveText("0");
  await expect(section.getByTestId("fantasy-total-sports").getByTestId("value")).toHaveText(String(sportsCount + 1));
  await section.getByTestId("create-sport").click();
  await expect(page.getByTestId("sport-name")).toHaveValue("");
  // The same sport and season again is refused by the server: the spec's failure toast, the dialog stays open.
  await page.getByTestId("sport-name").fill(sportName);
  await page.getByTestId("sport-season").fill("2025-26");
  await page.getByTestId("submit-sport").click();
  await expect(page.getByTestId("toast")).toContainText("Failed to create fantasy sport");
  await expect(page.getByTestId("create-sport-dialog").getByTestId("dialog-error")).toBeVisible();
  await page.getByTestId("create-sport-dialog").getByRole("button", { name: "Cancel" }).click();

  // Filter to the new sport: the cards count it alone.
  await section.getByTestId("fantasy-sport-filter").click();
  await page.getByRole("option", { name: sportName }).click();
  await expect(section.getByTestId("fantasy-total-sports").getByTestId("value")).toHaveText("1");

  // Create League: max teams 4 to 20; the form keeps its values after a create.
  await section.getByTestId("fantasy-tab-leagues").click();
  await section.getByTestId("create-league").click();
  dialog = page.getByTestId("create-league-dialog");
  await expect(dialog.getByTestId("league-max-teams")).toHaveValue("12");
  await dialog.getByTestId("league-name").fill("E2E Dynasty");
  await dialog.getByTestId("league-max-teams").fill("21");
  await dialog.getByTestId("submit-league").click();
  await expect(dialog).toContainText("Max teams must be a whole number from 4 to 20");
  await dialog.getByTestId("league-max-teams").fill("10");
  await dialog.getByTestId("league-entry-fee").fill("25");
  await dialog.getByTestId("league-prize-pool").fill("200");
  await dialog.getByTestId("submit-league").click();
  await expect(page.getByTestId("toast")).toContainText("Fantasy league created successfully");
  const leagueRow = section.getByTestId("leagues-table").locator("tbody tr").filter({ hasText: "E2E Dynasty" });
  await expect(leagueRow).toContainText(sportName);
  await expect(leagueRow).toContainText("$25.00");
  await expect(leagueRow).toContainText("$200.00");
  await leagueRow.getByRole("button", { name: "View E2E Dynasty" }).click();
  await expect(page.getByTestId("league-details")).toContainText("Snake draft");
  await page.getByTestId("league-details").getByRole("button", { name: "Close" }).click();
  await section.getByTestId("create-league").click();
  await expect(page.getByTestId("league-name")).toHaveValue("E2E Dynasty");
  await page.getByTestId("create-league-dialog").getByRole("button", { name: "Cancel" }).click();

  // Create Contest: max entries at least 1 (default 100).
  await section.getByTestId("fantasy-tab-contests").click();
  await section.getByTestId("create-contest").click();
  dialog = page.getByTestId("create-contest-dialog");
  await expect(dialog.getByTestId("contest-max-entries")).toHaveValue("100");
  await dialog.getByTestId("contest-name").fill("E2E Tip-Off");
  await dialog.getByTestId("contest-max-entries").fill("0");
  await dialog.getByTestId("submit-contest").click();
  await expect(dialog).toContainText("Max entries must be a whole number, at least 1");
  await dialog.getByTestId("contest-max-entries").fill("50");
  await dialog.getByTestId("contest-entry-fee").fill("3");
  await dialog.getByTestId("submit-contest").click();
  await expect(page.getByTestId("toast")).toContainText("Fantasy contest created successfully");
  const contestRow = section.getByTestId("contests-table").locator("tbody tr").filter({ hasText: "E2E Tip-Off" });
  await expect(contestRow).toContainText("0/50");
  await expect(contestRow).toContainText("$3.00");
  await expect(contestRow).toContainText("Open");

  // Add Player.
  await section.getByTestId("fantasy-tab-players").click();
  await section.getByTestId("add-player").click();
  dialog = page.getByTestId("add-player-dialog");
  await dialog.getByTestId("player-name").fill("Casey Rivers");
  await dialog.getByTestId("player-team").fill("SEA");
  await dialog.getByTestId("player-position").click();
  await page.getByRole("option", { name: "G", exact: true }).click();
  await dialog.getByTestId("player-salary").fill("6400");
  await dialog.getByTestId("player-projected").fill("31.25");
  await dialog.getByTestId("submit-player").click();
  await expect(page.getByTestId("toast")).toContainText("Fantasy player added successfully");
  const playerRow = section.getByTestId("players-table").locator("tbody tr").filter({ hasText: "Casey Rivers" });
  await expect(playerRow).toContainText("$6,400");
  await expect(playerRow).toContainText("31.25");
  await expect(playerRow).toContainText("Healthy");

  // The sport card counts what was created.
  await section.getByTestId("fantasy-tab-sports").click();
  await expect(sportCard.getByTestId("league-count")).toHaveText("1");
  await expect(sportCard.getByTestId("contest-count")).toHaveText("1");
  await expect(sportCard.getByTestId("player-count")).toHaveText("1");
});

test("a trader sees fantasy management read only, without the create buttons", async ({ page }) => {
  expect((await page.request.post("/api/demo/login", { data: { role: "trader" } })).ok()).toBe(true);
  await page.goto("/admin?tab=fantasy");
  const section = page.getByTestId("section-fantasy");
  await expect(section.getByTestId("fantasy-summary")).toBeVisible();
  await expect(section.getByTestId("fantasy-read-only")).toContainText("is for administrators");
  const sportsCount = Number(await section.getByTestId("fantasy-total-sports").getByTestId("value").textContent());
  expect(sportsCount).toBeGreaterThanOrEqual(4);

  await section.getByTestId("fantasy-tab-sports").click();
  await expect(section.locator('[data-testid^="sport-card-"]').first()).toBeVisible();
  await expect(section.getByTestId("create-sport")).toHaveCount(0);

  await section.getByTestId("fantasy-tab-leagues").click();
  await expect(section.getByTestId("leagues-table")).toBeVisible();
  await expect(section.getByTestId("create-league")).toHaveCount(0);

  await section.getByTestId("fantasy-tab-contests").click();
  const contests = section.getByTestId("contests-table");
  await expect(contests.locator('[data-testid^="contest-row-"]').first()).toBeVisible();
  await expect(section.getByTestId("create-contest")).toHaveCount(0);
  await expect(contests.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
  await expect(contests.locator('[data-testid^="settle-"], [data-testid^="cancel-"]')).toHaveCount(0);

  await section.getByTestId("fantasy-tab-players").click();
  await expect(section.getByTestId("players-table")).toBeVisible();
  await expect(section.getByTestId("add-player")).toHaveCount(0);
  await expect(section.getByRole("button", { name: /^(Create|Add) / })).toHaveCount(0);
});
