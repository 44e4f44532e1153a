/**
 * Background work of one server process, started by api/bootstrap.ts next to the feed (never by
 * createApp, so tests and app.request() stay free of timers):
 * - the fraud rules engine every `fraudScanIntervalMs` (FRAUD_SCAN_INTERVAL_MS, default 60 s; 0 = off),
 *   a scan at a time, on a thread of its own when the database allows (`fraudScanner`); scans are
 *   idempotent (an alert is never raised twice);
 * - bulk operations: run as soon as one is queued (the route calls bulkOperationQueued()) and every
 *   `bulkPollMs` for any queued by another process; claiming is one conditional update, so two
 *   processes never run the same operation. On start, operations left processing by a stopped
 *   process are marked failed.
 */
import type { SystemCtx } from "../../domain/shared/context.ts";
import { runFraudScan, type FraudScanSummary } from "../../domain/fraud/scan.ts";
import { FraudScanThreadUnavailable } from "../../domain/ports/fraud-scanner.ts";
import { processNextBulkOperation } from "../../domain/tasks/bulk-operations.ts";
import { settleDecidedMarkets } from "../../domain/settlement/settle-decided.ts";
import { runBonusUpkeep } from "../../domain/wallet/bonus-account.ts";
import { expireIdleDemoAccounts } from "../../domain/users/demo-expiry.ts";

export interface BackgroundJobsOptions {
  fraudScanIntervalMs: number;
  /**
   * With several instances on one database: a lease of its own, so only the instance holding it runs
   * the scheduled scans (the others would repeat the same work). On-demand scans always run.
   */
  fraudLeadership?: { tryAcquire(): Promise<boolean> };
  /**
   * Runs one fraud scan somewhere else (a thread: adapters/libsql/perf/fraud-scan-thread.ts); default: in
   * process. Its `close`, if any, is called on stop.
   */
  fraudScanner?: (() => Promise<FraudScanSummary>) & { close?(): Promise<void> };
  bulkPollMs?: number;
  /**
   * How often markets the match has decided are settled (settle-decided.ts; RESULTS_INTERVAL_MS,
   * default 2000; 0 = off). With a lease, only its holder settles (a second would only find nothing to do).
   */
  resultsIntervalMs?: number;
  resultsLeadership?: { tryAcquire(): Promise<boolean> };
  /** Items per chunk of a bulk operation (progress is recorded after each chunk). */
  chunkSize?: number;
  /** How often bonuses are released or expired (default 60 s). */
  bonusUpkeepMs?: number;
  log?: (line: Record<string, unknown>) => void;
}

