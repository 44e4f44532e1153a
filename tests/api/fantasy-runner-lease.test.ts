/**
 * The fantasy runner behind its own database lease, like the demo feed: of several instances on
 * one database only the lease holder runs the contest lifecycle; the others stand by, take over
 * when the holder stops renewing (crash) or at once when it releases the lease (stop), and the
 * health check says which instance leads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp, testAppDeps } from "../fixtures/test-app.ts";
import { createContestOk, HOUR, MIN, secondConnection } from "../fixtures/fantasy.ts";
import { libsqlPorts, openDatabase, type Database } from "../../adapters/libsql/index.ts";
import { DatabaseLease } from "../../adapters/libsql/lease.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { DemoFantasyStatsFeed } from "../../adapters/feed/fantasy-stats-feed.ts";
import { FANTASY_RUNNER_LEASE, FantasyRunner } from "../../api/jobs/fantasy-runner.ts";
import { bootstrap, configFromEnv } from "../../api/bootstrap.ts";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../api/app.ts";

let t: TestApp;
let other: Database;
let leaseNow = Date.parse("2026-11-21T12:00:00Z");
const TTL = 15_000;
beforeAll(async () => {
  t = await makeTestApp();
  other = await secondConnection(t); // a second instance's own connection
});
afterAll(() => {
  other.close();
  t.close();
});

/** An instance's runner: its own connection, its own holder id, the shared lease name. */
const runnerOn = (database: Database, holder: string) =>
  new FantasyRunner(
    { ports: libsqlPorts(database), clock: t.clock, ids: randomIds, feed: new DemoFantasyStatsFeed(1) },
    {
      intervalMs: 0,
      log: () => {},
      leadership: new DatabaseLease(database.client, { name: FANTASY_RUNNER_LEASE, holder, ttlMs: TTL, now: () => leaseNow }),
    },
  );

const healthOf = async (runner: FantasyRunner) => {
  const app = createApp({
    ...testAppDeps(t.database, t.clock),
    ids: randomIds,
    database: { client: t.database.client, kind: t.database.kind },
    demoMode: true,
    fantasyRunner: runner,
  });
  const res = await app.request("/api/health");
  expect(res.status).toBe(200);
  return (await res.json()).fantasyRunner;
};

describe("the fantasy runner behind its lease", () => {
  it("only the lease holder runs the lifecycle; the other stands by, takes over on expiry or release", async () => {
    const admin = await demoLogin(t, "admin");
    const start = new Date(Date.now() + 2 * HOUR);
    // No entries: at its start the runner cancels it (one observable piece of work).
    const c = await createContestOk(admin, { sportId: "fsp_nfl", name: "Lease test", entryFee: 500, maxEntries: 10, startTime: start.toISOString() });
    t.clock.set(new Date(start.getTime() + MIN));

    const a = runnerOn(t.database, "instance-a");
    const b = runnerOn(other, "instance-b");
    const first = await a.pass();
    expect(first?.cancelled).toContain(c.id);
    expect(await b.pass()).toBeNull();
    expect([a.status().leader, b.status().leader]).toEqual([true, false]);
    expect(b.status().lastPassAt).toBeNull();
    expect(await healthOf(a)).toEqual({ running: false, lastPassAt: new Date(start.getTime() + MIN).toISOString(), leader: true });
    expect(await healthOf(b)).toEqual({ running: false, lastPassAt: null, leader: false });

    // a renews while it runs ...
    leaseNow += TTL - 1;
    expect(await a.pass()).not.toBeNull();
    expect(await b.pass()).toBeNull();
    // ... and when it stops renewing (crashed), b takes over once the lease lapses.
    leaseNow += TTL;
    expect(await b.pass()).not.toBeNull();
    expect(await a.pass()).toBeNull();
    expect([a.status().leader, b.status().leader]).toEqual([false, true]);

    // Stopping releases the lease: a takes over at once, without waiting for the expiry.
    await b.stop();
    expect(b.status().leader).toBe(false);
    expect(await a.pass()).not.toBeNull();
    expect(a.status().leader).toBe(true);
    await a.stop();
    t.clock.set(null as unknown as Date);
  });

  it("without a lease (one instance) the runner always leads", async () => {
    const solo = new FantasyRunner(
      { ports: libsqlPorts(t.database), clock: t.clock, ids: randomIds, feed: new DemoFantasyStatsFeed(1) },
      { intervalMs: 0, log: () => {} },
    );
    expect(solo.status().leader).toBe(true);
    expect(await solo.pass()).not.toBeNull();
  });

  it("bootstrap wires it: of two servers on one database file, one runs the contests; closing it hands the lease over", async () => {
    const dir = mkdtempSync(join(tmpdir(), "runner-lease-"));
    const config = configFromEnv(
      { DATABASE_URL: `file:${join(dir, "s.db")}`, FANTASY_INTERVAL_MS: "60000", FEED_INTERVAL_MS: "60000", FRAUD_SCAN_INTERVAL_MS: "0", LOG_REQUESTS: "0" },
      join(dir, "dist"),
    );
    const health = async (server: { app: { request(path: string): Response | Promise<Response> } }) =>
      (await (await server.app.request("/api/health")).json()).fantasyRunner as { running: boolean; lastPassAt: string | null; leader: boolean };
    const check = await openDatabase({ url: `file:${join(dir, "s.db")}` });
    const held = async () =>
      Number((await check.client.execute({ sql: "SELECT COUNT(*) AS n FROM leases WHERE name = ?", args: [FANTASY_RUNNER_LEASE] })).rows[0].n);
    const first = await bootstrap(config);
    let second: Awaited<ReturnType<typeof bootstrap>> | null = null;
    try {
      // Each server runs a first pass on start: the first one takes the lease and runs it.
      // Waited for (its pass done), not polled for a while: a slow start cannot run out a count of tries.
      await first.fantasyRunner.idle();
      expect(await health(first)).toMatchObject({ running: true, leader: true, lastPassAt: expect.any(String) });
      second = await bootstrap(config);
      // The second's first pass (started with it) has run to the lease and found it held: it stands
      // by, having run nothing. Waited for, not slept on, so a slow start cannot make this pass empty.
      await second.fantasyRunner.idle();
      expect(await health(second)).toEqual({ running: true, lastPassAt: null, leader: false });
      // And a pass asked for now is refused the same way.
      expect(await second.fantasyRunner.pass()).toBeNull();
      expect(await health(second)).toEqual({ running: true, lastPassAt: null, leader: false });
      expect(await held()).toBe(1);
    } finally {
      await first.close();
      await second?.close();
    }
    // The first released its lease on close (so a standby takes over at once): nobody holds it now.
    expect(await held()).toBe(0);
    check.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("health reports no runner as not running and not leading", async () => {
    const res = await t.app.request("/api/health");
    expect((await res.json()).fantasyRunner).toEqual({ running: false, lastPassAt: null, leader: false });
  });
});
