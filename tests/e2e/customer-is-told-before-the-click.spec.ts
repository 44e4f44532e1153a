/**
 * What a customer is told before they press anything: sign-up says what it is doing and then names
 * the next step (verify your identity) on /betting, /fantasy and /account; an unverified or
 * timed-out customer's slip keeps Place Bet disabled with the reason. Scanned by axe at 1280, 768
 * and 375 px.
 */
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { violationsAtWidths } from "./axe.ts";
import { islandsHydrated, showEventOnBoard, upcomingEvents, type ApiEvent } from "./helpers.ts";
import { PASSWORD, realCustomerOnBetting, uniqueDateOfBirth, uniqueEmail } from "./customer-helpers.ts";

const expect = baseExpect.configure({ timeout: 30_000 });
const VERIFY_NEXT = "Next step: verify your identity. It takes a minute, and then you can deposit, bet and enter contests.";
const VERIFY_TO_BET = "Verify your identity to place bets: it takes a minute, and then you can deposit and bet.";

async function pickOne(page: Page, event: ApiEvent) {
  await expect(page.locator('.sb-board__list [data-testid^="event-"]').first()).toBeVisible();
  await showEventOnBoard(page, event);
  const outcome = event.markets.find((m) => m.type === "full_time_result")!.outcomes[0];
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${outcome.id}`).click();
  await expect(page.getByTestId("bet-slip").getByTestId("slip-selection")).toHaveCount(1);
}

test("sign-up shows its progress, then welcomes the customer with the next step, which stays until they verify", async ({ page }) => {
  test.setTimeout(240_000);
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  await page.goto("/sign-in?tab=register");
  await islandsHydrated(page);
  await page.getByLabel("First name").fill("Nina");
  await page.getByLabel("Last name").fill("Newcomer");
  await page.getByLabel("Email").fill(uniqueEmail("welcome"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Date of birth").fill(uniqueDateOfBirth());
  // The registration request is held until the progress line has been read, so the words said
  // while the account is created are checked before the page can move on (not raced against it).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/auth/register", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-progress")).toHaveText(
    "Creating your account: checking your details and opening your wallet…",
  );
  release();

  await page.waitForURL("**/betting?welcome=1");
  const pointer = page.getByTestId("verify-pointer");
  await expect(pointer.getByTestId("verify-welcome")).toHaveText("Welcome to BetPro, Nina!");
  await expect(pointer.getByTestId("verify-next")).toHaveText(VERIFY_NEXT);
  await expect(pointer.getByTestId("verify-link")).toHaveAttribute("href", "/account#verification");

  // Place Bet says why it is unavailable before the click.
  await pickOne(page, event);
  const slip = page.getByTestId("bet-slip");
  await slip.getByTestId("stake-input").fill("5");
  await expect(slip.getByTestId("slip-unavailable")).toHaveText(VERIFY_TO_BET);
  await expect(slip.getByTestId("slip-unavailable")).toHaveAttribute("data-reason", "unverified");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await expect(slip.getByTestId("slip-verify-link")).toHaveAttribute("href", "/account#verification");
  const betting = await violationsAtWidths(page, "/betting unverified", () => expect(pointer).toBeVisible());

  // The same pointer (no second welcome) on /fantasy and /account until verified.
  await page.goto("/fantasy");
  await expect(page.getByTestId("verify-next")).toHaveText(VERIFY_NEXT);
  await expect(page.getByTestId("verify-welcome")).toHaveCount(0);
  await page.goto("/account");
  await expect(page.getByTestId("verify-next")).toHaveText(VERIFY_NEXT);
  await expect(page.getByTestId("verify-link")).toHaveAttribute("href", "#verification");
  const account = await violationsAtWidths(page, "/account unverified", () => expect(page.getByTestId("verify-pointer")).toBeVisible());
  expect({ ...betting, ...account }).toEqual({});
});

test("a timed-out customer's slip keeps Place Bet disabled and says why, before the click", async ({ page }) => {
  test.setTimeout(240_000);
  const [event] = (await upcomingEvents(page.request, 20)).filter((e) => e.sport !== "racing");
  await realCustomerOnBetting(page, "timeout-slip");
  const t = await page.request.post("/api/responsible/timeout", { data: { period: "24h" } });
  expect(t.status(), await t.text()).toBeLessThan(300);
  await page.goto("/betting");
  await pickOne(page, event);
  const slip = page.getByTestId("bet-slip");
  await slip.getByTestId("stake-input").fill("5");
  await expect(slip.getByTestId("slip-unavailable")).toHaveText(/^You are on a time-out until [^.]+: betting is closed\.$/);
  await expect(slip.getByTestId("slip-unavailable")).toHaveAttribute("data-reason", "excluded");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await expect(page.getByTestId("verify-pointer")).toHaveCount(0);
  // (Below 1024 px the slip is a closed bottom sheet: the page is ready when its banner is shown.)
  const found = await violationsAtWidths(page, "/betting timed out", () => expect(page.getByTestId("exclusion-banner")).toBeVisible());
  expect(found).toEqual({});
});
