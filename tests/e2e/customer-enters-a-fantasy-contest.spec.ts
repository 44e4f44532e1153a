/**
 * Fantasy journeys, as a customer meets them.
 * 1. A signed-out visitor on /fantasy presses ENTER, tries the demo, builds a valid lineup under the
 *    salary cap and enters a contest an operator created (through the API) to start in ten minutes.
 *    The operator then locks it now from Fantasy Management; the server's contest runner
 *    (FANTASY_INTERVAL_MS in playwright.config.ts) takes it live and scores it, and the operator
 *    settles it now with the points as they stand; My Contests and the wallet balance show the payout.
 * 2. A demo customer creates a private contest and gets its invite code.
 * Staff's side of Fantasy Management (the admin's dialogs, the trader's read-only view) is
 * admin-manages-fantasy-sports.spec.ts.
 */
import { expect, request as playwrightRequest, test, type Locator, type Page } from "@playwright/test";
import { demoLoginFromLanding, money } from "./helpers.ts";

type ApiContest = { id: string; name: string; prizePool: number; entryFee: number; status: string };
type ApiEntry = { id: string; contestId: string; status: string; payout: number | null; rank: number | null; points: number };

/** Fill every roster slot with the cheapest player that fits it (the pool lists salaries high to low). */
async function buildCheapestLineup(dialog: Locator) {
  await expect(dialog.getByTestId("player-pool")).toBeVisible();
  const slots = await dialog.locator('[data-testid^="slot-"]').count();
  expect(slots).toBeGreaterThan(0);
  for (let i = 0; i < slots; i++) {
    await dialog.getByTestId(`slot-${i}`).getByRole("button", { name: /^Choose a player/ }).click();
    await dialog.getByTestId("player-pool").getByRole("button", { name: /^Add / }).last().click();
    await expect(dialog.getByTestId(`slot-${i}`).getByRole("button", { name: /^Remove / })).toBeVisible();
  }
  return slots;
}

const balanceOf = async (page: Page) => ((await (await page.request.get("/api/customer/balance")).json()) as { balance: number }).balance;

