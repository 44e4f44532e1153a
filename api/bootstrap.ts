/**
 * Wiring shared by the Node and Deno entries: configuration from the environment, the database
 * (migrated, and seeded when empty), the demo feed, and the app.
 */
import { createApp } from "./app.ts";
import { openDatabase, libsqlPorts } from "../adapters/libsql/index.ts";
import { isEmpty, seedDemoData } from "../adapters/libsql/seed.ts";
import { DemoFeed } from "../adapters/feed/demo-feed.ts";
import { randomIds, systemClock } from "../adapters/system/clock.ts";
import { diskAssets } from "../adapters/system/static-files.ts";
import { databaseKind } from "../adapters/libsql/database.ts";
import { BackgroundJobs } from "./jobs/scheduler.ts";
import { ScryptPasswordHasher } from "../adapters/system/password.ts";
import { backOfficePorts } from "../domain/users/back-office-ctx.ts";

export interface Config {
  port: number;
  databaseUrl: string;
  databaseAuthToken?: string;
  demoMode: boolean;
  feedIntervalMs: number;
  /** How often the fraud rules engine scans (FRAUD_SCAN_INTERVAL_MS, default 60000; 0 = only on demand). */
  fraudScanIntervalMs: number;
  distDir: string;
  logRequests: boolean;
  trustProxy: boolean;
}

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v);

export function configFromEnv(env: Record<string, string | undefined>, distDir: string): Config {
  const databaseUrl = env.DATABASE_URL || "file:data/sportsbook.db";
  const embedded = databaseKind(databaseUrl) !== "remote";
  return {
    port: Number(env.PORT || 3000),
    databaseUrl,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN,
    // Demo mode is on by default for the embedded database, off for a remote one unless asked for.
    demoMode: env.DEMO_MODE === undefined || env.DEMO_MODE === "" ? embedded : truthy(env.DEMO_MODE),
    feedIntervalMs: Number(env.FEED_INTERVAL_MS || 3000),
    fraudScanIntervalMs: env.FRAUD_SCAN_INTERVAL_MS === undefined || env.FRAUD_SCAN_INTERVAL_MS === "" ? 60_000 : Number(env.FRAUD_SCAN_INTERVAL_MS),
    distDir,
    logRequests: env.LOG_REQUESTS === undefined ? true : truthy(env.LOG_REQUESTS),
    trustProxy: truthy(env.TRUST_PROXY),
  };
}

export async function bootstrap(config: Config) {
  const database = await openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
  if (await isEmpty(database)) {
    const started = performance.now();
    await seedDemoData(database, randomIds);
    console.log(`Loaded demo data in ${Math.round(performance.now() - started)} ms`);
  }
  const feed = config.demoMode ? new DemoFeed(database.client, { intervalMs: config.feedIntervalMs }) : null;
  feed?.start();
  const ports = libsqlPorts(database);
  // Fraud scans and bulk operations run in this process, beside the feed (api/jobs/scheduler.ts).
  const jobs = new BackgroundJobs(
    { ports: backOfficePorts(ports), clock: systemClock, ids: randomIds },
    { fraudScanIntervalMs: config.fraudScanIntervalMs },
  );
  await jobs.start();
  const app = createApp({
    ports,
    clock: systemClock,
    ids: randomIds,
    database: { client: database.client, kind: database.kind },
    demoMode: config.demoMode,
    feed: feed ?? undefined,
    assets: diskAssets(config.distDir),
    version: "0.1.0",
    startedAt: new Date(),
    logRequests: config.logRequests,
    trustProxy: config.trustProxy,
    jobs,
    passwordHasher: new ScryptPasswordHasher(),
  });
  return {
    app,
    close() {
      feed?.stop();
      jobs.stop();
      database.close();
    },
  };
}