const defaultLog = (line: Record<string, unknown>) => console.log(JSON.stringify(line));
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class BackgroundJobs {
  private readonly deps: SystemCtx;
  private readonly opts: BackgroundJobsOptions;
  private readonly log: (line: Record<string, unknown>) => void;
  private timers: ReturnType<typeof setInterval>[] = [];
  /** The scan running now (scheduled or asked for): one at a time. */
  private scanning: Promise<FraudScanSummary> | null = null;
  private bulkRun: Promise<void> | null = null;
  private settling: Promise<void> | null = null;
  private wokenDuringRun = false;
  private stopped = false;

  constructor(deps: SystemCtx, opts: BackgroundJobsOptions) {
    this.deps = deps;
    this.opts = opts;
    this.log = opts.log ?? defaultLog;
  }

  async start() {
    this.stopped = false;
    const interrupted = await this.deps.ports.bulkOperations.failInterrupted(this.deps.clock.now());
    if (interrupted > 0) this.log({ level: "warn", job: "bulk-operations", message: `${interrupted} interrupted operation(s) marked failed` });
    if (this.opts.fraudScanIntervalMs > 0) {
      this.timers.push(setInterval(() => void this.scheduledScan(), this.opts.fraudScanIntervalMs));
      void this.scheduledScan();
    }
    this.timers.push(setInterval(() => this.bulkOperationQueued(), this.opts.bulkPollMs ?? 5_000));
    if ((this.opts.resultsIntervalMs ?? 0) > 0) this.timers.push(setInterval(() => void this.settleDecided(), this.opts.resultsIntervalMs));
    this.bulkOperationQueued();
    // Bonus upkeep: release met wagering, expire past bonuses (docs/money.md "Bonus funds").
    this.timers.push(setInterval(() => void this.bonusUpkeep(), this.opts.bonusUpkeepMs ?? 60_000));
  }

  /** Release or expire bonuses that are due (each customer one guarded write); failures are logged. */
  async bonusUpkeep(): Promise<void> {
    try {
      const r = await runBonusUpkeep(this.deps);
      if (r.released + r.expired > 0) this.log({ level: "info", job: "bonus-upkeep", ...r });
    } catch (e) {
      if (!this.stopped) this.log({ level: "error", job: "bonus-upkeep", error: String(e) });
    }
    await this.demoExpiry();
  }

  /** Close demo accounts idle for 24 h, their credit back to the house (domain/users/demo-expiry.ts); failures are logged. */
  async demoExpiry(): Promise<void> {
    try {
      const r = await expireIdleDemoAccounts(this.deps);
      if (r.expired > 0) this.log({ level: "info", job: "demo-expiry", ...r });
    } catch (e) {
      if (!this.stopped) this.log({ level: "error", job: "demo-expiry", error: String(e) });
    }
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    void this.opts.fraudScanner?.close?.();
  }

  /** A scheduled scan: only by the lease holder when there is a lease. */
  private async scheduledScan(): Promise<void> {
    const lease = this.opts.fraudLeadership;
    if (lease && !(await lease.tryAcquire().catch(() => false))) return;
    await this.scanFraud();
  }

  /** Run the fraud scan unless one is already running (then wait for that one); failures are logged. */
  async scanFraud(): Promise<void> {
    try {
      const r = await this.scanNow();
      if (r.alertsRaised > 0) this.log({ level: "info", job: "fraud-scan", alertsRaised: r.alertsRaised, monitoringRecords: r.monitoringRecords });
    } catch (e) {
      // After stop, a scan cut short by the thread's closing is no error.
      if (!this.stopped) this.log({ level: "error", job: "fraud-scan", error: String(e) });
    }
  }

  /**
   * A scan now, where the scheduled ones run (on the scan thread, not the serving thread), or the one
   * already running: its summary, or its error (POST /api/admin/fraud/scan).
   */
  scanNow(): Promise<FraudScanSummary> {
    this.scanning ??= this.scanOnce().finally(() => {
      this.scanning = null;
    });
    return this.scanning;
  }

  /** Settle the markets the match has decided since the last pass (one pass at a time). */
  async settleDecided(): Promise<void> {
    if (this.settling || this.stopped) return;
    const lease = this.opts.resultsLeadership;
    this.settling = (async () => {
      try {
        if (lease && !(await lease.tryAcquire().catch(() => false))) return;
        const r = await settleDecidedMarkets(this.deps);
        if (r.markets > 0 || r.needsOperator.length > 0)
          this.log({ level: "info", job: "results", marketsSettled: r.markets, betsSettled: r.settled, paid: r.paid, needsOperator: r.needsOperator });
      } catch (e) {
        this.log({ level: "error", job: "results", error: String(e) });
      } finally {
        this.settling = null;
      }
    })();
    await this.settling;
  }

  /** A bulk operation was queued: run queued operations until none is left. */
  bulkOperationQueued(): void {
    if (this.stopped) return;
    if (this.bulkRun) {
      this.wokenDuringRun = true;
      return;
    }
    this.bulkRun = (async () => {
      try {
        do {
          this.wokenDuringRun = false;
          while (!this.stopped) {
            const id = await processNextBulkOperation(this.deps, { chunkSize: this.opts.chunkSize, pause: yieldToEventLoop });
            if (!id) break;
            this.log({ level: "info", job: "bulk-operations", operation: id, message: "finished" });
          }
        } while (this.wokenDuringRun && !this.stopped);
      } catch (e) {
        this.log({ level: "error", job: "bulk-operations", error: String(e) });
      } finally {
        this.bulkRun = null;
      }
    })();
  }

  /** One scan: on the scanner's thread when there is one, in process when that thread cannot run. */
  private async scanOnce(): Promise<FraudScanSummary> {
    if (!this.opts.fraudScanner) return await runFraudScan(this.deps);
    try {
      return await this.opts.fraudScanner();
    } catch (e) {
      // Stopped: the thread was closed on purpose, and this process is shutting down.
      if (!(e instanceof FraudScanThreadUnavailable) || this.stopped) throw e;
      this.log({ level: "warn", job: "fraud-scan", message: "scan thread unavailable, scanning in process", error: e.message });
      return await runFraudScan(this.deps);
    }
  }

  /** Resolves once no bulk operation is running (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.bulkRun || this.scanning || this.settling) await (this.bulkRun ?? this.settling ?? this.scanning!.catch(() => {}));
  }
}