test("a visitor tries the demo, enters a contest with a valid lineup and is paid when it settles", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);

  // The operator schedules a small contest. It starts in ten minutes (the soonest open contest,
  // first in the lobby), time enough to enter on any machine; the operator locks it once entered.
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post("/api/demo/login", { data: { role: "admin" } })).ok()).toBe(true);
  const startsAt = Date.now() + 10 * 60_000;
  const created = await admin.post("/api/admin/fantasy/contests", {
    data: {
      sportId: "fsp_nfl",
      name: `E2E Flash Slate ${startsAt}`,
      entryFee: 500,
      prizePool: 2000,
      maxEntries: 10,
      minEntries: 1,
      startTime: new Date(startsAt).toISOString(),
      endTime: new Date(startsAt + 30 * 60_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const contest = (await created.json()) as ApiContest;

  // Signed out: the lobby lists it, and ENTER asks to sign in or try the demo.
  await page.goto("/fantasy");
  await expect(page.getByTestId("pinned-heading")).toHaveText("PINNED CONTESTS (0)");
  const row = page.getByTestId(`contest-${contest.id}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("payout")).toHaveText("TOP 1");
  await expect(row.getByTestId("entries")).toHaveText("0/10");
  await expect(page.getByTestId("contests-table").locator("tbody tr")).toHaveCount(10);
  await row.getByTestId("enter").click();
  await expect(page.getByTestId("sign-in-dialog")).toBeVisible();
  await page.getByTestId("try-demo").click();
  await expect(page.getByTestId("toast")).toContainText("Demo Login Successful");
  await expect(page.getByTestId("sign-in-dialog")).toHaveCount(0);
  await expect(page.getByTestId("balance")).toBeVisible();
  const before = await balanceOf(page);
  await expect(page.getByTestId("balance")).toHaveText(money(before));

  // Pin it: it is listed under PINNED CONTESTS.
  await row.getByTestId("pin").click();
  await expect(page.getByTestId("pinned-heading")).toHaveText("PINNED CONTESTS (1)");
  await expect(page.getByTestId("pinned-contests").getByTestId(`contest-${contest.id}`)).toBeVisible();

  // ENTER opens the lineup builder: positions, salary cap, injured players marked, ruled-out ones blocked.
  await page.getByTestId("contests-table").getByTestId(`contest-${contest.id}`).getByTestId("enter").click();
  const dialog = page.getByTestId("enter-contest-dialog");
  await expect(dialog).toContainText(contest.name);
  await expect(dialog.getByTestId("salary-remaining")).toHaveText("$50,000");
  await dialog.getByTestId("position-filter").getByRole("radio", { name: "RB" }).click();
  await expect(dialog.getByTestId("player-pool").getByRole("button", { name: "Isiah Pacheco: Out" })).toBeDisabled();
  await expect(dialog.getByTestId("player-pool").getByTestId("injury-mark").first()).toBeVisible();
  await expect(dialog.getByTestId("submit-lineup")).toBeDisabled();

  await buildCheapestLineup(dialog);
  const used = Number((await dialog.getByTestId("salary-used").textContent())!.replace(/[$,]/g, ""));
  expect(used).toBeLessThanOrEqual(50_000);
  await expect(dialog.getByTestId("salary-remaining")).toHaveText(`$${(50_000 - used).toLocaleString("en-AU")}`);
  await expect(dialog.getByTestId("submit-lineup")).toHaveText("Enter for $5.00");
  await dialog.getByTestId("submit-lineup").click();

  await expect(page.getByTestId("toast")).toContainText("Contest Entered");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("balance")).toHaveText(money(before - 500));
  const lobbyRow = page.getByTestId("contests-table").getByTestId(`contest-${contest.id}`);
  await expect(lobbyRow.getByTestId("entries")).toHaveText("1/10");
  await expect(lobbyRow.getByTestId("entered-badge")).toBeVisible();

  // My Lineups lists the lineup while it can still be edited.
  await page.getByTestId("nav-my-lineups").click();
  const lineupCard = page.getByTestId("my-lineups").locator('[data-testid^="my-lineup-"]').filter({ hasText: contest.name });
  await expect(lineupCard).toBeVisible();
  await expect(lineupCard.getByTestId("edit-lineup")).toBeVisible();

  // My Contests follows the contest as it locks, goes live and settles.
  await page.getByTestId("nav-my-contests").click();
  const card = page.locator(`[data-contest="${contest.id}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId("entry-status")).toHaveText("Active");
  await expect(card.getByTestId("contest-status")).toHaveText("Open");

  // The operator locks it now from Fantasy Management (the contest's row, Lock now, confirm).
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  expect((await operator.request.post("/api/demo/login", { data: { role: "admin" } })).ok()).toBe(true);
  await operator.goto("/admin?tab=fantasy");
  const management = operator.getByTestId("section-fantasy");
  await management.getByTestId("fantasy-tab-contests").click();
  const contestRow = management.getByTestId(`contest-row-${contest.id}`);
  await expect(contestRow).toContainText("1/10");
  await contestRow.getByTestId(`lock-${contest.id}`).click();
  await expect(operator.getByRole("alertdialog")).toContainText(`Lock ${contest.name} now?`);
  await operator.getByTestId("confirm-contest-action").click();
  await expect(contestRow).toContainText(/Locked|Live/);

  // The customer's card (My Contests polls every 15 s, every 3 s once a contest is running): locked,
  // then live once the runner has scored it; it stays live until its end time or an operator settles it.
  await expect(card.getByTestId("contest-status")).toHaveText(/Locked|Live/, { timeout: 30_000 });
  await expect(card.getByTestId("contest-status")).toHaveText("Live");

  // The operator settles it now, with the points as they stand.
  await expect(contestRow.getByTestId(`settle-${contest.id}`)).toBeVisible();
  await contestRow.getByTestId(`settle-${contest.id}`).click();
  await expect(operator.getByRole("alertdialog")).toContainText(`Settle ${contest.name} now?`);
  await operator.getByTestId("confirm-contest-action").click();
  await expect(contestRow).toContainText("Settled");
  await operatorContext.close();

  await expect(card.getByTestId("contest-status")).toHaveText("Settled");
  await expect(card.getByTestId("entry-status")).toHaveText("Won");

  // The server's view of the entry: the whole prize pool to the only entrant. The guarantee is a
  // floor: pool = max(guarantee, fees - rake), so one 5.00 entry is paid the 20.00 guarantee.
  const entries = (await (await page.request.get("/api/fantasy/my/entries")).json()) as ApiEntry[];
  const entry = entries.find((e) => e.contestId === contest.id)!;
  expect(entry.status).toBe("won");
  expect(entry.rank).toBe(1);
  const settled = (await (await page.request.get(`/api/fantasy/contests/${contest.id}`)).json()) as ApiContest;
  expect(settled.status).toBe("settled");
  expect(entry.payout).toBe(settled.prizePool);
  expect(entry.payout).toBe(2000);

  await expect(card.getByTestId("entry-payout")).toHaveText(money(entry.payout!));
  await expect(card.getByTestId("entry-rank")).toHaveText("1 of 1");
  await expect(page.getByTestId("balance")).toHaveText(money(before - 500 + entry.payout!));

  // Standings show the customer's entry and payout.
  await card.getByTestId("view-standings").click();
  await expect(page.getByTestId("standings-dialog")).toContainText("(you)");
  await expect(page.getByTestId("standings-dialog")).toContainText(money(entry.payout!));

  // A settled contest's lineup can no longer be edited.
  await page.getByTestId("standings-dialog").getByRole("button", { name: "Close" }).click();
  await page.getByTestId("nav-my-lineups").click();
  await expect(page.getByTestId("my-lineups").locator('[data-testid^="my-lineup-"]').filter({ hasText: contest.name })).toHaveCount(0);
  await admin.dispose();
});

test("a customer creates a private contest, edits the lineup, and a friend joins with the invite code", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await demoLoginFromLanding(page, "customer");
  await page.goto("/fantasy");
  await expect(page.getByTestId("balance")).toBeVisible();
  const before = await balanceOf(page);

  // FILTERS: free contests only, then large free ones, then clear.
  const table = page.getByTestId("contests-table");
  await expect(table.locator("tbody tr")).toHaveCount(10);
  await page.getByTestId("filters").click();
  await page.getByTestId("filter-fee").click();
  await page.getByRole("option", { name: "Free" }).click();
  await expect(table.locator("tbody tr").first()).toBeVisible();
  for (const fee of await table.locator('[data-label="Entry Cost"]').allTextContents()) expect(fee).toBe("$0.00");
  await page.getByTestId("filter-size").click();
  await page.getByRole("option", { name: "Small (up to 20)" }).click();
  await expect(page.getByTestId("contests-empty")).toContainText("No contests available");
  await page.getByTestId("clear-filters").click();
  await expect(table.locator("tbody tr")).toHaveCount(10);
  await page.keyboard.press("Escape");

  await page.getByTestId("create-contest").click();
  const dialog = page.getByTestId("create-private-contest-dialog");
  await dialog.getByTestId("private-next").click();
  await expect(dialog).toContainText("Choose a sport");
  await expect(dialog).toContainText("Name your contest");

  await dialog.getByTestId("private-sport").click();
  await page.getByRole("option", { name: "NBA" }).click();
  const name = `Office Hoops ${Date.now()}`;
  await dialog.getByTestId("private-name").fill(name);
  await dialog.getByTestId("private-fee").fill("2.50");
  await dialog.getByTestId("private-max-entries").fill("6");
  await dialog.getByTestId("private-next").click();

  await buildCheapestLineup(dialog);
  await expect(dialog.getByTestId("submit-lineup")).toHaveText("Create and enter for $2.50");
  await dialog.getByTestId("submit-lineup").click();
  await expect(page.getByTestId("toast")).toContainText("Contest Created");
  await expect(dialog.getByTestId("invite-code")).toHaveText(/^[2-9A-Z]{8}$/);
  await expect(dialog.getByTestId("invite-link")).toContainText("/fantasy?join=");
  const code = (await dialog.getByTestId("invite-code").textContent())!;
  const link = (await dialog.getByTestId("invite-link").textContent())!;
  await expect(page.getByTestId("balance")).toHaveText(money(before - 250));
  await dialog.getByRole("button", { name: "Done" }).click();

  // The creator sees it in the lobby as a private contest they are in.
  const row = page.getByTestId("contests-table").locator("tbody tr").filter({ hasText: name });
  await expect(row).toContainText("Private");
  await expect(row.getByTestId("entered-badge")).toBeVisible();
  await expect(row.getByTestId("payout")).toHaveText("TOP 1");

  // My Lineups: swap the first player for a dearer one and save (no extra fee).
  await page.getByTestId("nav-my-lineups").click();
  const card = page.getByTestId("my-lineups").locator('[data-testid^="my-lineup-"]').filter({ hasText: name });
  await card.getByTestId("edit-lineup").click();
  const editor = page.getByTestId("enter-contest-dialog");
  await expect(editor.getByTestId("submit-lineup")).toHaveText("Save Lineup");
  await expect(editor.getByTestId("submit-lineup")).toBeEnabled();
  const removed = (await editor.getByTestId("slot-0").getByRole("button", { name: /^Remove / }).getAttribute("aria-label"))!.replace("Remove ", "");
  await editor.getByTestId("slot-0").getByRole("button", { name: /^Remove / }).click();
  await expect(editor.getByTestId("submit-lineup")).toBeDisabled();
  await editor.getByTestId("slot-0").getByRole("button", { name: /^Choose a player/ }).click();
  const dearer = editor.getByTestId("player-pool").getByRole("button", { name: /^Add / }).first();
  const added = (await dearer.getAttribute("aria-label"))!.replace("Add ", "");
  expect(added).not.toBe(removed);
  await dearer.click();
  await editor.getByTestId("submit-lineup").click();
  await expect(page.getByTestId("toast")).toContainText("Lineup Saved");
  await expect(card).toContainText(added);
  await expect(card).not.toContainText(removed);
  await expect(page.getByTestId("balance")).toHaveText(money(before - 250));

  // A friend (another demo customer) tries a wrong code: the server's refusal is shown in the builder.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  expect((await friend.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  await friend.goto("/fantasy");
  // Wait until the island has loaded the contests (so it is hydrated) before using its buttons.
  await expect(friend.getByTestId("contests-table").locator("tbody tr").first()).toBeVisible();
  await expect(friend.getByTestId("contests-table").locator("tbody tr").filter({ hasText: name })).toHaveCount(0);
  await friend.getByTestId("join-with-code").click();
  const join = friend.getByTestId("join-dialog");
  await join.getByTestId("join-code").fill("WRONG234");
  await join.getByTestId("join-contest").click();
  await friend.getByRole("option", { name: new RegExp(name) }).click();
  await join.getByTestId("join-continue").click();
  let builder = friend.getByTestId("enter-contest-dialog");
  await expect(builder).toContainText(name);
  await buildCheapestLineup(builder);
  await builder.getByTestId("submit-lineup").click();
  await expect(builder.getByTestId("builder-error")).toBeVisible();
  await expect(friend.getByTestId("toast")).toContainText("Entry Failed");
  await builder.getByRole("button", { name: /^Remove / }).first().click();
  await friend.keyboard.press("Escape");
  await friend.keyboard.press("Escape");
  await expect(builder).toHaveCount(0);

  // The invite link opens the builder with the right code: the friend is in.
  await friend.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  builder = friend.getByTestId("enter-contest-dialog");
  await expect(builder).toContainText(name);
  await buildCheapestLineup(builder);
  await builder.getByTestId("submit-lineup").click();
  await expect(friend.getByTestId("toast")).toContainText("Contest Entered");
  await friend.getByTestId("nav-my-contests").click();
  await expect(friend.getByTestId("my-contests")).toContainText(name);
  expect(code).toMatch(/^[2-9A-Z]{8}$/);
  await friendContext.close();
});
