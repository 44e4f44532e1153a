import { defineConfig } from "@playwright/test";

/**
 * End-to-end journeys in Debian's Chromium against the built site and the real server on a fresh
 * embedded database. `npm test` builds the site first; the server is started here, once, for both
 * projects.
 */
const PORT = Number(process.env.E2E_PORT || 4319);

/**
 * Journeys that change or total up state other journeys read: shared seeded events and markets
 * (set live, finished, re-priced, limited, settled), the fraud alert queue, liability totals, events
 * a customer journey could pick. They run one at a time, after the independent journeys, which run
 * two at a time. A new journey that only uses its own customer (registered or demo) belongs to the
 * independent ones; the rules are in docs/architecture.md, "Tests: isolation and speed".
 */
export const SHARED_STATE_JOURNEYS = [
  "admin-creates-market-and-settles.spec.ts",
  "admin-finds-an-event-and-watches-bets.spec.ts",
  "admin-judges-fraud-alerts.spec.ts",
  "admin-resolves-fraud-alert.spec.ts",
  "admin-works-the-back-office.spec.ts",
  "customer-watches-a-live-match.spec.ts",
  "operator-first-five-minutes.spec.ts",
  "trader-limits-a-market-and-the-slip-counter-offers.spec.ts",
  "trader-resettles-a-market.spec.ts",
];

export default defineConfig({
  testDir: "tests/e2e",
  // A file's journeys stay together, in order, in one worker; two files run at a time.
  fullyParallel: false,
  // Two at a time: the independent journeys in two browsers beside the server. Measured on this
  // 2-core machine (2026-11-26): the independent project took 10.6 minutes in two workers against
  // 12.5-13.2 in one; the browsers then use about 1.6 cores (Chromium's renderer and its software
  // compositor are most of the suite's CPU), so more workers would not help here. E2E_WORKERS=1
  // runs them one at a time; the shared-state journeys always run alone, after them.
  workers: Number(process.env.E2E_WORKERS || 2),
  projects: [
    { name: "independent", testIgnore: SHARED_STATE_JOURNEYS },
    { name: "shared-state", testMatch: SHARED_STATE_JOURNEYS, workers: 1, dependencies: ["independent"] },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 900 },
    // No trace recording: it screenshots every action and cost about a quarter of the browser's CPU
    // (measured on customer-builds-a-bet-slip); CI shows the log and the failure screenshot. Record
    // one when debugging with `npx playwright test --trace on`.
    trace: "off",
    // The site honours reduced motion (no price flashes, pulsing dots or sheet slides): journeys wait
    // on data, never on an animation, and the browser's compositor idles (another fifth of its CPU).
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    },
  },
  webServer: {
    command: "rm -rf .e2e-data && node api/node.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATABASE_URL: "file:.e2e-data/e2e.db",
      FEED_INTERVAL_MS: "1000",
      FANTASY_INTERVAL_MS: "1000",
      LOG_REQUESTS: "0",
      // The live book's waits, short enough to watch in a journey: an in-play bet waits 1.5 s
      // before it is re-checked and accepted; a score change suspends the event's markets for 4 s.
      IN_PLAY_DELAY_MS: "1500",
      SCORE_SUSPEND_MS: "4000",
      // Every journey signs in from 127.0.0.1; the production limit would stop the suite.
      RATE_LIMITS: "demo-login=1000/600,sign-in=1000/60,register=1000/3600",
      // Journeys that test the per-address sign-in throttle send their own X-Forwarded-For, so the
      // throttle they trigger does not lock every later journey out (they all come from 127.0.0.1).
      TRUST_PROXY: "1",
    },
  },
});
