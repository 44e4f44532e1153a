/**
 * The console's accessibility bar: no serious or critical axe violations on every admin console
 * section and the stand-alone user and fraud screens at 1280, 768 and 375 px, and on the main
 * dialogs; no heading-order finding anywhere (every tab of every section), and no moderate finding
 * on the sections. The same walk of every section and tab checks, at 1280 px, that every admin
 * table with rows fits with its row actions in view (tests/e2e/admin-tables.ts): one walk serves
 * both. Also the console's navigation rules (?tab= at load, address rewrite, mobile menu).
 */
import { expect, test, type Page } from "@playwright/test";
import { openSection } from "./admin-helpers.ts";
import { seriousViolations as scan, violationsAtWidths } from "./axe.ts";
import { dataLoaded } from "./helpers.ts";
import { ownEvent } from "./admin-helpers-results.ts";
import { tableProblems } from "./admin-tables.ts";

const SECTIONS = [
  "dashboard", "trading", "live", "bet-builder", "risk", "customers", "payments",
  "ai", "responsible", "social", "mobile", "fraud", "fantasy", "tasks",
] as const;

// heading-order is a best practice outside the WCAG tags and only "moderate", but a console section
// that jumps from its h1 to an h3 misleads a screen reader's heading list: every scan fails on it.
const WCAG = { tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"], failOn: ["heading-order"] };
/** The sections are clean of moderate findings too: a new one fails the scan. */
const SECTION_SCAN = { ...WCAG, minImpact: "moderate" as const };
/** Only the heading order, for a section's other tabs (their panels are scanned for it at desktop width). */
const HEADINGS = { only: ["heading-order"], failOn: ["heading-order"] };
const seriousViolations = (page: Page, include?: string) => scan(page, { ...WCAG, include });

test.describe("admin console accessibility", () => {
  test.beforeEach(async ({ page }) => {
    const res = await page.request.post("/api/demo/login", { data: { role: "admin" } });
    expect(res.ok()).toBe(true);
  });

  test("every section has no moderate, serious or critical violations (heading order included) at 1280, 768 and 375 px, and its tables fit 1280 px with their row actions in view", async ({ page }) => {
    test.setTimeout(480_000);
    await page.goto("/admin");
    await expect(page.getByTestId("section-dashboard")).toBeVisible();
    const found: Record<string, string[]> = {};
    const tableFindings: string[] = [];
    const tablesChecked = new Set<string>();
    /** The 1280 px table check of what is on screen now (the walk is at 1280 px between its scans at other widths). */
    const checkTables = async (where: string) => {
      expect(page.viewportSize()?.width).toBe(1280);
      const r = await tableProblems(page, where);
      tableFindings.push(...r.problems);
      r.tables.forEach((t) => tablesChecked.add(t));
    };
    /** A section opened at 1280 px: its tables, then axe at every width, then each tab (heading order and tables). */
    const walk = async (id: string) => {
      const scope = `[data-testid="section-${id}"]`;
      // Each section is opened once at desktop width and scanned at every width, once its data has
      // arrived (never a skeleton).
      await dataLoaded(page, scope);
      await checkTables(id);
      Object.assign(found, await violationsAtWidths(page, id, () => dataLoaded(page, scope), SECTION_SCAN));
      // Then each of its tabs, for the heading order of the panel it shows and its tables.
      const tabs = page.locator(scope).getByRole("tab");
      for (let i = 0; i < (await tabs.count()); i++) {
        const tab = tabs.nth(i);
        const label = (await tab.innerText()).trim();
        await tab.click();
        await expect(tab).toHaveAttribute("aria-selected", "true");
        await dataLoaded(page, scope);
        const v = await scan(page, HEADINGS);
        if (v.length) found[`${id} / ${label}`] = v;
        await checkTables(`${id} › ${label}`);
      }
    };
    for (const id of SECTIONS) {
      await openSection(page, id);
      await walk(id);
    }
    await page.goto("/admin?tab=users");
    await expect(page.getByTestId("section-users")).toBeVisible();
    await walk("users");
    expect(found).toEqual({});
    expect(tableFindings).toEqual([]);
    // Not vacuous: the tables with row actions were found (Manage Events, Market Risk, the approvals...).
    expect(tablesChecked.size, [...tablesChecked].join("\n")).toBeGreaterThanOrEqual(8);
    // And the check sees a clipped action: with the actions column unpinned at 900 px, Market Risk's are out of view.
    await openSection(page, "risk");
    await dataLoaded(page, '[data-testid="section-risk"]');
    await page.setViewportSize({ width: 900, height: 800 });
    await page.addStyleTag({ content: ".adm-sticky-actions { position: static !important; }" });
    expect((await tableProblems(page, "risk (unpinned, 900 px)")).problems.length).toBeGreaterThan(0);
  });

  test("the main dialogs have no serious or critical violations", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/admin?tab=trading");
    await page.getByTestId("new-market-button").click();
    await expect(page.getByTestId("create-market-dialog")).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByTestId("quick-create-event").click();
    await expect(page.getByTestId("create-event-dialog")).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByTestId("quick-system-settings").click();
    await expect(page.getByTestId("system-settings-dialog")).toContainText("Demo mode");
    await expect(page.getByTestId("setting-demo-mode")).toContainText("On");
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press("Escape");

    await openSection(page, "dashboard");
    await page.getByTestId("heatmap-cell-soccer-ftwin").click();
    await expect(page.getByTestId("heatmap-panel")).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="risk-heatmap"]')).toEqual([]);
  });

  test("the staff approvals queue, markets under review and the finish and release dialogs pass at 1280 and 768 px", async ({ page }) => {
    test.setTimeout(180_000);
    // Data of its own: a limit raise waiting for approval, and a market unsettled (held under review).
    const event = await ownEvent(page.request, "A11y");
    const market = event.markets[0];
    expect((await page.request.put(`/api/admin/markets/${market.id}/limit`, { data: { liabilityLimit: 10_000_000_000 } })).status()).toBe(202);
    const override = { reason: "Result confirmed by the league office" };
    expect((await page.request.post(`/api/admin/markets/${market.id}/settle`, { data: { winningOutcomeId: market.outcomes[0].id, override } })).ok()).toBe(true);
    expect((await page.request.post(`/api/admin/markets/${market.id}/unsettle`, { data: { reason: "Disputed result under review" } })).ok()).toBe(true);
    const found: Record<string, string[]> = {};
    const desktopAndTablet = [1280, 768] as const;

    await page.goto("/admin");
    await openSection(page, "payments");
    await page.getByTestId("tab-staff-approvals").click();
    const queue = page.getByTestId("staff-approvals");
    await expect(queue.locator(`[data-subject="${market.id}"]`)).toBeVisible();
    Object.assign(found, await violationsAtWidths(page, "staff approvals", () => dataLoaded(page, '[data-testid="staff-approvals"]'), { ...WCAG, include: '[data-testid="staff-approvals"]' }, desktopAndTablet));

    await openSection(page, "tasks");
    await page.getByRole("tab", { name: "Bulk Settlement" }).click();
    await expect(page.getByTestId(`review-${market.id}`)).toBeVisible();
    Object.assign(found, await violationsAtWidths(page, "markets under review", () => dataLoaded(page, '[data-testid="markets-under-review"]'), { ...WCAG, include: '[data-testid="markets-under-review"]' }, desktopAndTablet));
    await page.getByTestId(`review-release-${market.id}`).click();
    await expect(page.getByTestId("release-market-dialog")).toBeVisible();
    Object.assign(found, await violationsAtWidths(page, "release dialog", async () => {}, { ...WCAG, include: '[role="dialog"]' }, desktopAndTablet));
    await page.keyboard.press("Escape");

    await openSection(page, "dashboard");
    await page.getByTestId("events-search").fill(event.name);
    await page.getByTestId(`set-finished-${event.id}`).click();
    await expect(page.getByTestId("finish-event-early")).toBeVisible();
    Object.assign(found, await violationsAtWidths(page, "finish dialog", () => dataLoaded(page, '[role="dialog"]'), { ...WCAG, include: '[role="dialog"]' }, desktopAndTablet));
    await page.keyboard.press("Escape");
    expect(found).toEqual({});
  });

  test("phone width: the menu opens, closes on selection, and screens pass", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/admin");
    await expect(page.getByTestId("section-dashboard")).toBeVisible();
    await dataLoaded(page, '[data-testid="section-dashboard"]');
    expect(await seriousViolations(page)).toEqual([]);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    await expect(page.getByTestId("menu-risk")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("menu-risk").click();
    await expect(page.getByTestId("section-risk")).toBeVisible();
    await expect(page.getByTestId("menu-risk")).toBeHidden();
    await expect(page).toHaveURL(/\/admin\?tab=risk$/);
    await dataLoaded(page, '[data-testid="section-risk"]');
    const box = await page.getByTestId("risk-export").boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("phone width: the risk heatmap still loading scrolls in a region the keyboard reaches", async ({ page }) => {
    // Hold the heatmap's data: its grid shows skeleton cells (nothing in it takes focus yet).
    const held: import("@playwright/test").Route[] = [];
    await page.route("**/api/admin/risk-heatmap*", (route) => void held.push(route));
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/admin");
    const heatmap = page.getByTestId("risk-heatmap");
    await expect(heatmap.locator(".rt-Skeleton").first()).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="risk-heatmap"]')).toEqual([]);
    await expect(heatmap.getByRole("region", { name: "Risk heatmap, scrolls sideways" })).toHaveAttribute("tabindex", "0");
    for (const route of held.splice(0)) await route.continue();
    await page.unroute("**/api/admin/risk-heatmap*");
    await expect(heatmap.getByTestId("heatmap-cell-soccer-ftwin")).toBeVisible();
  });

  test("wide tables fit 1280 px with every action in view; at 768 px Market Risk's actions stay pinned in view", async ({ page }) => {
    test.setTimeout(120_000);
    /** A scroller that scrolls nothing: the table fits its card. */
    const fits = (region: import("@playwright/test").Locator) => region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    /** The element lies wholly inside the region's visible box (and the window). */
    const inside = async (el: import("@playwright/test").Locator, region: import("@playwright/test").Locator, width: number) => {
      const [box, frame] = [await el.boundingBox(), await region.boundingBox()];
      expect(box && frame).toBeTruthy();
      expect(box!.x).toBeGreaterThanOrEqual(frame!.x - 1);
      expect(box!.x + box!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    };
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin");
    await expect(page.getByTestId("section-dashboard")).toBeVisible();
    await openSection(page, "risk");
    const region = page.getByRole("region", { name: "Market risk table" });
    await expect(region).toBeVisible();
    await dataLoaded(page, '[data-testid="section-risk"]');
    const rows = region.locator('tr[data-testid^="market-risk-"]:not([data-testid^="market-risk-outcomes-"])');
    await expect(rows.first()).toBeVisible();
    expect(await fits(region)).toBe(true);
    // Every row's Risk badge and its three actions, without scrolling sideways.
    for (let i = 0; i < Math.min(3, await rows.count()); i++) {
      const row = rows.nth(i);
      await row.scrollIntoViewIfNeeded();
      for (const name of ["Limit", "Bets"]) await inside(row.getByRole("button", { name, exact: true }), region, 1280);
      await inside(row.getByRole("button", { name: /^(Suspend|Reopen)$/ }), region, 1280);
      await inside(row.locator(".rt-Badge").last(), region, 1280);
    }
    // The Rule Precision card keeps its four columns on the fraud screen.
    await openSection(page, "fraud");
    const precision = page.getByTestId("rule-precision");
    await expect(precision.getByRole("columnheader", { name: "Precision" })).toBeVisible();
    await inside(precision.getByTestId("rule-precision-value-shared_address"), precision, 1280);
    await inside(precision.getByRole("columnheader", { name: "Precision" }), precision, 1280);

    // A tablet: the table scrolls, and the actions column stays pinned at its right edge.
    await page.setViewportSize({ width: 768, height: 900 });
    await openSection(page, "risk");
    await expect(region).toBeVisible();
    const first = rows.first();
    await first.scrollIntoViewIfNeeded();
    await inside(first.getByRole("button", { name: "Bets", exact: true }), region, 768);
  });

  test("liquidity figures never break inside a number, even at nine figures, at 1280, 1024 and 768 px", async ({ page }) => {
    test.setTimeout(90_000);
    // The server's own figures, scaled up so each amount is long enough to be at risk of wrapping.
    await page.route("**/api/dashboard/stats*", async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      // Stakes held (staked - returned - revenue), liability, worst case and revenue all grow by about 123 million.
      const scale: Record<string, number> = { totalStaked: 3, totalReturned: 1, grossRevenue: 1, openLiability: 2, potentialPayout: 2 };
      for (const [key, times] of Object.entries(scale)) body[key] = (body[key] as number) + times * 123_456_789_00;
      // A fresh response: the original's content-length would cut the longer body short.
      await route.fulfill({ status: res.status(), json: body });
    });
    await page.goto("/admin");
    const card = page.getByTestId("liquidity-card");
    const figures = card.locator("dd");
    for (let i = 0; i < 4; i++) await expect(figures.nth(i)).toHaveText(/\$\d{3},\d{3},\d{3}\.\d{2}$/, { timeout: 45_000 });
    for (const width of [1280, 1024, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await card.scrollIntoViewIfNeeded();
      // Every figure's text lies on one line: all its line boxes share one top.
      const lines = await figures.evaluateAll((els) =>
        els.map((el) => {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          const tops: number[] = [];
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(n);
            for (const r of range.getClientRects()) if (r.width > 0) tops.push(r.top);
          }
          // A wrapped figure has a second line box a line-height lower.
          const spread = tops.length ? Math.max(...tops) - Math.min(...tops) : Infinity;
          return `${el.textContent}: ${spread < 6 ? 1 : "several"}`;
        }),
      );
      expect(lines.length, `figures at ${width}px`).toBe(4);
      for (const line of lines) expect(line, `at ${width}px`).toMatch(/\$[\d,]+\.\d{2}: 1$/);
    }
    await page.unroute("**/api/dashboard/stats*");
  });

  test("the stand-alone user and fraud screens pass", async ({ page }) => {
    test.setTimeout(120_000);
    const found: Record<string, string[]> = {};
    for (const path of ["/user-management", "/fraud-monitoring"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      Object.assign(found, await violationsAtWidths(page, path, () => dataLoaded(page), WCAG));
    }
    expect(found).toEqual({});
  });
});

test.describe("console navigation", () => {
  test.beforeEach(async ({ page }) => {
    await page.request.post("/api/demo/login", { data: { role: "admin" } });
  });

  test("?tab= is honoured at load only for dashboard, trading, users, fraud, fantasy, tasks", async ({ page }) => {
    for (const tab of ["trading", "users", "fraud", "fantasy", "tasks", "dashboard"]) {
      await page.goto(`/admin?tab=${tab}`);
      await expect(page.getByTestId(`section-${tab}`)).toBeVisible();
    }
    for (const tab of ["risk", "live", "payments", "nonsense"]) {
      await page.goto(`/admin?tab=${tab}`);
      await expect(page.getByTestId("section-dashboard")).toBeVisible();
    }
    // All 14 menu sections with the spec's descriptions; users is not in the menu.
    const menu = page.getByTestId("admin-menu");
    await expect(menu.getByRole("button")).toHaveCount(14);
    for (const d of ["Overview & Analytics", "Odds Management", "Live In-Play Management", "Custom Bet Management", "Risk & Exposure Control",
      "Customer Intelligence", "Payment Integration", "AI-Powered Insights", "Player Protection", "Community Management",
      "Mobile Experience", "Security Monitoring", "Fantasy Management", "Task Management"]) {
      await expect(menu).toContainText(d);
    }
    await expect(page.getByTestId("menu-users")).toHaveCount(0);
    // Choosing a section rewrites the address, including sections not accepted at load.
    await page.getByTestId("menu-payments").click();
    await expect(page).toHaveURL(/\/admin\?tab=payments$/);
    await page.reload();
    await expect(page.getByTestId("section-dashboard")).toBeVisible();
  });

  test("header refresh and illustrative sections", async ({ page }) => {
    await page.goto("/admin");
    await page.getByTestId("refresh-button").click();
    await expect(page.getByTestId("toast")).toContainText("Refreshed");
    await expect(page.getByTestId("toast")).toContainText("All data has been updated.");
    for (const id of ["ai", "social", "mobile"]) {
      await openSection(page, id);
      await expect(page.getByTestId(`section-${id}`).getByTestId("sample-notice")).toContainText("samples");
    }
    // Responsible Gambling is on real data: no sample notice.
    await openSection(page, "responsible");
    await expect(page.getByTestId("rg-interactions")).toBeVisible();
    await expect(page.getByTestId("section-responsible").getByTestId("sample-notice")).toHaveCount(0);
  });
});
