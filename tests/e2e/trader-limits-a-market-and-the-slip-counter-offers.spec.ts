/**
 * An admin lowers a market's liability limit from the console (dashboard
 * heatmap -> Adjust Limits); a customer puts a stake on that market that does not fit, is told the
 * largest stake that does ("Max stake for this selection is $X") and accepts it with "Accept $X":
 * the bet is placed at exactly that stake, and that is what leaves the balance.
 */
import { expect, test } from "@playwright/test";
import { demoLoginFromLanding, money, showEventOnBoard, type ApiEvent } from "./helpers.ts";
import { choose, openSection } from "./admin-helpers.ts";

test("a trader limits a market and the slip counter-offers the largest stake that fits", async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).slice(-5);
  const homeTeam = `E2E Limit Home ${tag}`;
  const awayTeam = `E2E Limit Away ${tag}`;

  // --- Admin: an upcoming featured event of its own (no other bets on it).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await demoLoginFromLanding(admin, "admin");
  const created = await admin.request.post("/api/admin/events", {
    data: {
      sport: "soccer", league: "E2E League", homeTeam, awayTeam, featured: true,
      startTime: new Date(Date.now() + 6 * 3_600_000).toISOString(),
      prices: { home: "2.10", draw: "3.40", away: "3.20" },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = ((await created.json()) as { event: ApiEvent }).event;
  const market = event.markets.find((m) => m.type === "full_time_result")!;
  const home = market.outcomes[0];

  // --- Admin: the liability limit of this market down to 20.00, from the heatmap's cell panel.
  await openSection(admin, "dashboard");
  await admin.getByTestId("heatmap-cell-soccer-ftwin").click();
  const panel = admin.getByTestId("heatmap-panel");
  await choose(admin, panel.getByTestId("cell-market-select"), new RegExp(homeTeam));
  await panel.getByTestId("cell-adjust-limits").click();
  const limitDialog = admin.getByTestId("adjust-limit-dialog");
  await limitDialog.getByLabel("Liability limit").fill("20.00");
  await limitDialog.getByTestId("save-limit").click();
  await expect(admin.getByTestId("toast")).toContainText("Limit updated");
  const saved = await admin.request.get(`/api/admin/markets/${encodeURIComponent(market.id)}`);
  expect(((await saved.json()) as { market: { liabilityLimit: number } }).market.liabilityLimit).toBe(2000);

  // --- Customer: 50.00 on the home side at 2.10 would risk 55.00 of the book's 20.00.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await demoLoginFromLanding(customer, "customer");
  await expect(customer.getByTestId("balance")).toHaveText(money(100000));
  await showEventOnBoard(customer, event);
  await customer.getByTestId(`event-${event.id}`).getByTestId(`price-${home.id}`).click();
  const slip = customer.getByTestId("bet-slip");
  await slip.getByTestId("stake-input").fill("50");
  await slip.getByTestId("place-bet").click();
  const refusal = slip.getByTestId("slip-refusal");
  await expect(refusal).toContainText("Max stake for this selection is $");
  const offered = /Max stake for this selection is \$([\d,]+\.\d{2})/.exec((await refusal.textContent()) ?? "")?.[1];
  expect(offered).toBeTruthy();
  const maxStake = Math.round(Number(offered!.replaceAll(",", "")) * 100);
  // The largest stake whose win costs the book no more than the limit: 2.10 x s - s <= 20.00.
  expect(maxStake).toBeGreaterThan(0);
  expect(Math.floor((maxStake * 2100) / 1000) - maxStake).toBeLessThanOrEqual(2000);
  expect(Math.floor(((maxStake + 1) * 2100) / 1000) - (maxStake + 1)).toBeGreaterThan(2000);
  // Nothing was taken for the refused bet.
  await expect(customer.getByTestId("balance")).toHaveText(money(100000));

  const accept = refusal.getByTestId("slip-accept-max-stake");
  await expect(accept).toHaveText(`Accept ${money(maxStake)}`);
  await accept.click();
  const toast = customer.getByTestId("toast");
  await expect(toast).toContainText("Bet Placed Successfully!");
  const betId = /bet_[a-z0-9]+/.exec((await toast.textContent()) ?? "")?.[0];
  expect(betId).toBeTruthy();
  await expect(customer.getByTestId("balance")).toHaveText(money(100000 - maxStake));
  const bets = (await (await customer.request.get("/api/bets")).json()) as { id: string; stake: number }[];
  expect(bets.find((b) => b.id === betId)?.stake).toBe(maxStake);

  await customerContext.close();
  await adminContext.close();
});
