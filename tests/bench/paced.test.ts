/**
 * The open-model load generator of the benchmark (bench/lib/paced.ts): requests leave on schedule
 * whatever the server does, and latency counts from when a request was due, so a slow server shows
 * as slow instead of slowing the generator down (coordinated omission).
 */
import { afterEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { paced } from "../../bench/lib/paced.ts";

let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A server answering 204 at once, counting what it was sent. */
async function serve(): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  server = createServer((req, res) => {
    seen++;
    req.resume();
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", () => r()));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen: () => seen };
}

const get = () => ({ method: "GET", path: "/", headers: {} });

describe("paced load", () => {
  it("sends at the asked rate and reports a fast server as fast", async () => {
    const s = await serve();
    const r = await paced({ url: s.url, ratePerSecond: 200, durationSeconds: 1, warmupSeconds: 0.5, connections: 4, request: get });
    expect(r.measured).toBe(200);
    expect(r.status2xx).toBe(200);
    expect(r.all2xx).toBe(300);
    expect(s.seen()).toBe(300);
    // (How fast it was is the benchmark's business, not a test's: no wall-clock bound here.)
  });

  it("counts latency from when a request was due, so a server slower than the rate shows a growing queue", async () => {
    // The generator's clock is ours: it moves only when the test moves it, and the server answers
    // only when the test says, so every latency is exact whatever the machine's speed.
    let now = 0;
    const timers: { at: number; fire: () => void }[] = [];
    const clock = { now: () => now, setTimeout: (fire: () => void, ms: number) => void timers.push({ at: now + ms, fire }) };
    const advanceTo = (t: number) => {
      now = t;
      for (let due = timers.find((x) => x.at <= now); due; due = timers.find((x) => x.at <= now)) {
        timers.splice(timers.indexOf(due), 1);
        due.fire();
      }
    };
    const held: { path: string; answer: () => void }[] = [];
    let arrived = () => {};
    server = createServer((req, res) => {
      req.resume();
      held.push({ path: req.url ?? "", answer: () => res.writeHead(204).end() });
      arrived();
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", () => r()));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    const nextArrival = () => new Promise<void>((resolve) => (held.length > 0 ? resolve() : (arrived = resolve)));
    const counted: number[] = [];
    let answerCounted = () => {};
    const onAnswer = (i: number) => (counted.push(i), answerCounted());

    // Due every 10 ms from t = 20 (requests 0-4 due at 20, 30, 40, 50, 60), over one connection.
    const run = paced({ url, ratePerSecond: 100, durationSeconds: 0.05, connections: 1, request: (i) => ({ method: "GET", path: `/${i}`, headers: {} }), clock, onAnswer });
    expect(timers.map((x) => x.at)).toEqual([20]);
    advanceTo(20);
    await nextArrival();
    expect(held.map((h) => h.path)).toEqual(["/0"]);
    // All five are due by t = 60 and leave on schedule; four wait for the connection.
    advanceTo(60);
    expect(timers).toEqual([]);
    // The server answers one every 30 ms, each request arriving only once the one before is answered;
    // the clock moves on only once the generator has counted the answer.
    for (let i = 0; i < 5; i++) {
      await nextArrival();
      const h = held.shift()!;
      expect(h.path).toBe(`/${i}`);
      const isCounted = new Promise<void>((resolve) => (answerCounted = resolve));
      advanceTo(60 + 30 * i);
      h.answer();
      await isCounted;
    }
    expect(counted).toEqual([0, 1, 2, 3, 4]);
    const r = await run;
    expect(r.measured).toBe(5);
    expect(r.status2xx).toBe(5);
    // Answered at 60, 90, 120, 150, 180; due at 20, 30, 40, 50, 60: latencies 40, 60, 80, 100, 120.
    // Timed from when each could be sent (after the answer before it) it would read 40, 30, 30, 30, 30.
    expect(r.latency).toEqual({ p50: 80, p90: 120, p99: 120, max: 120 });
    // 5 answers from the first due time (20) to the last answer (180): 31.25 a second, under the 100 asked.
    expect(r.perSecond).toBe(31.25);
  });
});
