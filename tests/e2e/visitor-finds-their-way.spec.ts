/** The landing page, the 404 page, the sign-in prompts and the routes that depend on a session. */
import { expect, test } from "@playwright/test";
import { recordToasts, toastsShown } from "./helpers.ts";

// Independent journeys, each on a page of its own: they may share the two workers. This file is
// alphabetically last, so run in order it would leave the other worker idle at the end of the run.
test.describe.configure({ mode: "parallel" });

test("the landing page is complete, static, and shows live prices from the server", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Start Betting" })).toHaveAttribute("href", "#sports");
  await expect(page.getByRole("link", { name: /Live Events/ }).first()).toHaveAttribute("href", "#live");
  await expect(page.getByTestId("live-banner")).toBeVisible();
  await expect(page.getByTestId("login-link")).toHaveAttribute("href", "/api/login");
  await expect(page.getByTestId("demo-login-admin")).toBeVisible();
  await expect(page.getByTestId("demo-login-customer")).toBeVisible();
  for (const sport of ["Soccer", "Basketball", "Tennis", "NFL", "Hockey", "Baseball"])
    await expect(page.locator("#sports").getByText(sport, { exact: true }).first()).toBeVisible();
  await expect(page.locator(".lp-feature")).toHaveCount(3);
  await expect(page.getByTestId("demo-card-admin")).toBeVisible();
  await expect(page.getByTestId("demo-card-customer")).toBeVisible();
  await expect(page.getByTestId("footer-rg")).toContainText(/gamble responsibly/i);
  await expect(page.locator("footer")).toContainText("18+");

  // Featured live events come from /api/live-odds with real prices.
  const live = (await (await page.request.get("/api/live-odds")).json()) as { homeTeam: string }[];
  const cards = page.getByTestId("live-event-card");
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByTestId("price-home")).toHaveText(/\d+\.\d{2}/);
  await expect(page.getByTestId("live-events")).toContainText(live[0].homeTeam);

  // No React on the landing page: no island, and only the one small module script.
  await expect(page.locator("astro-island")).toHaveCount(0);
  expect(scripts.some((s) => /react|client\./i.test(s))).toBe(false);
});

test("unknown paths show the 404 page with a router hint", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText(/router/i)).toBeVisible();
});

test("the admin console asks for a login when nobody is signed in", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByText("Admin Access Required")).toBeVisible();
  await expect(page.getByText("Please log in with admin credentials to access the administrative dashboard.")).toBeVisible();
  await page.getByRole("button", { name: "Login to Admin Dashboard" }).click();
  // /api/login leads to our own sign-in page.
  await page.waitForURL((url) => url.pathname === "/sign-in");
  await expect(page.getByTestId("sign-in-form")).toBeVisible();
});

test("a customer cannot use the admin console, and the server refuses its calls", async ({ page }) => {
  await page.request.post("/api/demo/login", { data: { role: "customer" } });
  await page.goto("/admin");
  await expect(page.getByText("Admin Access Required")).toBeVisible();
  expect((await page.request.get("/api/admin/all-bets")).status()).toBe(403);
});

test("/dashboard, /profile and /sportsbook show the landing page until signed in", async ({ page }) => {
  for (const path of ["/dashboard", "/profile", "/sportsbook"]) {
    await page.goto(path);
    await expect(page.getByRole("link", { name: "Start Betting" })).toBeVisible();
  }
  await page.request.post("/api/demo/login", { data: { role: "admin" } });
  await page.goto("/dashboard");
  await expect(page.getByTestId("events-table")).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByText("Display Name")).toBeVisible();
  await page.goto("/sportsbook");
  await expect(page.getByText(/live/i).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Betting" })).toHaveCount(0);
});

test("the account page asks for a login, and logout returns to the landing page", async ({ page }) => {
  await page.goto("/account");
  await expect(page.getByText("Account Access Required")).toBeVisible();
  await expect(page.getByText("Please log in to view your account.")).toBeVisible();

  await page.request.post("/api/demo/login", { data: { role: "customer" } });
  await page.goto("/account");
  await expect(page.getByText("Demo Account Information")).toBeVisible();
  await expect(page.getByText("$1,000.00")).toBeVisible();
  await recordToasts(page);
  await page.getByTestId("logout-button").first().click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect.poll(() => toastsShown(page)).toContainEqual(expect.stringContaining("Logged Out"));
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("a demo trader lands in the back office, labelled a trader, offered only the trader's sections", async ({ page }) => {
  const res = await page.request.post("/api/demo/login", { data: { role: "trader" } });
  expect((await res.json()).redirectTo).toBe("/admin");
  await page.goto("/admin");
  await expect(page.getByTestId("events-table")).toBeVisible();
  await expect(page.getByTestId("role-label")).toHaveText("Demo Trader");
  await expect(page.locator('[data-testid^="set-live-"]')).toHaveCount(0);
  // No menu item that would only say "for administrators", and no disabled admin buttons.
  await expect(page.getByTestId("menu-trading")).toBeAttached();
  for (const id of ["customers", "payments", "responsible", "fraud", "tasks"]) await expect(page.getByTestId(`menu-${id}`)).toHaveCount(0);
  await expect(page.getByTestId("quick-export-reports")).toHaveCount(0);
  await expect(page.getByTestId("quick-create-event")).toHaveCount(0);
});

test("the landing page knows who is signed in: Betting instead of Login, no demo buttons", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("login-link")).toHaveText("Login");
  await expect(page.getByTestId("demo-login-customer")).toBeVisible();
  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  await page.goto("/");
  await expect(page.getByTestId("login-link")).toHaveText("Betting");
  await expect(page.getByTestId("login-link")).toHaveAttribute("href", "/betting");
  await expect(page.getByTestId("demo-login-customer")).toBeHidden();
});
