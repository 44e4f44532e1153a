/**
 * Every customer page passes axe with no moderate, serious or critical violations (signed out and
 * signed in), and at 375 px nothing overflows sideways and the controls of the islands are at least
 * 44 px tall; the account banners' actions (verify pointer, suspension) are at least 44 x 44 px.
 */
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations, violationsAtWidths } from "./axe.ts";
import { dataLoaded, staffApiSignIn } from "./helpers.ts";
import { registerCustomer } from "./customer-helpers.ts";

const SIGNED_OUT = ["/", "/sign-in", "/sign-in?tab=register", "/betting", "/fantasy", "/account", "/public"];
const SIGNED_IN = ["/betting", "/fantasy", "/account", "/account#responsible", "/account#deposit", "/account#settings", "/account#verification", "/public"];

/** Page scans fail on moderate findings too (a heading that skips a level, content outside every landmark). */
const PAGE_SCAN = { failOn: ["heading-order"], minImpact: "moderate" as const };

/** Wait until the page's island (if any) has rendered its data. */
async function settle(page: Page, path: string) {
  if (path.startsWith("/betting")) await expect(page.getByTestId("live-odds-panel")).toBeVisible();
  if (path.startsWith("/account")) await expect(page.locator("main h1, .sb-access h1").first()).toBeVisible();
  if (path.startsWith("/public")) await expect(page.getByTestId("upcoming-events")).toBeVisible();
  if (path.startsWith("/sign-in")) await expect(page.getByTestId("tab-sign-in")).toBeVisible();
  if (path.startsWith("/fantasy")) await expect(page.locator("main h1").first()).toBeVisible();
  if (path === "/") await expect(page.getByTestId("live-event-card").first()).toBeVisible();
  // (No "networkidle": the pages poll and hold the live stream open.) Wait for the data instead.
  await dataLoaded(page);
}

// The scan itself can fail: it reports what it is shown, and only inside the part it is given.
test("the scanner reports serious violations, and only in the scanned part", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body><main>
    <section id="bad"><button></button><p style="color:#777;background:#888">faint text</p></section>
    <section id="good"><button>Place bet</button></section></main></body></html>`);
  const found = await seriousViolations(page);
  expect(found.map((v) => v.split(" ")[0])).toEqual(expect.arrayContaining(["button-name", "color-contrast"]));
  expect(await seriousViolations(page, { include: "#good" })).toEqual([]);
  expect(await seriousViolations(page, { include: "#bad", tags: ["wcag2aa"] })).toEqual([expect.stringMatching(/^color-contrast \(serious\)/)]);
  // A heading that skips a level is "moderate": reported when the scan names the rule, even with tags that leave it out.
  await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body><main>
    <h1>Section</h1><section><h3>Card</h3><p>text</p></section></main></body></html>`);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await seriousViolations(page, { tags: ["wcag2a"], failOn: ["heading-order"] })).toEqual([expect.stringMatching(/^heading-order \(moderate\)/)]);
  expect(await seriousViolations(page, { minImpact: "moderate" })).toEqual([expect.stringMatching(/^heading-order \(moderate\)/)]);
});

// axe at a phone, a tablet and a desktop width, signed out and signed in: each page is
// loaded once and scanned at every width.
test.describe("axe at 1280, 768 and 375 px", () => {
  test("no moderate, serious or critical violations on the customer pages, signed out", async ({ page }) => {
    test.setTimeout(300_000);
    const found: Record<string, string[]> = {};
    for (const path of SIGNED_OUT) {
      await page.goto(path);
      Object.assign(found, await violationsAtWidths(page, path, () => settle(page, path), PAGE_SCAN));
    }
    expect(found).toEqual({});
  });

  test("no moderate, serious or critical violations on the customer pages, signed in", async ({ page }) => {
    test.setTimeout(300_000);
    await page.request.post("/api/demo/login", { data: { role: "customer" } });
    const found: Record<string, string[]> = {};
    for (const path of SIGNED_IN) {
      await page.goto(path);
      Object.assign(found, await violationsAtWidths(page, path, () => settle(page, path), PAGE_SCAN));
    }
    expect(found).toEqual({});
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("no page overflows sideways, and the islands' controls are touch sized", async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of SIGNED_OUT) {
      await page.goto(path);
      await settle(page, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} scroll width`).toBeLessThanOrEqual(375);
    }
    await page.request.post("/api/demo/login", { data: { role: "customer" } });
    for (const path of SIGNED_IN) {
      await page.goto(path);
      await settle(page, path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} scroll width`).toBeLessThanOrEqual(375);
      // Every visible button, tab, radio and text field is at least 44 px tall.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('button, [role="tab"], [role="radio"], input:not([type="hidden"]), select')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            return r.width > 0 && r.height > 0 && style.visibility !== "hidden" && !el.closest("[aria-hidden=true]");
          })
          .filter((el) => el.getBoundingClientRect().height < 43.5)
          .map((el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""} "${(el.textContent ?? el.getAttribute("aria-label") ?? "").trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().height)}px`),
      );
      expect(small, `${path} small touch targets`).toEqual([]);
    }
  });
});

