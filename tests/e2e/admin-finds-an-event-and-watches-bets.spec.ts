/**
 * The operator's reach: an operator reaches an event beyond the first page of Manage Events (by the
 * pager and by searching) and sets it live; a customer in a second browser places a bet and the
 * operator's "Live bets" panel shows it as it is placed, flagged as a large stake.
 */
import { expect, test } from "@playwright/test";
import { money, showEventOnBoard, upcomingEvents, staffSignIn } from "./helpers.ts";
import { realCustomerOnBetting } from "./customer-helpers.ts";

type Page_ = { items: { id: string; name: string }[]; total: number; nextCursor: string | null };

test("an admin finds an event on page 2, sets it live, and watches a customer's bet arrive on the ticker", async ({ browser }) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, "admin");
  await expect(admin.getByTestId("events-table")).toBeVisible();

  // The first upcoming event of page 2 (25 a page, by start time).
  const first = (await (await admin.request.get("/api/admin/events?status=upcoming&limit=25")).json()) as Page_;
  expect(first.items).toHaveLength(25);
  expect(first.nextCursor).not.toBeNull();
  const second = (await (await admin.request.get(`/api/admin/events?status=upcoming&limit=25&cursor=${encodeURIComponent(first.nextCursor!)}`)).json()) as Page_;
  const target = second.items[0];

  await expect(admin.getByTestId(`event-row-${first.items[0].id}`)).toBeVisible();
  await expect(admin.getByTestId(`event-row-${target.id}`)).toHaveCount(0);
  await admin.getByTestId("events-next").click();
  await expect(admin.getByTestId("events-page-info")).toContainText("Page 2 of");
  await expect(admin.getByTestId(`event-row-${target.id}`)).toBeVisible();
  await admin.getByTestId("events-prev").click();
  await expect(admin.getByTestId("events-page-info")).toContainText("Page 1 of");

  // Search finds it from page 1 too.
  await admin.getByTestId("events-search").fill(target.name);
  // On a busy machine the debounced search and its answer can take a while.
  await expect(admin.getByTestId("events-count")).toContainText(`matching “${target.name}”`);
  await expect(admin.getByTestId(`event-row-${target.id}`)).toBeVisible({ timeout: 30_000 });
  await admin.getByTestId(`set-live-${target.id}`).click();
  await expect(admin.getByTestId("toast")).toContainText(`${target.name} is now live`);
  await admin.getByTestId("events-status-toggle").getByRole("radio", { name: "Live" }).click();
  await expect(admin.getByTestId(`event-row-${target.id}`)).toContainText(/live/i);
  await expect.poll(async () => ((await (await admin.request.get(`/api/admin/events?status=live&q=${encodeURIComponent(target.name)}`)).json()) as Page_).items.map((e) => e.id)).toContain(target.id);

  // The ticker is listening before the customer bets.
  const ticker = admin.getByTestId("bet-ticker");
  await expect(ticker.getByTestId("bet-ticker-state")).toHaveAttribute("data-state", "live");

  // A customer in a second browser places a 600.00 single on the soonest upcoming event.
  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  // A real customer: demo bets never reach the ticker.
  await realCustomerOnBetting(page, "ticker");
  const event = (await upcomingEvents(page.request, 5)).find((e) => e.id !== target.id)!;
  const outcome = event.markets.find((m) => m.type === "full_time_result")!.outcomes[0];
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).click();
  const slip = page.getByTestId("bet-slip");
  await slip.getByTestId("stake-input").fill("600");
  await slip.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Placed Successfully!");
  // The customer's newest bet (the toast may be gone by the time it is read on a busy machine).
  const mine = (await (await page.request.get("/api/bets?limit=1")).json()) as { id: string; stake: number }[];
  expect(mine[0].stake).toBe(60_000);
  const betId = mine[0].id;

  const row = ticker.getByTestId(`ticker-bet-${betId}`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(outcome.name);
  await expect(row).toContainText(money(60_000));
  await expect(row).toContainText(outcome.odds);
  await expect(row.getByTestId("ticker-flag-large")).toBeVisible();
  await expect(row.getByTestId("ticker-flag-sharp")).toHaveCount(0);

  // "Sharp customers only": this customer is not limited, so their next bet does not show there.
  await ticker.getByTestId("ticker-sharp-only").click();
  await expect(ticker.getByTestId("bet-ticker-state")).toHaveAttribute("data-state", "live");
  await expect(ticker.getByTestId(`ticker-bet-${betId}`)).toHaveCount(0);

  // And the bet is in Bet Management, found by its id.
  await admin.getByTestId("bets-search-id").fill(betId);
  await expect(admin.getByTestId(`bet-row-${betId}`)).toBeVisible();
  await expect(admin.getByTestId("bets-count")).toHaveText("1 bet");

  await customerContext.close();
  await adminContext.close();
});
