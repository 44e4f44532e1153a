/**
 * The payments reconciliation job: on start, and every `intervalMs`
 * (PAYMENT_RECONCILE_INTERVAL_MS, default 60 s; 0 = on start only), every payment still pending
 * and older than `graceMs` (PAYMENT_RECONCILE_GRACE_MS, default 30 s: longer than a request takes,
 * so a payment whose request is still running is left to it) is settled with what the provider
 * says it did (domain/wallet/settle-payment.ts reconcilePayments). Started by api/bootstrap.ts
 * beside the other jobs, never by createApp. With several instances on one database, the one
 * holding the lease does it; the work is idempotent anyway (each move is guarded by the state).
 * Each pass also asks the provider whether payments completed within `reversalWindowMs` (default
 * 7 days) were reversed since (a chargeback, a returned payout) and reverses those
 * (domain/wallet/reverse-payment.ts reconcileReversals).
 *
 * After a restart, the payments a dead process left in flight are younger than the grace at the
 * start pass, which must leave them alone (another instance may still be answering one). So one
 * more pass runs as soon as the grace after the start has passed, by when every payment made before
 * the start is old enough: nothing reads "Pending" much longer than the grace, rather than until
 * the next interval (a minute later).
 */
import { reconcilePayments, type ReconcileSummary } from "../../domain/wallet/settle-payment.ts";
import { reconcileReversals, type ReversalSummary } from "../../domain/wallet/reverse-payment.ts";
import type { Ports } from "../../domain/ports/index.ts";
import type { Clock, Ids } from "../../domain/shared/clock.ts";

export interface PaymentReconcilerOptions {
  intervalMs: number;
  graceMs: number;
  /** How far back completed payments are checked for a reversal (default 7 days). */
  reversalWindowMs?: number;
  leadership?: { tryAcquire(): Promise<boolean>; release?(): Promise<void> };
  log?: (line: Record<string, unknown>) => void;
  /** The timers the passes are scheduled with (tests drive them by hand); the runtime's by default. */
  timers?: ReconcilerTimers;
}

export interface ReconcilerTimers {
  after(ms: number, run: () => void): { cancel(): void };
  every(ms: number, run: () => void): { cancel(): void };
}

const runtimeTimers: ReconcilerTimers = {
  after(ms, run) {
    const h = setTimeout(run, ms);
    return { cancel: () => clearTimeout(h) };
  },
  every(ms, run) {
    const h = setInterval(run, ms);
    return { cancel: () => clearInterval(h) };
  },
};

export const PAYMENT_RECONCILER_LEASE = "payment-reconciler";
export const DEFAULT_REVERSAL_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
type PassSummary = ReconcileSummary & { reversals: ReversalSummary };

export class PaymentReconciler {
  private readonly deps: { ports: Ports; clock: Clock; ids: Ids };
  private readonly opts: PaymentReconcilerOptions;
  private timers: { cancel(): void }[] = [];
  private running: Promise<PassSummary | null> | null = null;
  lastRun: { at: Date; summary: PassSummary } | null = null;

  constructor(deps: { ports: Ports; clock: Clock; ids: Ids }, opts: PaymentReconcilerOptions) {
    this.deps = deps;
    this.opts = opts;
  }

  /**
   * Reconcile once now (waited for; without the lease, which a killed process may still hold: the
   * moves are guarded, so running beside another instance is safe), again once the grace after the
   * start has passed (unless the interval comes first), then on the interval.
   */
  async start() {
    const timers = this.opts.timers ?? runtimeTimers;
    await this.runOnce({ needLease: false });
    const { graceMs, intervalMs } = this.opts;
    if (graceMs > 0 && (intervalMs === 0 || intervalMs > graceMs))
      this.timers.push(timers.after(graceMs, () => void this.runOnce({ needLease: false })));
    if (intervalMs > 0) this.timers.push(timers.every(intervalMs, () => void this.runOnce()));
  }

  stop() {
    for (const t of this.timers) t.cancel();
    this.timers = [];
  }

  /** One pass (one at a time); null when another instance holds the lease. */
  runOnce(opts: { needLease?: boolean } = {}): Promise<PassSummary | null> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        if (opts.needLease !== false && this.opts.leadership && !(await this.opts.leadership.tryAcquire())) return null;
        const pending = await reconcilePayments(this.deps, { graceMs: this.opts.graceMs });
        const reversals = await reconcileReversals(this.deps, { windowMs: this.opts.reversalWindowMs ?? DEFAULT_REVERSAL_WINDOW_MS });
        const summary: PassSummary = { ...pending, reversals };
        this.lastRun = { at: this.deps.clock.now(), summary };
        if (summary.checked > 0 || reversals.reversed > 0) (this.opts.log ?? ((l) => console.log(JSON.stringify(l))))({ level: "info", job: "payment-reconciler", ...summary });
        return summary;
      } catch (e) {
        (this.opts.log ?? ((l) => console.log(JSON.stringify(l))))({ level: "error", job: "payment-reconciler", message: String(e) });
        return null;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
