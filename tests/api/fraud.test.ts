/**
 * Fraud monitoring: the alerts the rules engine raised from the seeded activity, new alerts from
 * real bets placed through the API, idempotent scans, resolve (audited, once), transaction
 * monitoring, bonus abuse, user risk profiles, and who may call each route.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectError, expectInvalidFields, expectUnknownKey, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { callers, expectAdminOnly, type Callers } from "../fixtures/roles.ts";
import { BackgroundJobs } from "../../api/jobs/scheduler.ts";
import { fraudScanThread } from "../../adapters/libsql/perf/index.ts";
import { FraudScanThreadUnavailable } from "../../domain/ports/fraud-scanner.ts";
import { fraudWriter, LibsqlFraudRecords, RECORD_CHUNK } from "../../adapters/libsql/fraud.ts";
import { DatabaseLease } from "../../adapters/libsql/lease.ts";
import { configFromEnv } from "../../api/bootstrap.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { runFraudScan } from "../../domain/fraud/scan.ts";
import type { SystemCtx } from "../../domain/shared/context.ts";

type Alert = {
  id: string; alertType: string; severity: string; description: string; status: string; createdAt: string;
  resolvedAt: string | null; resolvedBy: string | null; notes: string | null; resolution: string | null; evidence: Record<string, unknown>;
  user: { id: string; email: string };
};

let t: TestApp;
let who: Callers;
let admin: Session;
let adminId: string;
beforeAll(async () => {
  t = await makeTestApp();
  who = await callers(t);
  admin = who.admin;
  adminId = await currentUserId(admin);
});
afterAll(() => t.close());

/**
 * Scan threads in these tests run at the test process's priority: what is tested is the thread's
 * life and answers, and at its production priority (the lowest) a saturated machine starves it for
 * tens of seconds (adapters/libsql/perf/fraud-scan-thread.ts, `niceness`).
 */
const asTests = { niceness: 0 };
/** Scan thread options that never retire the thread (the idle timer never fires). */
const keepThread = { ...asTests, idleTimer: () => () => {} };

/**
 * A scanner for the scheduler that runs the scan in process, as the scheduler does without one, and
 * counts the scans it has finished: a test waits for `finished(n)`, not for time to pass.
 */
function countingScanner(deps: SystemCtx) {
  let done = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  const scanner = async () => {
    const summary = await runFraudScan(deps);
    done++;
    for (const w of waiting.filter((w) => done >= w.n)) w.resolve();
    return summary;
  };
  return Object.assign(scanner, {
    get done() {
      return done;
    },
    finished: (n: number) => new Promise<void>((resolve) => (done >= n ? resolve() : waiting.push({ n, resolve }))),
  });
}

