import { defineConfig } from "@playwright/test";

/**
 * End-to-end journeys in Debian's Chromium against the built site and the real server, each server
 * on a fresh embedded database. `npm test` builds the site first; the two servers (one per project)
 * are started here, once.
 */
const PORT = Number(process.env.E2E_PORT || 4319);
/** The shared-state journeys' own server, on its own database (see SHARED_STATE_JOURNEYS). */
const SHARED_PORT = PORT + 1;

/**
 * Journeys that change or total up state other journeys read: shared seeded events and markets
 * (set live, finished, re-priced, limited, settled), the fraud alert queue, liability totals, events
 * a customer journey could pick. They run one at a time against a server and database of their own
 * (SHARED_PORT), beside the independent journeys, which share the other server. A new journey that
 * only uses its own customer (registered or demo) belongs to the independent ones; the rules are in
 * docs/architecture.md, "Tests: isolation and speed".
 */
export const SHARED_STATE_JOURNEYS = [
  "admin-creates-market-and-settles.spec.ts",
  "admin-finds-an-event-and-watches-bets.spec.ts",
  "admin-judges-fraud-alerts.spec.ts",
  "admin-resolves-fraud-alert.spec.ts",
  "admin-works-the-back-office.spec.ts",
  "customer-watches-a-live-match.spec.ts",
  "operator-first-five-minutes.spec.ts",
  "operator-sees-a-ledger-alarm.spec.ts",
  "trader-limits-a-market-and-the-slip-counter-offers.spec.ts",
  "trader-resettles-a-market.spec.ts",
];

export default defineConfig({
  testDir: "tests/e2e",
  // A file's journeys stay together, in order, in one worker; two files run at a time.
  fullyParallel: false,
  // Two browsers at a time. The machine is a 2-core one and Chromium (mostly its renderer) is most
  // of the suite's CPU: with two workers the cores are busy throughout, so more workers would not
  // help here. The shared-state journeys take one worker at most, one file after another, on their
  // own server; the independent journeys take whatever worker is free. Measured 2026-11-26 in
  // docs/benchmarks.md, "The test suite's own time". E2E_WORKERS=1 runs one at a time.
  workers: Number(process.env.E2E_WORKERS || 2),
  // The shared-state project is listed first, so its files are first in the queue: one worker works
  // through them from the start while the other takes independent files, and no worker waits idle
  // at the end for the last shared-state file.
  projects: [
    {
      name: "shared-state",
      testMatch: SHARED_STATE_JOURNEYS,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${SHARED_PORT}` },
    },
    { name: "independent", testIgnore: SHARED_STATE_JOURNEYS },
  ],
  retries: 0,
  // A journey's deadline, not a measure of its speed: the reality-check journey ran out of a 60 s
  // deadline mid-click in a clean-clone rehearsal at load ~9 (it takes ~12 s quiet). A passing journey
  // ends when its last step does, so a longer deadline costs nothing.
  timeout: 180_000,
  // An assertion waits for its data up to 30 s. On this 2-core machine shared with other work (a
  // load of 20-30), a page's first data took up to about 20 s to show, and journeys failed at 10 s
  // waiting for the betting board or the balance (2026-11-29). A passing assertion waits only as
  // long as its data takes, so this costs nothing when the machine is quiet.
  expect: { timeout: 30_000 },
  reporter: [["list"]],
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
  // Two servers of the same build, each on a fresh embedded database of its own: one for the
  // independent journeys, one for the shared-state journeys.
  webServer: [server(PORT, ".e2e-data"), server(SHARED_PORT, ".e2e-data-shared")],
});

/** The API server on the built site, on a fresh embedded database in `dir`. */
function server(port: number, dir: string) {
  return {
    // Real staff for the journeys that act on registered customers (tests/e2e/helpers.ts STAFF),
    // opened on the console as an operator opens a new book's first staff.
    command:
      `rm -rf ${dir} && ` +
      // One process for the three (each start-up loads the app's modules and opens the database).
      `node scripts/staff.ts add --email e2e-admin@staff.example --first Erin --last Admin --role admin ` +
      `--email e2e-admin2@staff.example --first Sam --last Second --role admin ` +
      `--email e2e-trader@staff.example --first Tara --last Trader --role trader && ` +
      `node api/node.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATABASE_URL: `file:${dir}/e2e.db`,
      STAFF_PASSWORD: "e2e-staff-password-1",
      FEED_INTERVAL_MS: "1000",
      FANTASY_INTERVAL_MS: "1000",
      LOG_REQUESTS: "0",
      // The live book's waits, short enough to watch in a journey: an in-play bet waits 1.5 s
      // before it is re-checked and accepted; a score change suspends the event's markets for 4 s.
      IN_PLAY_DELAY_MS: "1500",
      SCORE_SUSPEND_MS: "4000",
      // A race re-formed after a non-runner stays suspended 30 s: long enough for a journey to reload
      // the race card and see it suspended on a busy machine, then see it reopen on its own. Measured
      // 2026-11-29 from the operator's confirm to the reloaded card: about 6 s at a load of 11 on
      // 2 cores, about 20 s at a load of 30; 20 s was tried and is too close.
      RACE_REFORM_SUSPEND_MS: "30000",
      // Every journey signs in from 127.0.0.1; the production limit would stop the suite.
      RATE_LIMITS: "demo-login=1000/600,sign-in=1000/60,register=1000/3600",
      // Journeys that test the per-address sign-in throttle send their own X-Forwarded-For, so the
      // throttle they trigger does not lock every later journey out (they all come from 127.0.0.1).
      // One trusted hop: the right-most entry is the client, so a journey sends a single entry of
      // its own. No PUBLIC_ORIGIN: the journeys use 127.0.0.1, a loopback host.
      TRUST_PROXY: "1",
      // The ledger reconciliation every 2 s, so a journey sees its alarm raised and cleared.
      LEDGER_RECONCILE_INTERVAL_MS: "2000",
    },
  };
}
