/**
 * Where and when fraud scans run: the scheduler's own interval, the scan thread for a file database
 * (its answers, its retirement when idle, a refused write, shutdown), the admin's scan on that
 * thread, the lease that lets one instance scan, the fallback in process, chunked records, and the
 * interval from the environment. Scans are waited on by counting those finished, never by time.
 */
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { asTests, countingScanner, fraudBook, keepThread } from "../fixtures/fraud.ts";
import { BackgroundJobs } from "../../api/jobs/scheduler.ts";
import { fraudScanThread } from "../../adapters/libsql/perf/index.ts";
import { FraudScanThreadUnavailable } from "../../domain/ports/fraud-scanner.ts";
import { fraudWriter, LibsqlFraudRecords } from "../../adapters/libsql/fraud.ts";
import { RECORD_CHUNK } from "../../adapters/libsql/fraud/scan-io.ts";
import { DatabaseLease } from "../../adapters/libsql/lease.ts";
import { configFromEnv } from "../../api/bootstrap.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import type { SystemCtx } from "../../domain/shared/context.ts";

const { book, alerts, fiveSlips } = fraudBook();
let t: TestApp;
beforeAll(() => void ({ t } = book));

describe("the scheduler (api/jobs)", () => {
  it("scans on its own every FRAUD_SCAN_INTERVAL_MS", async () => {
    t.clock.set(null as unknown as Date); // real time
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    await fiveSlips(customer, pool);
    const deps: SystemCtx = { ports: libsqlPorts(t.database), clock: t.clock, ids: randomIds };
    const scanner = countingScanner(deps);
    const jobs = new BackgroundJobs(deps, { fraudScanIntervalMs: 20, bulkPollMs: 60_000, fraudScanner: scanner, log: () => {} });
    await jobs.start();
    try {
      // The first scan runs at start; once it has finished the alert is there.
      await scanner.finished(1);
      const mine = async () => (await alerts("?timeWindow=1h")).filter((a) => a.user.id === id);
      expect(await mine()).toEqual([expect.objectContaining({ alertType: "rapid_betting" })]);
      // Three more scans on the interval, however long each takes: still the one alert.
      const after = scanner.done;
      await scanner.finished(after + 3);
      expect(await mine()).toEqual([expect.objectContaining({ alertType: "rapid_betting" })]);
    } finally {
      jobs.stop();
      await jobs.idle();
    }
  });

  it("scans on a thread of its own for a file database, with the same result as in process", async () => {
    t.clock.set(null as unknown as Date); // real time, as the thread's clock
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    await fiveSlips(customer, pool);
    // Its writes come back to this thread's writer (the group commit, as the server passes it).
    const writer = fraudWriter(t.database);
    let written = 0;
    // The thread is not retired here however slow the machine (the test below retires it).
    const scan = fraudScanThread({ databaseUrl: t.url }, (statements) => {
      written += statements.length;
      return writer(statements);
    }, keepThread)!;
    expect(scan).toBeTypeOf("function");
    onTestFinished(() => scan.close());
    const summary = await scan();
    expect(summary.scannedAt).toBeInstanceOf(Date);
    expect(summary.alertsRaised).toBeGreaterThanOrEqual(1);
    expect(summary.monitoringRecords).toBeGreaterThanOrEqual(5);
    expect(written).toBeGreaterThanOrEqual(2); // the alerts, then at least one write of scores
    expect((await alerts("?timeWindow=1h")).filter((a) => a.user.id === id)).toEqual([expect.objectContaining({ alertType: "rapid_betting" })]);
    // Again: nothing new (alerts are keyed), and the scores already exist.
    const again = await scan();
    expect(again.alertsRaised).toBe(0);
    expect(again.monitoringRecords).toBe(0);
    // Both scans ran on one thread, started with the first (a thread per scan was a start-up per scan).
    expect(scan.threadsStarted).toBe(1);
    // Scans asked for at once run one after the other, each to its own answer.
    await placeOk(customer, [selectionOf(pool.next())], 150);
    const [x, y] = await Promise.all([scan(), scan()]);
    expect([x.monitoringRecords, y.monitoringRecords]).toEqual([1, 0]);
    // Closed, it takes no more scans.
    await scan.close();
    await expect(scan()).rejects.toBeInstanceOf(FraudScanThreadUnavailable);
    expect(scan.threadsStarted).toBe(1);
    // A write refused in the serving process fails the scan with its error; the thread carries on.
    let refuse = true;
    const refusing = fraudScanThread({ databaseUrl: t.url }, async (statements) => {
      if (refuse) throw new Error("disk full");
      return writer(statements);
    }, keepThread)!;
    onTestFinished(() => refusing.close());
    await placeOk(customer, [selectionOf(pool.next())], 150);
    await expect(refusing()).rejects.toThrow(/disk full/);
    refuse = false;
    expect((await refusing()).monitoringRecords).toBe(1);
    expect(refusing.threadsStarted).toBe(1);
    // A scan the thread does not finish (closed here, as on shutdown; or the thread died) fails as
    // unavailable instead of waiting for ever. It has a write to send, which nobody answers any more.
    await placeOk(customer, [selectionOf(pool.next())], 150);
    const inFlight = refusing();
    await refusing.close();
    await expect(inFlight).rejects.toBeInstanceOf(FraudScanThreadUnavailable);
    // Where another connection cannot open the database, scans stay in process.
    expect(fraudScanThread({ databaseUrl: ":memory:" })).toBeNull();
    expect(fraudScanThread({ databaseUrl: t.url, databaseSyncUrl: "libsql://primary.example" })).toBeNull();
  });

  it("ends the scan thread once idle (its memory back) and starts a fresh one for the next scan", async () => {
    t.clock.set(null as unknown as Date); // real time, as the thread's clock
    const customer = await demoLogin(t, "customer");
    const pool = await upcomingPool(customer);
    const writer = fraudWriter(t.database);
    // The idle timer is ours to fire; each arming and each end of a thread is a promise to wait on.
    const armed: { retire: () => void; ms: number; cancelled: boolean }[] = [];
    const exits: number[] = [];
    let exited = () => {};
    let armedNow = () => {};
    const nextArm = () => new Promise<void>((resolve) => (armedNow = resolve));
    const scan = fraudScanThread({ databaseUrl: t.url }, writer, {
      ...asTests,
      idleMs: 12_345,
      idleTimer: (retire, ms) => {
        const timer = { retire, ms, cancelled: false };
        armed.push(timer);
        armedNow();
        return () => void (timer.cancelled = true);
      },
      onExit: (code) => {
        exits.push(code);
        exited();
      },
    })!;
    onTestFinished(() => scan.close());
    const nextExit = () => new Promise<void>((resolve) => (exited = resolve));
    // At least our bet (an earlier test may leave one unscored).
    await placeOk(customer, [selectionOf(pool.next())], 150);
    const firstArm = nextArm();
    expect((await scan()).monitoringRecords).toBeGreaterThanOrEqual(1);
    // Idle after its answer: the retirement is armed with the configured wait, nothing has ended yet.
    await firstArm;
    expect(armed).toHaveLength(1);
    expect(armed[0]!.ms).toBe(12_345);
    expect([scan.threadsStarted, exits]).toEqual([1, []]);
    // A scan asked for before it fires cancels it and runs on the same thread.
    await placeOk(customer, [selectionOf(pool.next())], 150);
    const secondArm = nextArm();
    expect((await scan()).monitoringRecords).toBe(1);
    expect(armed[0]!.cancelled).toBe(true);
    expect(scan.threadsStarted).toBe(1);
    // Idle again; the timer fires: the thread ends.
    await secondArm;
    expect(armed).toHaveLength(2);
    const ended = nextExit();
    armed[1]!.retire();
    await ended;
    expect(exits).toHaveLength(1);
    // The next scan starts a fresh thread and does the work the idle one would have.
    await placeOk(customer, [selectionOf(pool.next())], 150);
    expect((await scan()).monitoringRecords).toBe(1);
    expect(scan.threadsStarted).toBe(2);
    // A stale timer (cancelled, or of a thread already ended) ends nothing.
    armed[0]!.retire();
    armed[1]!.retire();
    expect((await scan()).monitoringRecords).toBe(0);
    expect([scan.threadsStarted, exits.length]).toEqual([2, 1]);
  });

  it("with the default timer a thread idle for idleMs ends by itself", async () => {
    t.clock.set(null as unknown as Date);
    let exited = () => {};
    const ended = new Promise<void>((resolve) => (exited = resolve));
    const scan = fraudScanThread({ databaseUrl: t.url }, fraudWriter(t.database), { ...asTests, idleMs: 0, onExit: () => exited() })!;
    onTestFinished(() => scan.close());
    await scan();
    await ended;
    await scan();
    expect(scan.threadsStarted).toBe(2);
  });

  it("POST /api/admin/fraud/scan runs where the scheduled scans run (the scan thread), one scan at a time", async () => {
    let written = 0;
    const own = await makeTestApp({
      jobs: true,
      fraudScanner: (database, url) => {
        const writer = fraudWriter(database);
        return fraudScanThread({ databaseUrl: url }, (statements) => {
          written += statements.length;
          return writer(statements);
        }, asTests)!;
      },
    });
    try {
      const ownAdmin = await demoLogin(own, "admin");
      // Two requests at once share one scan: the second joins the first.
      const [a, b] = await Promise.all([ownAdmin.post("/api/admin/fraud/scan"), ownAdmin.post("/api/admin/fraud/scan")]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const [ra, rb] = [await a.json(), await b.json()];
      expect(rb).toEqual(ra);
      expect(ra.profilesUpdated).toBeGreaterThan(0);
      // Its writes came back from the thread to this process's writer.
      expect(written).toBeGreaterThan(0);
      // A customer still may not.
      expect((await (await demoLogin(own, "customer")).post("/api/admin/fraud/scan")).status).toBe(403);
    } finally {
      own.close();
    }
  });

  it("with a lease, only the instance holding it runs the scheduled scans", async () => {
    // Scans and lease answers counted per instance, each count a promise to wait on.
    const counts = { a: { scans: 0, refused: 0 }, b: { scans: 0, refused: 0 } };
    const waiting: { ok: () => boolean; resolve: () => void }[] = [];
    const changed = () => waiting.filter((w) => w.ok()).forEach((w) => w.resolve());
    const until = (ok: () => boolean) => new Promise<void>((resolve) => (ok() ? resolve() : waiting.push({ ok, resolve })));
    const jobsFor = (holder: "a" | "b") => {
      const lease = new DatabaseLease(t.database.client, { name: "fraud-scan-test", holder, ttlMs: 60_000 });
      return new BackgroundJobs(
        { ports: libsqlPorts(t.database), clock: t.clock, ids: randomIds },
        {
          fraudScanIntervalMs: 20,
          bulkPollMs: 60_000,
          fraudLeadership: {
            tryAcquire: async () => {
              const held = await lease.tryAcquire();
              if (!held) counts[holder].refused++;
              changed();
              return held;
            },
          },
          fraudScanner: async () => {
            counts[holder].scans++;
            changed();
            return { scannedAt: new Date(), alertsRaised: 0, monitoringRecords: 0, profilesUpdated: 0 };
          },
          log: () => {},
        },
      );
    };
    const a = jobsFor("a");
    await a.start();
    // a has scanned, so it holds the lease, before b starts (not "20 ms later").
    await until(() => counts.a.scans >= 1);
    const b = jobsFor("b");
    await b.start();
    // While a holds it, a keeps scanning and b, asking on every tick of its own, is refused each time.
    await until(() => counts.b.refused >= 3 && counts.a.scans >= 4);
    a.stop();
    b.stop();
    await Promise.all([a.idle(), b.idle()]);
    expect(counts.b.scans).toBe(0);
  });

  it("scans in process, with a warning, when the scan thread cannot run", async () => {
    t.clock.set(null as unknown as Date);
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    await fiveSlips(customer, pool);
    const lines: Record<string, unknown>[] = [];
    const jobs = new BackgroundJobs(
      { ports: libsqlPorts(t.database), clock: t.clock, ids: randomIds },
      {
        fraudScanIntervalMs: 0,
        fraudScanner: async () => {
          throw new FraudScanThreadUnavailable("no threads here");
        },
        log: (l) => lines.push(l),
      },
    );
    await jobs.scanFraud();
    expect((await alerts("?timeWindow=1h")).filter((a) => a.user.id === id)).toEqual([expect.objectContaining({ alertType: "rapid_betting" })]);
    expect(lines).toContainEqual(expect.objectContaining({ level: "warn", job: "fraud-scan", error: "no threads here" }));
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
  });

  it("records a large scan in chunks, each score once however many chunks", async () => {
    const records = new LibsqlFraudRecords(t.database);
    const customer = await demoLogin(t, "customer");
    const userId = await currentUserId(customer);
    const n = RECORD_CHUNK * 2 + 7;
    const at = new Date();
    const monitoring = Array.from({ length: n }, (_, i) => ({
      id: `mon-chunk-${i}`,
      userId,
      monitoringType: "bet_stake" as const,
      reference: `bet-chunk-${i}`,
      amount: 100 + i,
      riskScore: i % 100,
      reasons: [],
      createdAt: at,
    }));
    const first = await records.record({ alerts: [], monitoring, profiles: [], at });
    expect(first.monitoringRecords).toBe(n);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM transaction_monitoring WHERE reference LIKE 'bet-chunk-%'")).toBe(n);
    const later = new Date(at.getTime() + 60_000);
    const second = await records.record({ alerts: [], monitoring: monitoring.map((m) => ({ ...m, riskScore: 1 })), profiles: [], at: later });
    expect(second.monitoringRecords).toBe(0);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM transaction_monitoring WHERE reference LIKE 'bet-chunk-%' AND risk_score = 1")).toBe(n);
    // A score that did not change is not written again: it keeps the time it was set.
    const unchanged = monitoring.filter((m) => m.riskScore === 1).length;
    expect(unchanged).toBeGreaterThan(0);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM transaction_monitoring WHERE reference LIKE 'bet-chunk-%' AND scored_at = ?", [at.getTime()])).toBe(unchanged);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM transaction_monitoring WHERE reference LIKE 'bet-chunk-%' AND scored_at = ?", [later.getTime()])).toBe(n - unchanged);
  });

  it("reads the interval from the environment (default 60 s, 0 = only on demand)", () => {
    expect(configFromEnv({}, "/d").fraudScanIntervalMs).toBe(60_000);
    expect(configFromEnv({ FRAUD_SCAN_INTERVAL_MS: "5000" }, "/d").fraudScanIntervalMs).toBe(5_000);
    expect(configFromEnv({ FRAUD_SCAN_INTERVAL_MS: "0" }, "/d").fraudScanIntervalMs).toBe(0);
  });
});
