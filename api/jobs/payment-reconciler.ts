/**
 * The payments reconciliation job (issue 19 item 1): on start, and every `intervalMs`
 * (PAYMENT_RECONCILE_INTERVAL_MS, default 60 s; 0 = on start only), every payment still pending
 * and older than `graceMs` (PAYMENT_RECONCILE_GRACE_MS, default 30 s: longer than a request takes,
 * so a payment whose request is still running is left to it) is settled with what the provider
 * says it did (domain/wallet/settle-payment.ts reconcilePayments). Started by api/bootstrap.ts
 * beside the other jobs, never by createApp. With several instances on one database, the one
 * holding the lease does it; the work is idempotent anyway (each move is guarded by the state).
 */
import { reconcilePayments, type ReconcileSummary } from "../../domain/wallet/settle-payment.ts";
import type { Ports } from "../../domain/ports/index.ts";
import type { Clock, Ids } from "../../domain/shared/clock.ts";

export interface PaymentReconcilerOptions {
  intervalMs: number;
  graceMs: number;
  leadership?: { tryAcquire(): Promise<boolean>; release?(): Promise<void> };
  log?: (line: Record<string, unknown>) => void;
}

export const PAYMENT_RECONCILER_LEASE = "payment-reconciler";

export class PaymentReconciler {
  private readonly deps: { ports: Ports; clock: Clock; ids: Ids };
  private readonly opts: PaymentReconcilerOptions;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<ReconcileSummary | null> | null = null;
  lastRun: { at: Date; summary: ReconcileSummary } | null = null;

  constructor(deps: { ports: Ports; clock: Clock; ids: Ids }, opts: PaymentReconcilerOptions) {
    this.deps = deps;
    this.opts = opts;
  }

  /**
   * Reconcile once now (waited for; without the lease, which a killed process may still hold: the
   * moves are guarded, so running beside another instance is safe), then on the interval.
   */
  async start() {
    await this.runOnce({ needLease: false });
    if (this.opts.intervalMs > 0) this.timer = setInterval(() => void this.runOnce(), this.opts.intervalMs);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass (one at a time); null when another instance holds the lease. */
  runOnce(opts: { needLease?: boolean } = {}): Promise<ReconcileSummary | null> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        if (opts.needLease !== false && this.opts.leadership && !(await this.opts.leadership.tryAcquire())) return null;
        const summary = await reconcilePayments(this.deps, { graceMs: this.opts.graceMs });
        this.lastRun = { at: this.deps.clock.now(), summary };
        if (summary.checked > 0) (this.opts.log ?? ((l) => console.log(JSON.stringify(l))))({ level: "info", job: "payment-reconciler", ...summary });
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
