/**
 * Wiring shared by the Node and Deno entries: configuration from the environment, the database
 * (migrated, and seeded when empty), the demo feed, and the app.
 */
import { createApp } from "./app.ts";
import { openDatabase, libsqlPorts } from "../adapters/libsql/index.ts";
import { isEmpty, seedDemoData } from "../adapters/libsql/seed.ts";
import { DemoFeed } from "../adapters/feed/demo-feed.ts";
import { DatabaseLease } from "../adapters/libsql/lease.ts";
import { LibsqlRateCounter } from "../adapters/libsql/rate-counter.ts";
import { rateLimitsFromEnv } from "./middleware/rate-limit.ts";
import type { PublicOrigins, RateLimitConfig } from "./settings.ts";
import { parseTrustProxy, type ProxyTrust } from "./middleware/proxy-trust.ts";
import { parsePublicOrigin } from "./middleware/public-origin.ts";
import { DemoFantasyStatsFeed } from "../adapters/feed/fantasy-stats-feed.ts";
import { FANTASY_RUNNER_LEASE, FantasyRunner } from "./jobs/fantasy-runner.ts";
import { randomIds, systemClock } from "../adapters/system/clock.ts";
import { diskAssets } from "../adapters/system/static-files.ts";
import { nodeEventStreams } from "../adapters/system/node-event-streams.ts";
import { databaseKind } from "../adapters/libsql/database.ts";
import { SimulatedPaymentProvider } from "../adapters/payments/simulated-provider.ts";
import { LibsqlProviderMemory } from "../adapters/payments/provider-memory.ts";
import { PAYMENT_RECONCILER_LEASE, PaymentReconciler } from "./jobs/payment-reconciler.ts";
import { PERSON_KEY_SECRET_MIN_LENGTH, PersonKeyHasher, rekeyPersonKeys } from "../adapters/libsql/person-keys.ts";
import { DEFAULT_LEDGER_RECONCILE_INTERVAL_MS, LEDGER_RECONCILER_LEASE, LedgerReconciler } from "./jobs/ledger-reconciler.ts";
import { BackgroundJobs } from "./jobs/scheduler.ts";
import { fraudScanThread } from "../adapters/libsql/perf/index.ts";
import { fraudWriter } from "../adapters/libsql/fraud.ts";
import { sessionTokens } from "../adapters/system/session-token.ts";
import { timerInPlayDelay } from "../adapters/system/in-play-delay.ts";
import { DEFAULT_REFORM_SUSPEND_MS, DEFAULT_SCORE_SUSPEND_MS, parseInPlayDelays } from "../domain/betting/in-play.ts";
import type { SportCode } from "../domain/shared/types.ts";
import { DEFAULT_ADMISSION_BUDGET_MS } from "./middleware/admission.ts";

