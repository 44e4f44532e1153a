/** /public is read only for visitors: choosing a price asks them to sign in or try the demo. */
import { expect, test } from "@playwright/test";
import { recordToasts, toastsShown, upcomingEvents } from "./helpers.ts";

// Independent journeys, each on a page of its own: they may share the two workers. This file is
// alphabetically last, so run in order it would leave the other worker idle at the end of the run.
test.describe.configure({ mode: "parallel" });

test("a visitor choosing a price on /public is asked to sign in, or tries the demo", async ({ page }) => {
  const [event] = await upcomingEvents(page.request, 10);
  const outcome = (event.markets.find((m) => m.type === "full_time_result") ?? event.markets[0]).outcomes[0];
  await recordToasts(page);
  await page.goto("/public");
  await page.getByTestId(`pub-price-${outcome.id}`).click();
  const prompt = page.getByRole("dialog", { name: "Sign in to bet" });
  await expect(prompt).toContainText(outcome.name);
  await expect(prompt.getByTestId("prompt-sign-in")).toHaveAttribute("href", "/sign-in?next=%2Fbetting");
  await prompt.getByRole("button", { name: "Not now" }).click();
  await expect(prompt).toHaveCount(0);

  await page.getByTestId(`pub-price-${outcome.id}`).click();
  await page.getByTestId("prompt-demo").click();
  await page.waitForURL("**/betting");
  await expect.poll(() => toastsShown(page)).toContainEqual(expect.stringContaining("Demo Login Successful"));
  await expect(page.getByTestId("demo-badge")).toBeVisible();
});

test("/sportsbook is the public view once signed in", async ({ page }) => {
  await page.request.post("/api/demo/login", { data: { role: "customer" } });
  await page.goto("/sportsbook");
  await expect(page.getByRole("heading", { name: "Sportsbook" })).toBeVisible();
  await expect(page.getByTestId("upcoming-events")).toBeVisible();
});
