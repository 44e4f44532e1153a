/**
 * The whole app in one process over an opened database (app.request, no sockets), as the in-process
 * benchmarks drive it, and a demo sign-in's session cookie.
 */
import { createApp } from "../../api/app.ts";
import { libsqlPorts, type Database } from "../../adapters/libsql/index.ts";
import { randomIds, systemClock } from "../../adapters/system/clock.ts";
import { ScryptPasswordHasher } from "../../adapters/system/password.ts";
import { sessionTokens } from "../../adapters/system/session-token.ts";
import { LibsqlRateCounter } from "../../adapters/libsql/rate-counter.ts";
import { nodeEventStreams } from "../../adapters/system/node-event-streams.ts";
import { diskAssets } from "../../adapters/system/static-files.ts";
import { BackgroundJobs } from "../../api/jobs/scheduler.ts";
import { join } from "node:path";

export function inProcessApp(database: Database, passwords = new ScryptPasswordHasher()) {
  const ports = libsqlPorts(database, { passwords });
  // Background work is not what these benchmarks time: the jobs are never started.
  const jobs = new BackgroundJobs({ ports, clock: systemClock, ids: randomIds }, { fraudScanIntervalMs: 0, log: () => {} });
  jobs.stop();
  return createApp({
    sessionTokens,
    rateCounter: new LibsqlRateCounter(database.client, database.groupCommit),
    eventStreams: nodeEventStreams(),
    // The API alone: no built site is served.
    assets: diskAssets(join(import.meta.dirname, "no-site")),
    jobs,
    ports,
    clock: systemClock,
    ids: randomIds,
    database: { client: database.client, kind: database.kind },
    demoMode: true,
  });
}

export type InProcessApp = ReturnType<typeof inProcessApp>;

/** Signs in a fresh demo account of `role`; its session cookie (`name=value`). */
export async function demoCookie(app: InProcessApp, role: "customer" | "admin"): Promise<string> {
  const res = await app.request("/api/demo/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role }),
  });
  return res.headers.getSetCookie()[0].split(";")[0];
}

/** Every outcome of the first market of each upcoming event, as a bet slip selection at its price. */
export async function upcomingSelections(app: InProcessApp) {
  type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };
  const events = (await (await app.request("/api/events?status=upcoming&limit=200")).json()) as Ev[];
  return events.flatMap((e) => e.markets[0].outcomes.map((o) => ({ eventId: e.id, marketId: e.markets[0].id, outcomeId: o.id, odds: o.odds })));
}
