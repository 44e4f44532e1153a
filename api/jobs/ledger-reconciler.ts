/**
 * The ledger reconciliation job (domain/wallet/reconcile-ledger.ts): on start, then every
 * `intervalMs` (LEDGER_RECONCILE_INTERVAL_MS, default 5 minutes; 0 = on start only), checks the
 * postings written since its last pass and alarms operators on an unbalanced or still-open
 * transaction or a balance that differs from its postings: an alarm kept in the database (shown in
 * the back office's System view) and an error log line. Started by api/bootstrap.ts, never by
 * createApp. With several instances, the lease holder runs it; a pass is guarded by its checkpoint
 * anyway, so two passes never count one range twice.
 */
import { reconcileLedger, type LedgerReconciliation } from "../../domain/wallet/reconcile-ledger.ts";
import type { SystemCtx } from "../../domain/shared/context.ts";

export interface LedgerReconcilerOptions {
  intervalMs: number;
  leadership?: { tryAcquire(): Promise<boolean> };
  log?: (line: Record<string, unknown>) => void;
}

export const LEDGER_RECONCILER_LEASE = "ledger-reconciler";
export const DEFAULT_LEDGER_RECONCILE_INTERVAL_MS = 5 * 60_000;

export class LedgerReconciler {
  private readonly deps: SystemCtx;
  private readonly opts: LedgerReconcilerOptions;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<LedgerReconciliation | null> | null = null;

  constructor(deps: SystemCtx, opts: LedgerReconcilerOptions) {
    this.deps = deps;
    this.opts = opts;
  }

  private log(line: Record<string, unknown>) {
    (this.opts.log ?? ((l) => console.log(JSON.stringify(l))))(line);
  }

  start() {
    void this.runOnce({ needLease: false });
    if (this.opts.intervalMs > 0) this.timer = setInterval(() => void this.runOnce(), this.opts.intervalMs);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass (one at a time); null when another instance holds the lease or the pass failed (logged). */
  runOnce(opts: { needLease?: boolean } = {}): Promise<LedgerReconciliation | null> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        if (opts.needLease !== false && this.opts.leadership && !(await this.opts.leadership.tryAcquire())) return null;
        const r = await reconcileLedger(this.deps);
        if (r.findings.length > 0)
          this.log({
            level: "error",
            job: "ledger-reconciliation",
            message: `ledger alarm: ${r.findings.length} finding(s)`,
            checkedFrom: r.checkedFrom,
            checkedThrough: r.checkedThrough,
            findings: r.findings,
          });
        return r;
      } catch (e) {
        this.log({ level: "error", job: "ledger-reconciliation", message: String(e) });
        return null;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