export interface Config {
  port: number;
  databaseUrl: string;
  databaseAuthToken?: string;
  /** With a file DATABASE_URL: the remote primary this embedded replica syncs from. */
  databaseSyncUrl?: string;
  demoMode: boolean;
  feedIntervalMs: number;
  /** How often the fantasy contest lifecycle runs (lock, score, settle); 0 turns it off. */
  fantasyIntervalMs: number;
  /** How often the fraud rules engine scans (FRAUD_SCAN_INTERVAL_MS, default 60000; 0 = only on demand). */
  fraudScanIntervalMs: number;
  distDir: string;
  logRequests: boolean;
  /** TRUST_PROXY: the proxies whose X-Forwarded-* headers are believed (api/middleware/proxy-trust.ts). */
  trustProxy: ProxyTrust;
  /** PUBLIC_ORIGIN: the origins the site is served at; null = loopback hosts only (api/middleware/public-origin.ts). */
  publicOrigin: PublicOrigins | null;
  liveOddsCacheMs: number;
  rateLimits: RateLimitConfig | false;
  /** How long the simulated payment provider takes to answer (the UI's 'Processing...'); PAYMENT_LATENCY_MS, default 3000. */
  paymentLatencyMs: number;
  /** How often pending payments are reconciled with the provider (PAYMENT_RECONCILE_INTERVAL_MS, default 60000; 0 = on start only). */
  paymentReconcileIntervalMs: number;
  /** How old a pending payment must be before the reconciler takes it (PAYMENT_RECONCILE_GRACE_MS, default 30000). */
  paymentReconcileGraceMs: number;
  /** Sim seconds per real second of the match engine (MATCH_CLOCK_SPEED, default 1: real time). */
  matchClockSpeed: number;
  /** In-play bet delay per sport (IN_PLAY_DELAY_MS: "5000" or "soccer=5000,tennis=3000"). */
  inPlayDelays: Record<SportCode, number>;
  /** How long a score change suspends an event's markets (SCORE_SUSPEND_MS, default 5000). */
  scoreSuspendMs: number;
  /** How long a race stays suspended after a non-runner re-forms it (RACE_REFORM_SUSPEND_MS, default 10000). */
  reformSuspendMs: number;
  /** How often decided markets are settled (RESULTS_INTERVAL_MS, default 2000; 0 = off). */
  resultsIntervalMs: number;
  /**
   * The secret person keys are hashed with (PERSON_KEY_SECRET, 32+ characters). Required with demo
   * mode off; with demo mode on and none set, one generated once is kept in the database.
   */
  personKeySecret?: string;
  /** How often the ledger reconciliation runs (LEDGER_RECONCILE_INTERVAL_MS, default 300000; 0 = on start only). */
  ledgerReconcileIntervalMs: number;
  /** The longest wait a queued write (bet, cash-out, entry, deposit, withdrawal) may be given before 503 (ADMISSION_BUDGET_MS, default 150; 0 = no admission control). */
  admissionBudgetMs: number;
  /** The thread's busy share in percent above which arriving queued writes are refused (ADMISSION_MAX_BUSY_PERCENT, default 90; 100 = never on that signal). */
  admissionMaxBusyPercent: number;
}

