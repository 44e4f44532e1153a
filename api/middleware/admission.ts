/**
 * Admission control for the writes queued in front of the single database writer (placements,
 * cash-outs, contest entries, deposits, withdrawals): when the wait a new one would have is over
 * the budget (domain/shared/admission.ts), it is answered at once with 503 and Retry-After, before
 * anything reads or writes for it (rate-limit counters included), so a refusal writes nothing.
 *
 * One estimator per app: the process has one writer and one thread. Placements, cash-outs and
 * entries count in its queue. Deposits and withdrawals spend most of their time waiting for the
 * payment provider, which is no queue for the writer, so they do not count; they are refused on the
 * same estimate, i.e. when the writer is behind.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { sendError } from "../errors.ts";
import { AdmissionEstimator } from "../../domain/shared/admission.ts";
import type { InPlayDelay } from "../../domain/ports/index.ts";

export interface AdmissionConfig {
  /** The longest wait a queued write may be given (ADMISSION_BUDGET_MS, default 150). */
  budgetMs: number;
  /** Fewer writes than this in flight are never refused (default 8). */
  minQueue?: number;
}

export const DEFAULT_ADMISSION_BUDGET_MS = 150;

/** A monotonic clock in ms (wall-clock jumps must not open or shut the gate). */
const monotonic = () => performance.now();

export interface AdmissionGate {
  readonly estimator: AdmissionEstimator;
  /** Middleware for one kind of queued write; `counted` writes occupy the writer's queue. */
  guard(code: "BET.BUSY" | "SYSTEM.BUSY", opts?: { counted?: boolean; methods?: string[] }): MiddlewareHandler<AppEnv>;
  /** The in-play delay with its wait taken out of the queue (a delayed bet is not waiting for the writer). */
  inPlay(delay: InPlayDelay): InPlayDelay;
}

export function admissionGate(config: AdmissionConfig, now: () => number = monotonic): AdmissionGate {
  const estimator = new AdmissionEstimator({ budgetMs: config.budgetMs, minQueue: config.minQueue });
  return {
    estimator,
    guard: (code, opts = {}) => {
      const counted = opts.counted ?? true;
      const methods = opts.methods ?? ["POST"];
      return async (c, next) => {
        if (!methods.includes(c.req.method)) return next();
        const decision = counted ? estimator.admit(now()) : estimator.check(now());
        if (!decision.admitted) {
          c.header("Retry-After", String(decision.retryAfterSeconds));
          return sendError(c, {
            code,
            message: code === "BET.BUSY" ? "Busy right now: your bet was not placed. Try again in a moment." : "Busy right now: nothing was done. Try again in a moment.",
            details: { retryAfterSeconds: decision.retryAfterSeconds },
          });
        }
        if (!counted) return next();
        try {
          await next();
        } finally {
          estimator.finished(now());
        }
      };
    },
    inPlay: (delay) => ({
      ...delay,
      wait: async (ms) => {
        estimator.suspend(now());
        try {
          await delay.wait(ms);
        } finally {
          estimator.resume(now());
        }
      },
    }),
  };
}

