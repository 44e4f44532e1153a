/**
 * Issue 20 as a customer lives it: self-exclude for 6 months from the account page, see the banner
 * on /betting, /fantasy and the account page and the refusal in words (a readable date, no ISO
 * time), then open a second account with the same name and date of birth: it opens already
 * excluded, with the same banner, and its deposit is refused.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { depositByApi, registerCustomer, uniqueDateOfBirth, verifyCustomer } from "./customer-helpers.ts";

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

test("a customer self-excludes for 6 months, sees it everywhere in words, and a second account of theirs is gated", async ({ page, browser }) => {
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

  // The banner, in words, on the account page, /betting and /fantasy.
  for (const path of ["/account", "/betting", "/fantasy"]) {
    await page.goto(path);
    const banner = page.getByTestId("exclusion-banner");
    await expect(banner).toContainText("You are self-excluded until");
    await expect(banner).toContainText("you can still sign in and withdraw");
    await expect(banner).not.toContainText(ISO);
  }

  // A deposit is refused in words, with a readable date.
  await page.goto("/account#deposit");
  await page.getByTestId("method-bank").click();
  await page.getByLabel("Amount", { exact: true }).fill("60");
  await page.getByTestId("deposit-submit").click();
  const refusal = page.getByTestId("deposit-error");
  await expect(refusal).toContainText("self-excluded until", { timeout: 15_000 });
  await expect(refusal).not.toContainText(ISO);

  // A second account of the same person, in another browser: it opens already excluded.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const page2 = await other.newPage();
  const second = await registerCustomer(page2.request, "excl-second", "Robin", "Twoaccounts", dob);
  await verifyCustomer(page2.request as APIRequestContext, second, "basic");
  await page2.goto("/account");
  await expect(page2.getByTestId("exclusion-banner")).toContainText("You are self-excluded until");
  await expect(page2.getByTestId("exclusion-banner")).toContainText("all your accounts");
  await page2.request.put("/api/responsible/limit-prompt", { data: { declined: true } });
  const dep = await page2.request.post("/api/wallet/deposits", { data: { method: "bank", amount: 5000 } });
  expect(dep.status()).toBe(403);
  expect(((await dep.json()) as { error: { code: string } }).error.code).toBe("RG.SELF_EXCLUDED");
  await page2.goto("/betting");
  await expect(page2.getByTestId("exclusion-banner")).toBeVisible();
  await other.close();
});
