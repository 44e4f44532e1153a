import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Cents as the site shows them: cents / 100, two decimals, grouped. */
export const money = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const oddsMilli = (odds: string) => Math.round(Number(odds) * 1000);

export type ApiEvent = {
  id: string;
  sport: string;
  league: string;
  name: string;
  status: string;
  markets: { id: string; type: string; name: string; outcomes: { id: string; name: string; odds: string }[] }[];
};

/**
 * Journeys create events of their own in "E2E ..." leagues and then change them (start them, suspend
 * and settle them), and the soonest upcoming event is often one of those; a journey that takes the
 * first upcoming event must not get another journey's.
 */
const journeysOwn = (e: ApiEvent) => e.league.startsWith("E2E");

/**
 * Upcoming events as the betting page lists them, soonest first: the seeded ones, without the events
 * journeys made for themselves unless `withJourneysOwn` (a journey finding its own event).
 */
export async function upcomingEvents(request: APIRequestContext, limit = 10, opts: { withJourneysOwn?: boolean } = {}): Promise<ApiEvent[]> {
  const res = await request.get(`/api/events?status=upcoming&limit=${limit}`);
  expect(res.ok()).toBe(true);
  const events = (await res.json()) as ApiEvent[];
  return opts.withJourneysOwn ? events : events.filter((e) => !journeysOwn(e));
}

/**
 * Keep every toast's text the page shows in sessionStorage, which outlives a same-origin navigation.
 * A toast shown just before a redirect may be gone by the time a loaded machine gets to look for it;
 * the record lets a journey assert it after the navigation without racing the redirect.
 */
export async function recordToasts(page: Page) {
  const install = () => {
    const w = window as unknown as { __e2eToasts?: boolean };
    if (w.__e2eToasts) return;
    w.__e2eToasts = true;
    const record = () => {
      const seen: string[] = JSON.parse(sessionStorage.getItem("e2e-toasts") || "[]");
      let changed = false;
      for (const t of document.querySelectorAll('[data-testid="toast"]')) {
        const text = t.textContent ?? "";
        if (text && !seen.includes(text)) (seen.push(text), (changed = true));
      }
      if (changed) sessionStorage.setItem("e2e-toasts", JSON.stringify(seen));
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  };
  // For every later document of this tab, and for the one already loaded (if any).
  await page.addInitScript(install);
  if (page.url().startsWith("http")) await page.evaluate(install);
}

/** The toasts this tab has shown since recordToasts(), across navigations. */
export async function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e-toasts") || "[]") as string[]);
}

/** Sign in as a demo user through the landing page's button, as a visitor would. */
export async function demoLoginFromLanding(page: Page, role: "admin" | "customer") {
  await recordToasts(page);
  await page.goto("/");
  await page.getByTestId(`demo-login-${role}`).click();
  // The toast shows, then the page moves on after a second: assert the destination, then that the
  // toast was shown (recorded), never the toast itself once the redirect may have begun.
  await page.waitForURL(role === "admin" ? "**/admin" : "**/betting");
  await expect.poll(() => toastsShown(page)).toContainEqual(expect.stringContaining("Demo Login Successful"));
}

/**
 * The journeys' real staff (outside the demo sandbox), opened on each e2e server's console before it
 * starts (playwright.config.ts runs scripts/staff.ts): they act on registered customers, which demo
 * staff cannot reach.
 */
export const STAFF = {
  admin: "e2e-admin@staff.example",
  admin2: "e2e-admin2@staff.example",
  trader: "e2e-trader@staff.example",
} as const;
export const STAFF_PASSWORD = "e2e-staff-password-1";

/**
 * Whether a sign-in answer is the server's "another password check for this account is in
 * progress" (AUTH.THROTTLED, by in_flight). Journeys running side by side sign the same staff in,
 * and the server checks one password per account at a time: the other is asked to try again.
 */
async function anotherCheckInProgress(res: { status(): number; json(): Promise<unknown> }): Promise<boolean> {
  if (res.status() !== 429) return false;
  const body = (await res.json()) as { error?: { code?: string; details?: { by?: string } } };
  return body.error?.code === "AUTH.THROTTLED" && body.error.details?.by === "in_flight";
}

/**
 * Sign a real staff member in at /sign-in with their password; lands on /admin. Asked to try again
 * because another journey's sign-in of the same account is being checked, it does, once the page
 * has said so.
 */