/** Buttons and links inside `scope` (every match) that are visible and smaller than 44 x 44 px. */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  await expect(page.locator(scope).first()).toBeVisible();
  return page.evaluate((scope) => {
    const els = [...document.querySelectorAll<HTMLElement>(scope)].flatMap((root) => [...root.querySelectorAll<HTMLElement>("button, a")]);
    return els
      .filter((el) => el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== "hidden")
      .filter((el) => el.getBoundingClientRect().height < 43.5 || el.getBoundingClientRect().width < 43.5)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}px`;
      });
  }, scope);
}

// The account banners' actions: a customer not yet verified (the verify pointer, and the slip's link
// on the phone's sheet), a real account suspended and signed in again (Withdraw, Log out), a suspended
// demo account (Start a new demo, also beside the slip's disabled Place Bet).
test.describe("at 375 px (and 768 px), the account banners", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the verify pointer's and the suspension banner's actions are at least 44 x 44 px", async ({ page, playwright, baseURL }) => {
    test.setTimeout(150_000);
    const customer = await registerCustomer(page.request, "touch", "Tia", "Touch");
    const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
    const found: Record<string, string[]> = {};
    const check = async (label: string, scope: string) => {
      const small = await smallTargets(page, scope);
      if (small.length) found[label] = small;
    };
    /** The banner at a phone and at a tablet (a touch width where Radix's buttons are 32 px tall). */
    const checkBanner = async (label: string, scope: string) => {
      await check(`${label} @ 375px`, scope);
      await page.setViewportSize({ width: 768, height: 900 });
      await check(`${label} @ 768px`, scope);
      await page.setViewportSize({ width: 375, height: 812 });
    };
    for (const path of ["/fantasy", "/account", "/betting"]) {
      await page.goto(path);
      await checkBanner(`${path} verify pointer`, '[data-testid="verify-pointer"]');
    }
    await page.getByTestId("slip-bar").click();
    await expect(page.getByTestId("slip-sheet").getByTestId("slip-verify-link")).toBeVisible();
    await check("slip sheet, unverified", '[data-testid="slip-sheet"] .sb-slip__gate-action');

    // Suspended by an operator, then signed in again to reach the balance.
    const admin = await playwright.request.newContext({ baseURL });
    await staffApiSignIn(admin, "admin");
    const suspend = await admin.patch(`/api/admin/users/${me.id}/status`, { data: { isActive: false, reason: "e2e: touch sizes", category: "review" } });
    expect(suspend.ok(), await suspend.text()).toBe(true);
    await admin.dispose();
    expect((await page.request.post("/api/auth/login", { data: { email: customer.email, password: customer.password } })).ok()).toBe(true);
    await page.goto("/betting");
    await expect(page.getByTestId("suspension-banner").getByRole("button", { name: "Log out" })).toBeVisible();
    await checkBanner("/betting suspension banner", '[data-testid="suspension-banner"]');
    // The account page is where the balance is withdrawn: its banner is the words only.
    await page.goto("/fantasy");
    await expect(page.getByTestId("suspension-banner").getByTestId("suspension-withdraw")).toBeVisible();
    await checkBanner("/fantasy suspension banner", '[data-testid="suspension-banner"]');

    // A suspended demo account.
    expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
    const demo = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
    const demoAdmin = await playwright.request.newContext({ baseURL });
    expect((await demoAdmin.post("/api/demo/login", { data: { role: "admin" } })).ok()).toBe(true);
    expect((await demoAdmin.patch(`/api/admin/users/${demo.id}/status`, { data: { isActive: false, reason: "e2e: touch sizes", category: "terms" } })).ok()).toBe(true);
    await demoAdmin.dispose();
    await page.goto("/betting");
    await expect(page.getByTestId("suspension-banner").getByTestId("suspension-new-demo")).toBeVisible();
    await checkBanner("/betting suspended demo banner", '[data-testid="suspension-banner"]');
    await page.getByTestId("slip-bar").click();
    await expect(page.getByTestId("slip-sheet").getByTestId("suspension-new-demo")).toBeVisible();
    await check("slip sheet, suspended demo", '[data-testid="slip-sheet"] .sb-slip__gate-action');
    expect(found).toEqual({});
  });
});

// The signed-in landing shows the demo customer's "Start over" card: its long label once pushed the
// page to 415 px at a 375 px phone.
test("the signed-in landing fits 375 px with no sideways scroll, and passes axe at every width", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  await page.goto("/");
  await settle(page, "/");
  await expect(page.getByTestId("demo-start-over")).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "/ signed in scroll width").toBeLessThanOrEqual(375);
  const found = await violationsAtWidths(page, "/ signed in", () => expect(page.getByTestId("demo-start-over")).toBeVisible(), PAGE_SCAN, [375, 768, 1280]);
  expect(found).toEqual({});
});

// The lineup builder's player pool: its "Add" buttons once failed color-contrast (serious).
test("the fantasy entry dialog passes axe at 1280, 768 and 375 px", async ({ page }) => {
  test.setTimeout(180_000);
  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  await page.goto("/fantasy");
  await settle(page, "/fantasy");
  await page.getByTestId("contests-table").getByTestId("enter").first().click();
  const dialog = page.getByTestId("enter-contest-dialog");
  await expect(dialog.getByTestId("player-pool")).toBeVisible();
  await expect(dialog.getByTestId("add-player").first()).toBeVisible();
  const found = await violationsAtWidths(page, "fantasy entry dialog", () => expect(dialog.getByTestId("add-player").first()).toBeVisible(), {
    include: '[data-testid="enter-contest-dialog"]',
    failOn: ["heading-order"],
  });
  expect(found).toEqual({});
});

for (const width of [768, 1024]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test("no customer page overflows sideways", async ({ page }) => {
      test.setTimeout(90_000);
      await page.request.post("/api/demo/login", { data: { role: "customer" } });
      for (const path of [...SIGNED_IN, "/sign-in"]) {
        await page.goto(path);
        await settle(page, path);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scroll, `${path} scroll width`).toBeLessThanOrEqual(width);
      }
    });
  });
}
