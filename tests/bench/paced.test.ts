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

/** A server answering 204 after `delayMs`, one request at a time (a queue of its own). */
async function serve(delayMs: number): Promise<{ url: string; seen: () => number }> {
  let busyUntil = 0;
  let seen = 0;
  server = createServer((req, res) => {
    seen++;
    req.resume();
    busyUntil = Math.max(busyUntil, Date.now()) + delayMs;
    setTimeout(() => res.writeHead(204).end(), busyUntil - Date.now());
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", () => r()));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen: () => seen };
}

const get = () => ({ method: "GET", path: "/", headers: {} });

describe("paced load", () => {
  it("sends at the asked rate and reports a fast server as fast", async () => {
    const s = await serve(0);
    const r = await paced({ url: s.url, ratePerSecond: 200, durationSeconds: 1, warmupSeconds: 0.5, connections: 4, request: get });
    expect(r.measured).toBe(200);
    expect(r.status2xx).toBe(200);
    expect(r.all2xx).toBe(300);
    expect(s.seen()).toBe(300);
    // (How fast it was is the benchmark's business, not a test's: no wall-clock bound here.)
  });

  it("counts latency from when a request was due, so a server slower than the rate shows a growing queue", async () => {
    // Due every 10 ms, served every 30 ms: request k waits ~20k ms. A generator that timed from the
    // moment it could send (one connection, after the previous answer) would report ~30 ms for all.
    const s = await serve(30);
    const r = await paced({ url: s.url, ratePerSecond: 100, durationSeconds: 0.5, connections: 1, request: get });
    expect(r.measured).toBe(50);
    expect(r.status2xx).toBe(50);
    expect(r.latency.p50).toBeGreaterThan(400);
    expect(r.latency.max).toBeGreaterThan(900);
    expect(r.perSecond).toBeLessThan(40);
  });
});
