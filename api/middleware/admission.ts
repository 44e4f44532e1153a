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
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { errorBody } from "../errors.ts";
import { publicErrorResponse, requestIdFor } from "./request-trail.ts";
import { AdmissionEstimator } from "../../domain/shared/admission.ts";
import type { InPlayDelay } from "../../domain/ports/index.ts";
import type { AdmissionConfig } from "../settings.ts";

export const DEFAULT_ADMISSION_BUDGET_MS = 150;

/** A monotonic clock in ms (wall-clock jumps must not open or shut the gate). */
const monotonic = () => performance.now();

/** How often the lag sampler asks to run, in ms. */
export const LAG_TICK_MS = 10;
/** How long a measured lag is remembered, in ms: a backlog shows in one late tick, then drains. */
const LAG_HOLD_MS = 100;

/** How long the busy share is averaged over, in ms (a time constant). */
const BUSY_TAU_MS = 100;

/** The event-loop utilisation reader where the runtime has one (Node; Deno may not): busy share since `prev`. */
export type Elu = { idle: number; active: number; utilization: number };
const eluOf = (): ((prev?: Elu) => Elu) | null => {
  const f = (performance as { eventLoopUtilization?: (prev?: Elu) => Elu }).eventLoopUtilization;
  return typeof f === "function" ? f.bind(performance) : null;
};

/** The process's CPU time in µs (the `process` global of Node and Deno 2); 0 where there is none. */
const processCpuMicros = () => {
  const u = (globalThis as { process?: { cpuUsage?(): { user: number; system: number } } }).process?.cpuUsage?.();
  return u ? u.user + u.system : 0;
};

/** A reader of the share of time the thread was busy since it was last asked (0-1). */
export type BusyShare = () => number;

/**
 * The busy share from the runtime's event-loop utilisation where it reports time (Node), else from
 * the process's CPU time over the wall time between two readings (Deno, whose
 * eventLoopUtilization() reports zeros). The second counts the process's other threads too (the
 * collector's helpers, the checkpoint and fraud-scan threads): it reads a little high, which the gate
 * tolerates, as each window still admits its first writes (domain/shared/admission.ts).
 */
export function busyShareReader(
  clock: () => number = monotonic,
  cpuMicros: () => number = processCpuMicros,
  elu: ((prev?: Elu) => Elu) | null = eluOf(),
): BusyShare {
  let lastElu = elu?.();
  let eluWorks: boolean | null = elu ? null : false;
  let lastCpu = cpuMicros();
  let lastAt = clock();
  return () => {
    if (elu && lastElu && eluWorks !== false) {
      const d = elu(lastElu);
      lastElu = elu();
      // A runtime that reports no time at all over a reading does not measure it.
      if (eluWorks === null) eluWorks = d.idle + d.active > 0;
      if (eluWorks) return d.utilization;
    }
    const now = clock();
    const cpu = cpuMicros();
    const share = now > lastAt ? Math.min(1, Math.max(0, (cpu - lastCpu) / 1000 / (now - lastAt))) : 0;
    lastCpu = cpu;
    lastAt = now;
    return share;
  };
}

/**
 * The thread's load, sampled by a timer asked to fire every LAG_TICK_MS:
 * - `lagMs`: how late it fired. A request that arrives while the thread is busy waits unread about
 *   that long, before any gate can count it. The largest lateness of the last LAG_HOLD_MS is the
 *   figure (one late tick is the backlog; the ticks after it, fired in quick succession, are not).
 * - `busy`: the share of time the thread was busy (busyShareReader()), averaged over about
 *   BUSY_TAU_MS.
 * The timer does not keep the process alive. Works alike on Node and Deno (plain timers).
 */
