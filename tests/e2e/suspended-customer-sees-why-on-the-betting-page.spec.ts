/**
 * A suspended customer is told why and what to do next on every page as it loads, not after a click:
 * the operator's reason category (never their note) and the way on (a real account: withdraw the
 * balance, contact support; a demo account: start again). The slip's Place Bet is disabled with the
 * same words. Each page is scanned by axe at 1280, 768 and 375 px.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { violationsAtWidths } from "./axe.ts";
import { money, showEventOnBoard, upcomingEvents, staffApiSignIn } from "./helpers.ts";
import { depositByApi, registerCustomer, verifyCustomer } from "./customer-helpers.ts";

/** The betting page can take many seconds to show its data on a busy machine: wait on the data, longer. */
const expect = baseExpect.configure({ timeout: 30_000 });
const boardReady = (page: Page) => expect(page.locator('.sb-board__list [data-testid^="event-"]').first()).toBeVisible();

const ENDED =
  "Your account is suspended. Reason: payment review. Sign in to withdraw your balance, and contact support about the suspension.";
const SIGNED_IN =
  "Your account is suspended. Reason: payment review. Betting, deposits and contests are closed. Your balance is still yours: " +
  "withdraw it from your account page, and contact support about the suspension.";
const DEMO = "This demo account is suspended. Reason: breach of our terms. Demo accounts are not reopened: start a new demo to keep trying BetPro.";

async function suspendAs(playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } }, baseURL: string | undefined, id: string, category: string, demo = false) {
  const admin = await playwright.request.newContext({ baseURL });
  // A registered customer is real staff's to suspend; a demo account is in the sandbox, a demo admin's.
  if (demo) expect((await admin.post("/api/demo/login", { data: { role: "admin" } })).ok()).toBe(true);
  else await staffApiSignIn(admin, "admin");
  const res = await admin.patch(`/api/admin/users/${id}/status`, { data: { isActive: false, reason: "e2e: chargeback under review", category } });
  expect(res.ok(), await res.text()).toBe(true);
  await admin.dispose();
}

const banner = (page: Page) => page.getByTestId("suspension-banner");
const bannerWords = async (page: Page) =>
  `${(await banner(page).getByTestId("suspension-headline").innerText()).trim()} ${(await banner(page).getByTestId("suspension-text").innerText()).trim()}`;

test("a suspended customer reloading /betting and /account is told why and what to do next; the slip is disabled with the same words", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(480_000);
  const customer = await registerCustomer(page.request, "suspended", "Sue", "Spended");
  await verifyCustomer(page.request, customer, "full");
  await depositByApi(page.request, 5_000);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  const balance = ((await (await page.request.get("/api/customer/balance")).json()) as { balance: number }).balance;

  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  const outcome = event.markets.find((m) => m.type === "full_time_result")!.outcomes[0];
  const slip = page.getByTestId("bet-slip");
  await page.goto("/betting");
  await expect(page.getByTestId("user-name")).toHaveText("Sue Spended");
  await boardReady(page);
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).click();
  await slip.getByTestId("stake-input").fill("5");

  // An operator suspends the account (payment review) while the page is open: the suspension ends
  // the session, and the refused bet says why and what to do next, in the callout and the toast.
  await suspendAs(playwright, baseURL, me.id, "payments");
  await slip.getByTestId("place-bet").click();
  await expect(page.getByTestId("toast")).toContainText("Bet Failed");
  await expect(page.getByTestId("toast")).toContainText(ENDED);
  await expect(slip.getByTestId("slip-refusal")).toHaveText(ENDED);

  // Reloaded: the page says so as it loads, with no sign-in prompt dressed as a visitor's.
  await page.reload();
  await expect(banner(page)).toHaveAttribute("data-category", "payments");
  expect(await bannerWords(page)).toBe(ENDED);
  await expect(banner(page).getByTestId("suspension-sign-in")).toHaveAttribute("href", "/sign-in?next=%2Faccount%23withdraw");
  await expect(page.getByTestId("login")).toHaveCount(0);
  await expect(slip.getByTestId("slip-unavailable")).toHaveText(ENDED);
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await expect(slip.getByTestId("login-to-bet")).toHaveCount(0);

  await page.goto("/account");
  expect(await bannerWords(page)).toBe(ENDED);
  await expect(page.getByTestId("account-login-required")).toHaveCount(0);

  // Signed in again (a suspended customer may, to reach their money): every page says what is going on.
  const login = await page.request.post("/api/auth/login", { data: { email: customer.email, password: customer.password } });
  expect(login.ok(), await login.text()).toBe(true);
  await page.goto("/betting");
  expect(await bannerWords(page)).toBe(SIGNED_IN);
  await expect(banner(page).getByTestId("suspension-balance")).toHaveText(`Your balance: ${money(balance)}.`);
  await expect(banner(page).getByTestId("suspension-withdraw")).toHaveAttribute("href", "/account#withdraw");
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);
  await expect(slip.getByTestId("slip-unavailable")).toHaveText(SIGNED_IN);
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  const betting = await violationsAtWidths(page, "/betting suspended", () => expect(banner(page)).toBeVisible());

  await page.goto("/fantasy");
  expect(await bannerWords(page)).toBe(SIGNED_IN);

  // The account page is where they withdraw.
  await page.goto("/account#withdraw");
  await expect(page.getByTestId("account-suspended")).toBeVisible();
  await expect(banner(page).getByTestId("suspension-text")).toHaveText(
    "Reason: payment review. Betting, deposits and contests are closed. Your balance is still yours: withdraw it below, and contact support about the suspension.",
  );
  const account = await violationsAtWidths(page, "/account suspended", () => expect(page.getByTestId("account-suspended")).toBeVisible());
  expect({ ...betting, ...account }).toEqual({});
});

test("a suspended demo account is told to start a new demo, on load, and Start a new demo gives one", async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  await suspendAs(playwright, baseURL, me.id, "terms", true);

  await page.goto("/betting");
  expect(await bannerWords(page)).toBe(DEMO);
  await expect(page.getByTestId("bet-slip").getByTestId("slip-unavailable")).toHaveText(DEMO);
  await expect(page.getByTestId("bet-slip").getByTestId("place-bet")).toBeDisabled();
  const betting = await violationsAtWidths(page, "/betting suspended demo", () => expect(banner(page)).toBeVisible());

  await page.goto("/account");
  expect(await bannerWords(page)).toBe(DEMO);
  const account = await violationsAtWidths(page, "/account suspended demo", () => expect(banner(page)).toBeVisible());
  expect({ ...betting, ...account }).toEqual({});

  // The way on: a fresh demo account in this browser, and the page reloads without the banner.
  await banner(page).getByTestId("suspension-new-demo").click();
  await expect(page.getByTestId("account-display-name")).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  // A demo account's generated address is not shown as if it were an email.
  await expect(page.getByTestId("account-email")).toHaveText("No email (demo account)");
  const now = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  expect(now.id).not.toBe(me.id);
});