export async function staffSignIn(page: Page, who: keyof typeof STAFF) {
  await page.goto("/sign-in");
  await islandsHydrated(page);
  const form = page.getByTestId("sign-in-form");
  await form.getByLabel("Email").fill(STAFF[who]);
  await form.getByLabel("Password").fill(STAFF_PASSWORD);
  for (;;) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/login" && r.request().method() === "POST");
    await form.getByTestId("sign-in-submit").click();
    const res = await answered;
    if (!(await anotherCheckInProgress(res))) break;
    await expect(form.getByTestId("sign-in-error")).toContainText("Another password check for this account is in progress");
  }
  await page.waitForURL("**/admin");
}

/** The same sign-in through the API, for a context's request (its cookies are the page's). */
export async function staffApiSignIn(request: APIRequestContext, who: keyof typeof STAFF) {
  let res = await request.post("/api/auth/login", { data: { email: STAFF[who], password: STAFF_PASSWORD } });
  while (await anotherCheckInProgress(res)) res = await request.post("/api/auth/login", { data: { email: STAFF[who], password: STAFF_PASSWORD } });
  if (!res.ok()) throw new Error(`staff sign-in failed: ${res.status()} ${await res.text()}`);
}

/**
 * Wait until every island on the page is hydrated (Astro drops an island's `ssr` attribute once React
 * has taken it over). Server-rendered controls, such as the sign-in page's tabs and the betting board's
 * sport tabs, are on screen before that and ignore a click; on a busy machine that gap can be seconds.
 */
export async function islandsHydrated(page: Page) {
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
}

/** Show the betting board tab that lists this event (the sport's tab, or FEATURED). */
export async function showEventOnBoard(page: Page, event: ApiEvent) {
  await islandsHydrated(page);
  // A sport's tab exists once the events have loaded (every sport with open events has one).
  await expect(page.locator('.sb-board__list [data-testid^="event-"], [data-testid="no-events"]').first()).toBeVisible();
  const tab = page.getByTestId(`tab-${event.sport}`);
  if (await tab.count()) await tab.click();
  await expect(page.getByTestId(`event-${event.id}`)).toBeVisible();
}

/**
 * Wait until the page (or one part of it) shows data rather than a loading state: no Radix
 * skeleton, no customer-page placeholder, nothing marked aria-busy and no "Loading" text. The
 * accessibility journeys scan after this, so axe never checks a skeleton.
 */
export async function dataLoaded(page: Page, scope = "body") {
  const root = page.locator(scope).first();
  await expect(root.locator('.rt-Skeleton:visible, .sb-ph:visible, [aria-busy="true"]:visible')).toHaveCount(0, { timeout: 45_000 });
  await expect(root.getByText(/^Loading/).locator("visible=true")).toHaveCount(0, { timeout: 45_000 });
}

/** A price in milli as the site shows decimal odds (domain/shared/odds.ts formatOdds): 4.719, 4.72, 2.00. */
export function oddsText(milli: number): string {
  const frac = String(milli % 1000).padStart(3, "0");
  return `${Math.floor(milli / 1000)}.${frac.endsWith("0") ? frac.slice(0, 2) : frac}`;
}

/**
 * Bet Management's Won / Lost / Void button (a void with its reason code), then the early-settlement
 * reason when the server asks for one (the bet's event has not finished, or its start is still
 * ahead), until "Bet settled".
 */
export async function settleFromBetTable(page: Page, betId: string, status: "won" | "lost" | "void"): Promise<void> {
  await page.getByTestId(`settle-${status}-${betId}`).click();
  if (status === "void") {
    // A void by hand is sent with a reason code (its dialog).
    const dialog = page.getByTestId("void-bet-dialog");
    await dialog.getByTestId("void-reason-code").click();
    await page.getByRole("option", { name: "Void by rule" }).click();
    await dialog.getByTestId("void-bet-confirm").click();
  }
  const early = page.getByTestId("early-settle-dialog");
  await expect(early.or(page.getByTestId("toast").filter({ hasText: "Bet settled" }))).toBeVisible();
  if (await early.isVisible()) {
    await early.getByTestId("early-settle-reason").fill("Result confirmed by the organiser");
    await early.getByTestId("early-settle-confirm").click();
  }
  await expect(page.getByTestId("toast")).toContainText("Bet settled");
}