async function alerts(query = "?timeWindow=7d"): Promise<Alert[]> {
  const res = await admin.get(`/api/admin/fraud-alerts${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Alert[];
}
/**
 * Five bets 5 seconds apart, ending a second ago (each its own slip: bets placed together within
 * 1.5 s are one action, not rapid betting), then the clock back to real time.
 */
async function fiveSlips(customer: Session, pool: Awaited<ReturnType<typeof upcomingPool>>) {
  const end = Date.now() - 1_000;
  for (let i = 0; i < 5; i++) {
    t.clock.set(new Date(end - (4 - i) * 5_000));
    await placeOk(customer, [selectionOf(pool.next())], 150);
  }
  t.clock.set(null as unknown as Date);
}

async function scan() {
  const res = await admin.post("/api/admin/fraud/scan");
  expect(res.status).toBe(200);
  return (await res.json()) as { scannedAt: string; alertsRaised: number; monitoringRecords: number; profilesUpdated: number };
}

describe("alerts from the seeded activity", () => {
  it("raises one alert per rule, subject and window", async () => {
    const list = await alerts();
    const by = (type: string) => list.filter((a) => a.alertType === type).map((a) => a.user.email).sort();
    expect(by("rapid_betting")).toEqual(["ethan.brooks@example.com"]);
    expect(by("stake_spike")).toEqual(["ethan.brooks@example.com"]);
    expect(by("deposit_withdrawal")).toEqual(["zoe.campbell@example.com"]);
    expect(by("bonus_abuse")).toEqual(["zoe.campbell@example.com"]);
    // One incident, one alert: on the account that came to the address last, naming all three.
    expect(by("shared_address")).toEqual(["ava.clarke@example.com"]);
    expect(list.every((a) => a.status === "open")).toBe(true);
    const spike = list.find((a) => a.alertType === "stake_spike")!;
    expect(spike).toMatchObject({ severity: "critical", description: "Stake of $400.00 is 40.0x the customer's median stake of $10.00" });
    expect(spike.evidence).toMatchObject({ stake: 40_000, medianStake: 1_000, priorBets: 12 });
    expect(list.find((a) => a.alertType === "shared_address")!.evidence).toMatchObject({
      ip: "203.0.113.45",
      accounts: 3,
      emails: expect.arrayContaining(["ava.clarke@example.com", "lucas.martin@example.com", "mia.harris@example.com"]),
    });
  });

  it("lists open alerts first, then by severity; filters by status", async () => {
    const list = await alerts();
    const rank = { critical: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
    const ranks = list.filter((a) => a.status === "open").map((a) => rank[a.severity]);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(await alerts("?timeWindow=7d&status=resolved")).toEqual([]);
  });

  it("keeps to the time window", async () => {
    const list = await alerts("?timeWindow=1h");
    expect(list.length).toBeGreaterThan(0);
    t.clock.set(new Date(Date.now() + 2 * 3_600_000));
    try {
      expect(await alerts("?timeWindow=1h")).toEqual([]);
      expect(await alerts("?timeWindow=24h")).toHaveLength(list.length);
    } finally {
      t.clock.set(null as unknown as Date); // back to real time
    }
    await expectInvalidFields(await admin.get("/api/admin/fraud-alerts?timeWindow=30d"), "timeWindow");
  });

  it("never raises the same alert twice", async () => {
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM fraud_alerts");
    const again = await scan();
    expect(again.alertsRaised).toBe(0);
    expect(again.monitoringRecords).toBe(0);
    expect(again.profilesUpdated).toBe(await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE role = 'customer'"));
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fraud_alerts")).toBe(before);
  });
});

describe("alerts from new activity", () => {
  it("rapid repeated bets: 5 bets inside a minute raise one alert, once", async () => {
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      t.clock.set(new Date(start + i * 10_000));
      await placeOk(customer, [selectionOf(pool.next())], 200);
    }
    t.clock.set(new Date(start + 60_000));
    const first = await scan();
    expect(first.alertsRaised).toBe(1);
    expect(first.monitoringRecords).toBe(5);
    const mine = (await alerts()).filter((a) => a.user.id === id);
    expect(mine).toEqual([expect.objectContaining({ alertType: "rapid_betting", severity: "medium", status: "open" })]);
    // One more bet in the same burst: the same alert, not a new one.
    t.clock.set(new Date(start + 50_000));
    await placeOk(customer, [selectionOf(pool.next())], 200);
    t.clock.set(new Date(start + 70_000));
    expect((await scan()).alertsRaised).toBe(0);
    expect((await alerts()).filter((a) => a.user.id === id)).toHaveLength(1);
  });

  it("five singles from one slip (placed together) are not rapid betting", async () => {
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      t.clock.set(new Date(start + i * 200));
      await placeOk(customer, [selectionOf(pool.next())], 200);
    }
    t.clock.set(new Date(start + 60_000));
    await scan();
    expect((await alerts()).filter((a) => a.user.id === id)).toEqual([]);
  });

  it("stake far above history: more than 5x the median of 5 earlier bets, and at least 50.00", async () => {
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    const start = Date.now();
    for (let i = 0; i < 5; i++) {
      t.clock.set(new Date(start + i * 5 * 60_000));
      await placeOk(customer, [selectionOf(pool.next())], 100);
    }
    t.clock.set(new Date(start + 30 * 60_000));
    await placeOk(customer, [selectionOf(pool.next())], 600); // 6x five 1.00 stakes, but under the 50.00 floor
    expect((await scan()).alertsRaised).toBe(0);
    t.clock.set(new Date(start + 40 * 60_000));
    await placeOk(customer, [selectionOf(pool.next())], 5_000); // 50x the median of 1.00, at the floor
    expect((await scan()).alertsRaised).toBe(1);
    const alert = (await alerts()).find((a) => a.user.id === id)!;
    expect(alert).toMatchObject({ alertType: "stake_spike", severity: "critical" });
    expect(alert.evidence).toMatchObject({ stake: 5_000, medianStake: 100, priorBets: 6 });
    const monitored = (await (await admin.get(`/api/admin/transaction-monitoring?timeWindow=24h&userId=${id}`)).json()) as { amount: number; riskScore: number }[];
    expect(monitored).toHaveLength(7);
    const big = monitored.find((m) => m.amount === 5_000)!;
    expect(big.riskScore).toBeGreaterThan(monitored.find((m) => m.amount === 100)!.riskScore);
  });
});

describe("POST /api/admin/fraud-alert/{id}/resolve", () => {
  it("resolves an open alert with notes, audited; a second resolve is refused; scans never reopen it", async () => {
    const target = (await alerts()).find((a) => a.alertType === "bonus_abuse")!;
    const res = await admin.post(`/api/admin/fraud-alert/${target.id}/resolve`, { resolution: "resolved", notes: "Alert resolved by admin" });
    expect(res.status).toBe(200);
    const { alert } = (await res.json()) as { alert: Alert };
    expect(alert).toMatchObject({ id: target.id, status: "resolved", resolvedBy: adminId, notes: "Alert resolved by admin" });
    expect(alert.resolvedAt).not.toBeNull();
    const audit = await t.database.client.execute({ sql: "SELECT * FROM audit_log WHERE entity_id = ? AND action = 'fraud_alert.resolve'", args: [target.id] });
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_id: adminId, entity_type: "fraud_alert" });
    expect(JSON.parse(String(audit.rows[0].before))).toMatchObject({ status: "open" });
    expect(JSON.parse(String(audit.rows[0].after))).toEqual({ status: "resolved", resolution: "resolved", notes: "Alert resolved by admin" });
    expect(alert.resolution).toBe("resolved");

    await expectError(await admin.post(`/api/admin/fraud-alert/${target.id}/resolve`, { resolution: "resolved", notes: "" }), 409, "FRAUD.ALERT_NOT_OPEN");
    await scan();
    expect((await alerts()).find((a) => a.id === target.id)!.status).toBe("resolved");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", [target.id])).toBe(1);
  });

  it("lowers the customer's risk score at the next scan", async () => {
    const zoeBefore = ((await (await admin.get("/api/admin/user-risk-profiles")).json()) as { user: { email: string }; riskScore: number }[])
      .find((p) => p.user.email === "zoe.campbell@example.com")!;
    const open = (await alerts()).filter((a) => a.user.email === "zoe.campbell@example.com" && a.status === "open");
    for (const a of open) expect((await admin.post(`/api/admin/fraud-alert/${a.id}/resolve`, { resolution: "resolved", notes: "ok" })).status).toBe(200);
    await scan();
    const zoeAfter = ((await (await admin.get("/api/admin/user-risk-profiles")).json()) as { user: { email: string }; riskScore: number }[])
      .find((p) => p.user.email === "zoe.campbell@example.com")!;
    expect(zoeAfter.riskScore).toBeLessThan(zoeBefore.riskScore);
  });

  it("refuses unknown alerts and other resolutions", async () => {
    await expectError(await admin.post("/api/admin/fraud-alert/fra_nobody/resolve", { resolution: "resolved", notes: "x" }), 404, "FRAUD.ALERT_NOT_FOUND");
    const open = (await alerts()).find((a) => a.status === "open")!;
    await expectInvalidFields(await admin.post(`/api/admin/fraud-alert/${open.id}/resolve`, { resolution: "dismissed", notes: "x" }), "resolution");
    await expectUnknownKey(await admin.post(`/api/admin/fraud-alert/${open.id}/resolve`, { resolution: "resolved", notes: "x", status: "open" }), "status");
    expect((await alerts()).find((a) => a.id === open.id)!.status).toBe("open");
  });

  it("the database keeps a resolved alert resolved and alerts undeletable", async () => {
    const resolved = (await alerts("?timeWindow=7d&status=resolved"))[0];
    await expect(t.database.client.execute({ sql: "UPDATE fraud_alerts SET status = 'open' WHERE id = ?", args: [resolved.id] })).rejects.toThrow(/FRAUD.ALERT_NOT_OPEN/);
    await expect(t.database.client.execute({ sql: "DELETE FROM fraud_alerts WHERE id = ?", args: [resolved.id] })).rejects.toThrow(/FRAUD.IMMUTABLE/);
  });
});

describe("monitoring, bonus abuse and risk profiles", () => {
  it("scores each bet stake and wallet payment 0-100 with reasons; filters by user and score", async () => {
    const res = await admin.get("/api/admin/transaction-monitoring?timeWindow=7d");
    expect(res.status).toBe(200);
    const records = (await res.json()) as { id: string; monitoringType: string; amount: number; riskScore: number; reasons: string[]; userId: string; user: { email: string }; reference: string }[];
    expect(records.length).toBeGreaterThan(10);
    expect(records.every((r) => r.riskScore >= 0 && r.riskScore <= 100)).toBe(true);
    const risky = (await (await admin.get("/api/admin/transaction-monitoring?timeWindow=7d&minRiskScore=71")).json()) as typeof records;
    expect(risky.every((r) => r.riskScore > 70)).toBe(true);
    const withdrawal = risky.find((r) => r.monitoringType === "withdrawal")!;
    expect(withdrawal).toMatchObject({ amount: 52_000, user: { email: "zoe.campbell@example.com" } });
    expect(withdrawal.reasons.length).toBeGreaterThan(0);
    const ethan = records.find((r) => r.user.email === "ethan.brooks@example.com")!.userId;
    const his = (await (await admin.get(`/api/admin/transaction-monitoring?timeWindow=7d&userId=${ethan}`)).json()) as typeof records;
    expect(his.length).toBe(await countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE user_id = ?", [ethan]));
    expect(his.every((r) => r.monitoringType === "bet_stake")).toBe(true);
  });

  it("lists bonus abuse with confidence", async () => {
    const res = await admin.get("/api/admin/bonus-abuse-alerts");
    expect(res.status).toBe(200);
    const list = (await res.json()) as { abuseType: string; confidence: number; user: { email: string } }[];
    expect(list).toEqual([expect.objectContaining({ abuseType: "bonus_withdrawal", confidence: 91, user: expect.objectContaining({ email: "zoe.campbell@example.com" }) })]);
  });

  it("lists user risk profiles riskiest first with KYC status and last review", async () => {
    const res = await admin.get("/api/admin/user-risk-profiles");
    expect(res.status).toBe(200);
    const list = (await res.json()) as { riskScore: number; riskLevel: string; kycStatus: string; lastReviewed: string | null; user: { email: string }; factors: string[] }[];
    const scores = list.map((p) => p.riskScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const ava = list.find((p) => p.user.email === "ava.clarke@example.com")!;
    expect(ava).toMatchObject({ kycStatus: "pending" });
    expect(ava.factors).toContain("Identity not fully verified");
    expect(list.every((p) => p.lastReviewed !== null)).toBe(true);
  });
});

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

describe("OpenAPI", () => {
  it("documents every back-office route", async () => {
    const doc = (await (await admin.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ["/api/admin/users", "get"], ["/api/admin/users", "post"], ["/api/admin/users.csv", "get"], ["/api/admin/user-stats", "get"],
      ["/api/admin/users/{userId}/status", "patch"], ["/api/admin/users/{userId}/activity", "get"],
      ["/api/admin/fraud-alerts", "get"], ["/api/admin/fraud-alert/{id}/resolve", "post"], ["/api/admin/transaction-monitoring", "get"],
      ["/api/admin/bonus-abuse-alerts", "get"], ["/api/admin/user-risk-profiles", "get"], ["/api/admin/fraud/scan", "post"],
      ["/api/admin/tasks", "get"], ["/api/admin/tasks", "post"], ["/api/admin/tasks/{id}", "get"], ["/api/admin/tasks/{id}", "patch"],
      ["/api/admin/tasks/{id}", "delete"], ["/api/admin/task-stats", "get"], ["/api/admin/staff", "get"],
      ["/api/admin/bulk-operations", "post"], ["/api/admin/bulk-operations", "get"], ["/api/admin/bulk-operations/{id}", "get"],
      ["/api/admin/bulk-operations/{id}/result.csv", "get"],
      ["/api/admin/crm/segments", "get"], ["/api/admin/crm/customers", "get"], ["/api/admin/crm/customers/{id}/bonus", "post"],
      ["/api/admin/crm/customers/{id}/flag", "post"], ["/api/admin/crm/customers/{id}/restrict", "post"],
      ["/api/admin/payments/summary", "get"], ["/api/admin/payments/transactions", "get"], ["/api/admin/payments/transactions.csv", "get"],
      ["/api/admin/live", "get"], ["/api/admin/fraud/rule-precision", "get"],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe("authorization", () => {
  it.each([
    { method: "GET", path: "/api/admin/fraud-alerts" },
    { method: "POST", path: "/api/admin/fraud-alert/fra_nobody/resolve", body: { resolution: "resolved", notes: "" } },
    { method: "GET", path: "/api/admin/transaction-monitoring" },
    { method: "GET", path: "/api/admin/bonus-abuse-alerts" },
    { method: "GET", path: "/api/admin/user-risk-profiles" },
    { method: "POST", path: "/api/admin/fraud/scan" },
    { method: "GET", path: "/api/admin/fraud/rule-precision" },
  ] as const)("$method $path is for admins only", async (route) => {
    await expectAdminOnly(who, route);
  });
});
