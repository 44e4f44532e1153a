/**
 * Protection that follows the person, as a customer lives it: self-exclude for 6 months from the account page, see the banner
 * on /betting, /fantasy and the account page and the refusal in words (a readable date, no ISO
 * time), then open a second account with the same name and date of birth: it opens already
 * excluded, with the same banner, and its deposit is refused.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { depositByApi, registerCustomer, uniqueDateOfBirth, verifyCustomer } from "./customer-helpers.ts";

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

// The browser's own locale and time zone decide how dates read (site/src/lib/local-time.ts).
const LOCALE = "en-GB";
const ZONE = "Australia/Sydney";
test.use({ locale: LOCALE, timezoneId: ZONE });

/** An instant as the customer in LOCALE / ZONE reads it: "Thu 26 Nov, 17:16" (with the year when not this year). */
function inWords(iso: string): string {
  const d = new Date(iso);
  const year = (x: Date) => new Intl.DateTimeFormat(LOCALE, { year: "numeric", timeZone: ZONE }).format(x);
  const withYear = year(d) !== year(new Date());
  return new Intl.DateTimeFormat(LOCALE, {
    weekday: "short", day: "numeric", month: "short", ...(withYear ? { year: "numeric" } : {}), hour: "2-digit", minute: "2-digit", timeZone: ZONE,
  }).format(d);
}

test("a customer self-excludes for 6 months, sees it everywhere in words, and a second account of theirs is gated", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const dob = uniqueDateOfBirth();
  const first = await registerCustomer(page.request, "excl-first", "Robin", "Twoaccounts", dob);
  await verifyCustomer(page.request, first, "basic");
  await depositByApi(page.request, 5000);

  await page.goto("/account#responsible");
  const exclusion = page.getByTestId("exclusion");
  await exclusion.getByLabel("Period").selectOption("6m");
  await page.getByTestId("exclusion-activate").click();
  await expect(page.getByRole("alertdialog")).toContainText("Self-exclusion: 6 months");
  await page.getByTestId("exclusion-confirm").click();
  await expect(page.getByTestId("exclusion-active")).toContainText("Self-exclusion active until");
  await expect(page.getByTestId("exclusion-active")).not.toContainText(ISO);
  const until = ((await (await page.request.get("/api/responsible")).json()) as { exclusion: { until: string } }).exclusion.until;
  const words = inWords(until);
  await expect(page.getByTestId("exclusion-active")).toContainText(words);

  // The banner, in words, on the account page, /betting and /fantasy.
  for (const path of ["/account", "/betting", "/fantasy"]) {
    await page.goto(path);
    const banner = page.getByTestId("exclusion-banner");
    // A loaded machine can take a while to hydrate the page and read the exclusion.
    await expect(banner).toContainText(`You are self-excluded until ${words}`, { timeout: 30_000 });
    await expect(banner).toContainText("you can still sign in and withdraw");
    await expect(banner).not.toContainText(ISO);
  }

  // A deposit is refused in words, with a readable date.
  await page.goto("/account#deposit");
  await page.getByTestId("method-bank").click();
  await page.getByLabel("Amount", { exact: true }).fill("60");
  await page.getByTestId("deposit-submit").click();
  const refusal = page.getByTestId("deposit-error");
  await expect(refusal).toContainText(`You are self-excluded until ${words}`);
  await expect(refusal).not.toContainText(ISO);

  // A second account of the same person, in another browser: it opens already excluded.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const page2 = await other.newPage();
  const second = await registerCustomer(page2.request, "excl-second", "Robin", "Twoaccounts", dob);
  await verifyCustomer(page2.request as APIRequestContext, second, "basic");
  await page2.goto("/account");
  await expect(page2.getByTestId("exclusion-banner")).toContainText(`You are self-excluded until ${words}`, { timeout: 30_000 });
  await expect(page2.getByTestId("exclusion-banner")).toContainText("all your accounts");
  await page2.request.put("/api/responsible/limit-prompt", { data: { declined: true } });
  const dep = await page2.request.post("/api/wallet/deposits", { data: { method: "bank", amount: 5000 } });
  expect(dep.status()).toBe(403);
  expect(((await dep.json()) as { error: { code: string } }).error.code).toBe("RG.SELF_EXCLUDED");
  await page2.goto("/betting");
  await expect(page2.getByTestId("exclusion-banner")).toBeVisible({ timeout: 30_000 });
  await other.close();
});

test("a demo customer clicking the demo again keeps their time-out; only Start over gives a fresh demo account", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/");
  await page.getByTestId("demo-card-customer").click();
  await page.waitForURL("**/betting");
  const first = ((await (await page.request.get("/api/demo/user")).json()) as { id: string }).id;
  const t = await page.request.post("/api/responsible/timeout", { data: { period: "24h" } });
  expect(t.status(), await t.text()).toBeLessThan(300);

  // The demo again in the same browser: the same account, still on its time-out.
  await page.goto("/");
  await expect(page.getByTestId("demo-start-over")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("demo-card-customer").click();
  await page.waitForURL("**/betting");
  await expect(page.getByTestId("exclusion-banner")).toContainText("You are on a time-out until", { timeout: 30_000 });
  expect(((await (await page.request.get("/api/demo/user")).json()) as { id: string }).id).toBe(first);

  // Start over: a new demo account with no time-out; the old one's session has ended.
  await page.goto("/");
  // The betting page's own read of the new account's time-outs, before checking there is no banner.
  const rgRead = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/responsible" && r.ok());
  await page.getByTestId("demo-start-over").click();
  await page.waitForURL("**/betting");
  const state = (await (await rgRead).json()) as { exclusion: { active: boolean } };
  expect(state.exclusion.active).toBe(false);
  const fresh = ((await (await page.request.get("/api/demo/user")).json()) as { id: string }).id;
  expect(fresh).not.toBe(first);
  await expect(page.getByTestId("exclusion-banner")).toHaveCount(0);
});