export function loopLag(clock: () => number = monotonic, share: BusyShare = busyShareReader(clock)): { lagMs: () => number; busy: () => number; stop: () => void } {
  let expected = clock() + LAG_TICK_MS;
  let worst = 0;
  let worstAt = 0;
  let lastAt = clock();
  let busy = 0;
  const timer = setInterval(() => {
    const now = clock();
    const late = Math.max(0, now - expected);
    if (late >= worst || now - worstAt > LAG_HOLD_MS) {
      worst = late;
      worstAt = now;
    }
    expected = now + LAG_TICK_MS;
    busy += (1 - Math.exp(-(now - lastAt) / BUSY_TAU_MS)) * (share() - busy);
    lastAt = now;
  }, LAG_TICK_MS);
  unrefTimer(timer);
  return {
    lagMs: () => (clock() - worstAt > LAG_HOLD_MS ? 0 : worst),
    busy: () => busy,
    stop: () => clearInterval(timer),
  };
}

function unrefTimer(timer: ReturnType<typeof setInterval>) {
  if (typeof timer === "object" && timer !== null && "unref" in timer) (timer as { unref(): void }).unref();
  else {
    const deno = (globalThis as { Deno?: { unrefTimer?(id: number): void } }).Deno;
    deno?.unrefTimer?.(timer as unknown as number);
  }
}

const BUSY_MESSAGE = {
  "BET.BUSY": "Busy right now: your bet was not placed. Try again in a moment.",
  "SYSTEM.BUSY": "Busy right now: nothing was done. Try again in a moment.",
} as const;

/**
 * The 503 of a refused write, made here with what every API answer carries (request-trail.ts: the
 * security headers, the request id in the header and the envelope, the log line) rather than by the
 * middleware chain: the gate runs ahead of that chain (api/app.ts), so a refusal costs the serving
 * thread as little as an answer can. Refusals are most of what an overloaded server answers, and on
 * Deno the chain's cost per refusal kept the thread past saturation, so accepted bets waited seconds.
 */
function refusal(c: Context<AppEnv>, code: keyof typeof BUSY_MESSAGE, retryAfterSeconds: number, started: number): Response {
  const requestId = requestIdFor(c.req.header("x-request-id"));
  const body = errorBody(requestId, { code, message: BUSY_MESSAGE[code], details: { retryAfterSeconds } });
  const extra = { "retry-after": String(retryAfterSeconds) };
  return publicErrorResponse(c.get("deps") ?? {}, c.req.raw, c.env, { requestId, route: c.req.routePath, status: 503, started, body, extra });
}

export interface AdmissionGate {
  readonly estimator: AdmissionEstimator;
  /** Middleware for one kind of queued write; `counted` writes occupy the writer's queue. */
  guard(code: "BET.BUSY" | "SYSTEM.BUSY", opts?: { counted?: boolean; methods?: string[] }): MiddlewareHandler<AppEnv>;
  /** The in-play delay with its wait taken out of the queue (a delayed bet is not waiting for the writer). */
  inPlay(delay: InPlayDelay): InPlayDelay;
}

/** What the gate reads of the thread's load (loopLag()). */
export interface LoopLoad {
  lagMs(): number;
  busy(): number;
}

/**
 * `load`: the thread's current lag and busy share (loopLag() by default, started with the first
 * guard); tests give their own.
 */
export function admissionGate(config: AdmissionConfig, now: () => number = monotonic, load?: LoopLoad): AdmissionGate {
  const estimator = new AdmissionEstimator({ budgetMs: config.budgetMs, minQueue: config.minQueue, maxBusy: config.maxBusy });
  let signals = load;
  return {
    estimator,
    guard: (code, opts = {}) => {
      const counted = opts.counted ?? true;
      const methods = opts.methods ?? ["POST"];
      signals ??= loopLag(now);
      const thread = signals;
      return async (c, next) => {
        if (!methods.includes(c.req.method)) return next();
        const started = monotonic();
        const decision = counted ? estimator.admit(now(), thread.lagMs(), thread.busy()) : estimator.check(now(), thread.lagMs(), thread.busy());
        if (!decision.admitted) return refusal(c, code, decision.retryAfterSeconds, started);
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