/** A whole number of at least `min` from the environment, the default when unset; a bad value fails the start. */
function numberSetting(env: Record<string, string | undefined>, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number of at least ${min} (got "${raw}")`);
  return n;
}

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v);

export function configFromEnv(env: Record<string, string | undefined>, distDir: string): Config {
  const databaseUrl = env.DATABASE_URL || "file:data/sportsbook.db";
  const embedded = databaseKind(databaseUrl) !== "remote";
  return {
    port: Number(env.PORT || 3000),
    databaseUrl,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN,
    databaseSyncUrl: env.DATABASE_SYNC_URL || undefined,
    // Demo mode is on by default for the embedded database, off for a remote one unless asked for.
    demoMode: env.DEMO_MODE === undefined || env.DEMO_MODE === "" ? embedded : truthy(env.DEMO_MODE),
    feedIntervalMs: Number(env.FEED_INTERVAL_MS || 3000),
    fantasyIntervalMs: env.FANTASY_INTERVAL_MS ? Math.max(0, Number(env.FANTASY_INTERVAL_MS) || 0) : 5000,
    fraudScanIntervalMs: env.FRAUD_SCAN_INTERVAL_MS === undefined || env.FRAUD_SCAN_INTERVAL_MS === "" ? 60_000 : Number(env.FRAUD_SCAN_INTERVAL_MS),
    distDir,
    logRequests: env.LOG_REQUESTS === undefined ? true : truthy(env.LOG_REQUESTS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicOrigin: parsePublicOrigin(env.PUBLIC_ORIGIN),
    liveOddsCacheMs: Number(env.LIVE_ODDS_CACHE_MS ?? 500),
    rateLimits: rateLimitsFromEnv(env.RATE_LIMITS),
    paymentLatencyMs: env.PAYMENT_LATENCY_MS === undefined || env.PAYMENT_LATENCY_MS === "" ? 3000 : Math.max(0, Number(env.PAYMENT_LATENCY_MS) || 0),
    matchClockSpeed: numberSetting(env, "MATCH_CLOCK_SPEED", 1, 0.01),
    inPlayDelays: inPlayDelaysFromEnv(env.IN_PLAY_DELAY_MS),
    scoreSuspendMs: numberSetting(env, "SCORE_SUSPEND_MS", DEFAULT_SCORE_SUSPEND_MS),
    reformSuspendMs: numberSetting(env, "RACE_REFORM_SUSPEND_MS", DEFAULT_REFORM_SUSPEND_MS),
    resultsIntervalMs: numberSetting(env, "RESULTS_INTERVAL_MS", 2000),
    personKeySecret: env.PERSON_KEY_SECRET || undefined,
    ledgerReconcileIntervalMs: numberSetting(env, "LEDGER_RECONCILE_INTERVAL_MS", DEFAULT_LEDGER_RECONCILE_INTERVAL_MS),
    admissionBudgetMs: numberSetting(env, "ADMISSION_BUDGET_MS", DEFAULT_ADMISSION_BUDGET_MS),
    admissionMaxBusyPercent: Math.min(100, numberSetting(env, "ADMISSION_MAX_BUSY_PERCENT", 90, 1)),
    paymentReconcileIntervalMs: env.PAYMENT_RECONCILE_INTERVAL_MS === undefined || env.PAYMENT_RECONCILE_INTERVAL_MS === ""
      ? 60_000 : Math.max(0, Number(env.PAYMENT_RECONCILE_INTERVAL_MS) || 0),
    paymentReconcileGraceMs: env.PAYMENT_RECONCILE_GRACE_MS === undefined || env.PAYMENT_RECONCILE_GRACE_MS === ""
      ? 30_000 : Math.max(0, Number(env.PAYMENT_RECONCILE_GRACE_MS) || 0),
  };
}

function inPlayDelaysFromEnv(text: string | undefined): Record<SportCode, number> {
  const delays = parseInPlayDelays(text);
  if (!delays) throw new Error(`IN_PLAY_DELAY_MS must be a number of ms or a list like "soccer=5000,tennis=3000" (got "${text}")`);
  return delays;
}

export async function bootstrap(config: Config) {
  // A real deployment keys person hashes with a secret kept apart from the data, so a copy of the
  // database alone cannot test names and dates of birth against them (adapters/libsql/person-keys.ts).
  if (!config.demoMode && !config.personKeySecret)
    throw new Error(`PERSON_KEY_SECRET must be set (${PERSON_KEY_SECRET_MIN_LENGTH}+ random characters) when DEMO_MODE is off`);
  const database = await openDatabase({
    url: config.databaseUrl,
    authToken: config.databaseAuthToken,
    syncUrl: config.databaseSyncUrl,
    backgroundCheckpoints: true,
  });
  if (await isEmpty(database)) {
    const started = performance.now();
    await seedDemoData(database, randomIds);
    console.log(`Loaded demo data in ${Math.round(performance.now() - started)} ms`);
  }
  // Person keys made with another secret or an older scheme are recomputed before anyone registers.
  const rekeyed = await rekeyPersonKeys(database.client, new PersonKeyHasher(database.client, config.personKeySecret));
  if (rekeyed > 0) console.log(JSON.stringify({ level: "info", job: "person-keys", message: `recomputed the person keys of ${rekeyed} account(s)` }));
  // Several instances may share the database: the feed runs in whichever holds its lease.
  const instanceId = `${randomIds.next("proc")}`;
  const feed = config.demoMode
    ? new DemoFeed(database.client, {
        intervalMs: config.feedIntervalMs,
        clockSpeed: config.matchClockSpeed,
        scoreSuspendMs: config.scoreSuspendMs,
        leadership: new DatabaseLease(database.client, { name: "demo-feed", holder: instanceId, ttlMs: config.feedIntervalMs * 3 }),
      })
    : null;
  feed?.start();
  // The simulated provider keeps its own records in the database (a stand-in for the provider's).
  const ports = libsqlPorts(database, {
    paymentProvider: new SimulatedPaymentProvider({ latencyMs: config.paymentLatencyMs, memory: new LibsqlProviderMemory(database.client) }),
    inPlay: timerInPlayDelay(config.inPlayDelays, config.scoreSuspendMs, config.reformSuspendMs),
    personKeySecret: config.personKeySecret,
  });
  // Payments left pending by a stopped process are settled with the provider before we serve, then periodically.
  const payments = new PaymentReconciler(
    { ports, clock: systemClock, ids: randomIds },
    {
      intervalMs: config.paymentReconcileIntervalMs,
      graceMs: config.paymentReconcileGraceMs,
      log: config.logRequests ? undefined : () => {},
      leadership: new DatabaseLease(database.client, {
        name: PAYMENT_RECONCILER_LEASE, holder: instanceId, ttlMs: Math.max(config.paymentReconcileIntervalMs * 3, 30_000),
      }),
    },
  );
  await payments.start();
  // The ledger is checked after the fact too: unbalanced or open transactions and balances that
  // differ from their postings raise an alarm (logged whatever LOG_REQUESTS says).
  const ledgerCheckMs = config.ledgerReconcileIntervalMs;
  const ledger = new LedgerReconciler(
    { ports, clock: systemClock, ids: randomIds },
    {
      intervalMs: ledgerCheckMs,
      leadership: new DatabaseLease(database.client, { name: LEDGER_RECONCILER_LEASE, holder: instanceId, ttlMs: Math.max(ledgerCheckMs * 3, 60_000) }),
    },
  );
  ledger.start();
  // Contests lock, score and settle whether or not demo mode is on; the stats feed is the simulator.
  // Like the feed, only the instance holding the runner's own lease does the work.
  const fantasy = new FantasyRunner(
    { ports, clock: systemClock, ids: randomIds, feed: new DemoFantasyStatsFeed() },
    {
      intervalMs: config.fantasyIntervalMs,
      log: config.logRequests ? undefined : () => {},
      leadership: new DatabaseLease(database.client, { name: FANTASY_RUNNER_LEASE, holder: instanceId, ttlMs: config.fantasyIntervalMs * 3 }),
    },
  );
  fantasy.start();
  // Fraud scans and bulk operations run in this process, beside the feed (api/jobs/scheduler.ts).
  const jobs = new BackgroundJobs(
    { ports: ports, clock: systemClock, ids: randomIds },
    {
      fraudScanIntervalMs: config.fraudScanIntervalMs,
      // The scan reads on its own thread; on an embedded file its writes join this process's group commit.
      fraudScanner: fraudScanThread(config, database.groupCommit ? fraudWriter(database) : undefined) ?? undefined,
      resultsIntervalMs: config.resultsIntervalMs,
      resultsLeadership: new DatabaseLease(database.client, { name: "results", holder: instanceId, ttlMs: Math.max(config.resultsIntervalMs * 3, 6000) }),
      fraudLeadership: config.fraudScanIntervalMs > 0
        ? new DatabaseLease(database.client, { name: "fraud-scan", holder: instanceId, ttlMs: config.fraudScanIntervalMs * 3 })
        : undefined,
    },
  );
  await jobs.start();
  const app = createApp({
    ports,
    clock: systemClock,
    ids: randomIds,
    database: { client: database.client, kind: database.kind },
    demoMode: config.demoMode,
    feed: feed ?? undefined,
    fantasyRunner: fantasy,
    assets: diskAssets(config.distDir),
    // Both entries serve through @hono/node-server: the live-odds stream goes straight to each connection.
    eventStreams: nodeEventStreams(),
    version: "0.1.0",
    startedAt: new Date(),
    logRequests: config.logRequests,
    trustProxy: config.trustProxy,
    publicOrigin: config.publicOrigin,
    liveOddsCacheMs: config.liveOddsCacheMs,
    rateLimits: config.rateLimits,
    admission: config.admissionBudgetMs > 0 ? { budgetMs: config.admissionBudgetMs, maxBusy: config.admissionMaxBusyPercent / 100 } : false,
    rateCounter: new LibsqlRateCounter(database.client, database.groupCommit),
    jobs,
    sessionTokens,
  });
  return {
    app,
    /** The fantasy runner (its status and passes are in /api/health; tests wait on its `idle()`). */
    fantasyRunner: fantasy,
    /** Stop the background work; the fantasy runner hands its lease over before the database closes. */
    async close() {
      feed?.stop();
      jobs.stop();
      payments.stop();
      ledger.stop();
      await fantasy.stop();
      await database.checkpoints?.stop();
      database.close();
    },
  };
}
