/**
 * An open-model load generator: requests leave at a fixed rate whatever the server's latency, the
 * way many independent customers arrive. autocannon cannot do this: its `overallRate` only caps
 * requests per second (each connection sends as fast as it can until it reaches its share, then
 * waits for the next second), so the server still works flat out for most of every second. And a
 * closed-loop generator measures latency at saturation, where it is set by the connection count
 * (Little's law: mean latency = connections / throughput) rather than by the server.
 *
 * Request i is due at start + i / rate. Its latency is measured from when it was due, not from
 * when it was sent, so a generator or a connection pool that falls behind adds to the latency
 * instead of hiding it (no coordinated omission). Requests go over keep-alive connections, at most
 * `connections` at once; a request waiting for a free connection is waiting, and that counts.
 * The first `warmupSeconds` are sent at the same rate on the same connections and not sampled.
 */
import { Agent, request } from "node:http";

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  /** Requests in the measured part (all of them answered before the result is returned). */
  measured: number;
  /** 2xx answers in the whole run, warm-up included (to check against what the server stored). */
  all2xx: number;
  status2xx: number;
  other: number;
  errors: number;
  /** Answered requests of the measured part per second, from its first due time to its last answer. */
  perSecond: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  /** p99 of each second of the measured part: shows whether the tail is spread out or one stall. */
  p99BySecond: number[];
  /** Answers of the measured part by HTTP status (0: no answer, a connection error). */
  byStatus: Record<number, number>;
  /** Latency of the measured part's 2xx answers only (an overload run refuses the rest). */
  accepted: { p50: number; p99: number; max: number };
}

/** Where the generator reads the time and waits for the next request's due time (a test passes its own). */
export interface PacedClock {
  now(): number;
  setTimeout(fire: () => void, ms: number): void;
}
const realClock: PacedClock = { now: () => performance.now(), setTimeout: (fire, ms) => void setTimeout(fire, ms) };

const percentile = (sorted: ArrayLike<number>, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const ms = (v: number) => Math.round(v * 10) / 10;

export async function paced(opts: {
  url: string;
  ratePerSecond: number;
  durationSeconds: number;
  warmupSeconds?: number;
  connections: number;
  request: (i: number) => PacedRequest;
  clock?: PacedClock;
  /** Told of each answer once it is counted (request index, status; 0 for a connection error). */
  onAnswer?: (i: number, status: number) => void;
}): Promise<PacedResult> {
  const clock = opts.clock ?? realClock;
  const target = new URL(opts.url);
  // fifo: the connections take turns, so none idles past the server's keep-alive timeout. With the
  // default (lifo) most sat idle, were closed, and were reopened in bursts whenever latency rose.
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections, scheduling: "fifo" });
  const skipped = Math.round(opts.ratePerSecond * (opts.warmupSeconds ?? 0));
  const measured = Math.round(opts.ratePerSecond * opts.durationSeconds);
  const total = skipped + measured;
  const intervalMs = 1000 / opts.ratePerSecond;
  const latencies = new Float64Array(measured);
  const statuses = new Int16Array(measured);
  const counts = { status2xx: 0, other: 0, errors: 0 };
  let sent = 0;
  let answered = 0;
  let all2xx = 0;
  let lastAnswer = 0;
  const start = clock.now() + 20;
  const dueAt = (i: number) => start + i * intervalMs;

  await new Promise<void>((resolve) => {
    const finish = (i: number, outcome: keyof typeof counts, status = 0) => {
      const now = clock.now();
      if (outcome === "status2xx") all2xx++;
      if (i >= skipped) {
        latencies[i - skipped] = now - dueAt(i);
        statuses[i - skipped] = status;
        counts[outcome]++;
        lastAnswer = now;
      }
      opts.onAnswer?.(i, status);
      if (++answered === total) resolve();
    };
    const send = (i: number) => {
      const r = opts.request(i);
      let ended = false;
      const end = (outcome: keyof typeof counts, status = 0) => {
        if (!ended) finish(i, outcome, status);
        ended = true;
      };
      const req = request({ host: target.hostname, port: target.port, method: r.method, path: r.path, headers: r.headers, agent }, (res) => {
        const ok = res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300;
        res.resume();
        res.on("end", () => end(ok ? "status2xx" : "other", res.statusCode ?? 0));
      });
      req.on("error", () => end("errors"));
      req.end(r.body);
    };
    // Send everything due, then sleep until the next request is due (timers have ~1 ms resolution,
    // so requests leave in small bursts of at most ~rate/1000; their latency still counts from due).
    const tick = () => {
      const due = Math.min(total, Math.floor((clock.now() - start) / intervalMs) + 1);
      while (sent < due) send(sent++);
      if (sent < total) clock.setTimeout(tick, Math.max(0, dueAt(sent) - clock.now()));
    };
    clock.setTimeout(tick, 20);
  });
  agent.destroy();

  const perSec = Math.max(1, Math.round(opts.ratePerSecond));
  const p99BySecond: number[] = [];
  for (let s = 0; s * perSec < measured; s++) p99BySecond.push(Math.round(percentile(latencies.slice(s * perSec, (s + 1) * perSec).sort(), 0.99)));
  const sorted = latencies.slice().sort();
  const byStatus: Record<number, number> = {};
  for (const st of statuses) byStatus[st] = (byStatus[st] ?? 0) + 1;
  const okLatencies = Float64Array.from(latencies.filter((_, k) => statuses[k] >= 200 && statuses[k] < 300)).sort();
  const okAt = (p: number) => (okLatencies.length ? ms(percentile(okLatencies, p)) : NaN);
  return {
    byStatus,
    accepted: { p50: okAt(0.5), p99: okAt(0.99), max: okLatencies.length ? ms(okLatencies[okLatencies.length - 1]) : NaN },
    measured,
    all2xx,
    ...counts,
    perSecond: measured / ((lastAnswer - dueAt(skipped)) / 1000),
    latency: { p50: ms(percentile(sorted, 0.5)), p90: ms(percentile(sorted, 0.9)), p99: ms(percentile(sorted, 0.99)), max: ms(sorted[sorted.length - 1]) },
    p99BySecond,
  };
}
