/**
 * The bonus wallet in the browser (docs/money.md "Bonus funds"): a demo customer deposits
 * 100.00 by crypto (no fee) and gets the 10.00 welcome bonus in their bonus account, not in cash;
 * the header reads "Cash $1,100.00 · Bonus $10.00" and the wallet shows the wagering (10 x 10.00 =
 * 100.00 at 1.50+) and the expiry. Two qualifying bets (placed through the API as the customer,
 * settled lost by an admin through the API) move the progress; meanwhile the withdraw form says
 * only cash is withdrawable. When wagering completes the bonus becomes cash and the customer
 * withdraws.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoLoginFromLanding, money, oddsMilli, upcomingEvents } from "./helpers.ts";

async function placeBet(request: APIRequestContext, sel: { eventId: string; marketId: string; outcomeId: string; odds: string }, stake: number) {
  const res = await request.post("/api/bets", { data: { selections: [sel], stake, betType: "single" } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { bet: { id: string } }).bet.id;
}

test("a customer wagers a deposit bonus through and withdraws", async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await browser.newContext();
  const page = await customer.newPage();
  await demoLoginFromLanding(page, "customer");
  await expect(page.getByTestId("balance")).toHaveText(money(100000));
  await expect(page.getByTestId("bonus-balance")).toHaveCount(0);
  // No deposit-limit prompt in the way of this journey's first deposit.
  expect((await page.request.put("/api/responsible/limit-prompt", { data: { declined: true } })).ok()).toBe(true);

  // Deposit 100.00 by crypto: 100.00 cash, 10.00 bonus.
  await page.goto("/account#deposit");
  await page.getByTestId("method-crypto").click();
  await page.getByRole("button", { name: "$100", exact: true }).click();
  await page.getByTestId("deposit-submit").click();
  await expect(page.getByTestId("toast")).toContainText("Deposit Successful");
  await expect(page.getByTestId("account-balance")).toHaveText(money(110000));
  const summary = page.getByTestId("bonus-summary");
  await expect(summary.getByTestId("bonus-summary-balance")).toHaveText(money(1000));
  await expect(summary.getByTestId("bonus-summary-cash")).toHaveText(money(110000));
  await expect(summary.getByTestId("bonus-wagering")).toHaveText("$0.00 of $100.00 wagered at 1.50+");
  await expect(summary.getByTestId("bonus-expiry")).toHaveText(/^Expires \S/);

  // The header shows cash and bonus apart.
  await page.goto("/betting");
  await expect(page.getByTestId("balance-split")).toHaveText(`Cash ${money(110000)} · Bonus ${money(1000)}`);

  // A qualifying selection: an upcoming price of 1.50 to 5.00.
  const events = await upcomingEvents(page.request, 50);
  const sel = events
    .flatMap((e) => e.markets.filter((m) => (m as { status?: string }).status === "open").flatMap((m) => m.outcomes.map((o) => ({ eventId: e.id, marketId: m.id, outcomeId: o.id, odds: o.odds }))))
    .find((s) => oddsMilli(s.odds) >= 1500 && oddsMilli(s.odds) <= 5000);
  expect(sel, "an upcoming price between 1.50 and 5.00").toBeTruthy();

  const admin = await browser.newContext();
  expect((await admin.request.post("/api/demo/login", { data: { role: "admin" } })).ok()).toBe(true);
  const settleLost = async (betId: string) => {
    const res = await admin.request.post(`/api/admin/settle-bet/${betId}`, { data: { status: "lost", actualReturn: 0, override: { reason: "Result confirmed by the league before full time" } } });
    expect(res.status(), await res.text()).toBe(200);
  };

  // 60.00 staked (from cash: cash is spent first) and settled lost: 60.00 of 100.00 wagered.
  await settleLost(await placeBet(page.request, sel!, 6000));
  await page.goto("/account#withdraw");
  await page.getByTestId("wallet-tab-withdraw").click();
  await expect(summary.getByTestId("bonus-wagering")).toHaveText("$60.00 of $100.00 wagered at 1.50+");
  await expect(summary.getByTestId("bonus-summary-balance")).toHaveText(money(1000));
  // Only cash is withdrawable while wagering runs.
  await expect(page.getByTestId("withdraw-available")).toHaveText(money(104000));
  await expect(page.getByTestId("withdraw-bonus-note")).toHaveText(
    `Your ${money(1000)} bonus is not withdrawable until its wagering is complete ($60.00 of $100.00 wagered at 1.50+); then it becomes cash.`,
  );

  // 40.00 more: wagering complete, the bonus is released to cash when the customer next looks.
  await settleLost(await placeBet(page.request, sel!, 4000));
  // Looking again: a reload (a goto to the URL the page is already on only moves to the hash and
  // keeps the old figures until the next 10-second poll, which raced this check's timeout).
  await page.reload();
  await page.getByTestId("wallet-tab-withdraw").click();
  // The balance may be read just before the release: it follows on the next poll.
  await expect(page.getByTestId("account-balance")).toHaveText(money(101000));
  await expect(page.getByTestId("withdraw-available")).toHaveText(money(101000));
  await expect(page.getByTestId("bonus-summary")).toHaveCount(0);
  await expect(page.getByTestId("withdraw-bonus-note")).toHaveCount(0);

  // And withdraws 500.00 by bank (below the 1,000.00 approval threshold).
  await page.getByTestId("withdraw-form").getByTestId("method-bank").click();
  await page.locator("#withdraw-amount").fill("500");
  await page.getByTestId("withdraw-submit").click();
  await expect(page.getByTestId("toast")).toContainText("Withdrawal Successful");
  await expect(page.getByTestId("withdraw-available")).toHaveText(money(51000));
  await page.goto("/betting");
  await expect(page.getByTestId("balance")).toHaveText(money(51000));
  await expect(page.getByTestId("bonus-balance")).toHaveCount(0);

  await customer.close();
  await admin.close();
});
