/**
 * Overload is an answer: with the writer's wait budget set very low, many concurrent placements
 * (2,000 at least) get some fast refusals (503 BET.BUSY with Retry-After) and every bet
 * answered 201 is stored, while a refusal writes nothing (no bet, no stake transaction, no
 * idempotency record). No timing is asserted: only the shape of the answers and the database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectLedgerBalanced, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { admissionGate, busyShareReader, LAG_TICK_MS, loopLag } from "../../api/middleware/admission.ts";
import type { AppEnv } from "../../api/env.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ admission: { budgetMs: 2 } });
});
afterAll(() => t.close());

const turn = () => new Promise<void>((r) => setImmediate(r));

describe("admission control under overload", () => {
  it("refuses some bets at once with 503 BET.BUSY and Retry-After, stores every 201 and nothing for a refusal", async () => {
    const pool = await upcomingPool(new Session(t));
    const selections = Array.from({ length: 10 }, () => selectionOf(pool.next()));
    const customers = await Promise.all(Array.from({ length: 30 }, () => demoLogin(t, "customer")));
    const before = {
      bets: await countRows(t.database, "SELECT COUNT(*) AS n FROM bets"),
      stakes: await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_stake'"),
      keys: await countRows(t.database, "SELECT COUNT(*) AS n FROM idempotency_keys"),
    };
    const statuses = new Map<number, number>();
    const busy: { code: string; retryAfter: string | null; retryAfterSeconds: unknown }[] = [];
    // What a refusal carries besides its code: it is made ahead of the middleware chain
    // (api/middleware/admission.ts), with the answer headers every API response has.
    let refusal: { headers: Headers; requestId?: string; sentId: string } | undefined;
    let placed = 0;
    let sent = 0;
    // Keep 200 placements in flight for at least 2,000 requests (a count of work, not a span of wall
    // time, which a loaded machine would fill with fewer) and until both answers have been seen:
    // the shape is what is checked, never the speed.
    const enough = () => sent >= 2000 && placed > 0 && busy.length > 0;
    const worker = async () => {
      while (!enough() && sent < 50_000) {
        const i = sent++;
        const sentId = `overload-request-${i}`;
        const res = await customers[i % customers.length].post(
          "/api/bets",
          { selections: [selections[i % selections.length]], stake: 100, betType: "single" },
          { "idempotency-key": `overload-${i}`, "x-request-id": sentId },
        );
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = (await res.json()) as { error?: { code: string; requestId?: string; details?: { retryAfterSeconds?: unknown } } };
        if (res.status === 201) placed++;
        if (res.status === 503) {
          busy.push({ code: body.error!.code, retryAfter: res.headers.get("retry-after"), retryAfterSeconds: body.error!.details?.retryAfterSeconds });
          refusal ??= { headers: res.headers, requestId: body.error!.requestId, sentId };
        }
        // As a network would: the next request arrives on a later turn of the event loop.
        await turn();
      }
    };
    await Promise.all(Array.from({ length: 200 }, worker));

    expect(placed).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    for (const b of busy) {
      expect(b.code).toBe("BET.BUSY");
      expect(b.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(b.retryAfterSeconds).toBe(Number(b.retryAfter));
    }
    // The request's own id in the header and the envelope; the security headers; never cached.
    expect(refusal!.requestId).toBe(refusal!.sentId);
    expect(refusal!.headers.get("x-request-id")).toBe(refusal!.sentId);
    expect(refusal!.headers.get("x-content-type-options")).toBe("nosniff");
    expect(refusal!.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(refusal!.headers.get("cache-control")).toBe("no-store");
    expect(refusal!.headers.get("content-type")).toMatch(/^application\/json/);
    // Nothing but placements and fast refusals: no 5xx other than the 503s, no other refusal.
    expect([...statuses.keys()].sort()).toEqual([201, 503]);
    expect(statuses.get(503)).toBe(busy.length);
    // Every 201 is stored; a refusal wrote nothing.
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM bets")).toBe(before.bets + placed);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_stake'")).toBe(before.stakes + placed);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM idempotency_keys")).toBe(before.keys + placed);
    await expectLedgerBalanced(t.database);
  });
});

describe("the admission gate on a fake clock", () => {
  /** A tiny app whose /slow answers when told to, behind the gate; /deposit does not queue. */
  function gated(budgetMs: number) {
    let now = 0;
    let lag = 0;
    let busy = 0;
    const gate = admissionGate({ budgetMs, minQueue: 2 }, () => now, { lagMs: () => lag, busy: () => busy });
    const release: (() => void)[] = [];
    const app = new Hono<AppEnv>();
    app.use("/slow", gate.guard("BET.BUSY"));
    app.use("/deposit", gate.guard("SYSTEM.BUSY", { counted: false }));
    app.post("/slow", async (c) => {
      await new Promise<void>((r) => release.push(r));
      return c.json({ ok: true }, 201);
    });
    app.post("/deposit", (c) => c.json({ ok: true }, 201));
    app.get("/slow", (c) => c.json({ read: true }, 200));
    return { app, gate, release, advance: (ms: number) => void (now += ms), lagBy: (ms: number) => void (lag = ms), busyAt: (share: number) => void (busy = share) };
  }

  it("counts queued writes, refuses past the budget with Retry-After, and refuses uncounted writes on the same estimate", async () => {
    const g = gated(100);
    const first = [g.app.request("/slow", { method: "POST" }), g.app.request("/slow", { method: "POST" })];
    await turn();
    expect(g.gate.estimator.queued).toBe(2);
    // Nothing answered for 150 ms with two in flight: a new write would wait at least that long.
    g.advance(150);
    const refused = await g.app.request("/slow", { method: "POST" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("BET.BUSY");
    const deposit = await g.app.request("/deposit", { method: "POST" });
    expect(deposit.status).toBe(503);
    expect(((await deposit.json()) as { error: { code: string } }).error.code).toBe("SYSTEM.BUSY");
    expect(g.gate.estimator.queued).toBe(2);
    // Reads are not gated.
    expect((await g.app.request("/slow")).status).toBe(200);
    for (const r of g.release.splice(0)) r();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([201, 201]);
    expect(g.gate.estimator.queued).toBe(0);
    expect((await g.app.request("/deposit", { method: "POST" })).status).toBe(201);
  });

  it("a refusal writes its own log line (it is answered ahead of the request log's middleware)", async () => {
    const lines: { status: number; route: string; requestId: string; method: string; actor: string }[] = [];
    let lag = 500;
    const gate = admissionGate({ budgetMs: 100, minQueue: 0 }, () => 0, { lagMs: () => lag, busy: () => 0 });
    const app = new Hono<AppEnv>();
    app.use("*", async (c, next) => {
      c.set("deps", { requestLog: (e: (typeof lines)[number]) => lines.push(e) } as unknown as AppEnv["Variables"]["deps"]);
      await next();
    });
    app.use("/api/bets", gate.guard("BET.BUSY"));
    app.post("/api/bets", (c) => c.json({ ok: true }, 201));
    const refused = await app.request("/api/bets", { method: "POST", headers: { "x-request-id": "logged-refusal" } });
    expect(refused.status).toBe(503);
    expect(lines).toEqual([expect.objectContaining({ status: 503, route: "/api/bets", requestId: "logged-refusal", method: "POST", actor: "anonymous" })]);
    lag = 0;
    expect((await app.request("/api/bets", { method: "POST" })).status).toBe(201);
  });

  it("a thread running late (requests waiting unread) refuses new writes while a queue exists, then admits again", async () => {
    const g = gated(100);
    g.lagBy(250);
    // A short queue is never refused, however late the thread runs.
    const first = [g.app.request("/slow", { method: "POST" }), g.app.request("/slow", { method: "POST" })];
    await turn();
    expect(g.gate.estimator.queued).toBe(2);
    const refused = await g.app.request("/slow", { method: "POST" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(((await refused.json()) as { error: { details: { retryAfterSeconds: number } } }).error.details.retryAfterSeconds).toBe(1);
    expect(g.gate.estimator.queued).toBe(2);
    // The backlog drained: the thread is on time again and the same write is admitted.
    g.lagBy(0);
    const admitted = g.app.request("/slow", { method: "POST" });
    await turn();
    expect(g.gate.estimator.queued).toBe(3);
    for (const r of g.release.splice(0)) r();
    expect((await Promise.all([...first, admitted])).map((r) => r.status)).toEqual([201, 201, 201]);
  });

  it("a thread busy past its share admits the first minQueue writes of a window and refuses the rest, then admits again once it has room", async () => {
    const g = gated(100);
    g.busyAt(0.97);
    // The first minQueue (2) writes of the window are admitted on a busy thread (a start-up, a settlement running).
    const first = [g.app.request("/slow", { method: "POST" }), g.app.request("/slow", { method: "POST" })];
    await turn();
    expect(g.gate.estimator.queued).toBe(2);
    // The third in the same window: writes keep arriving at a busy thread, so it is refused.
    const refused = await g.app.request("/slow", { method: "POST" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("BET.BUSY");
    expect(g.gate.estimator.queued).toBe(2);
    // The thread has room again: the next write is admitted.
    g.busyAt(0.5);
    const admitted = g.app.request("/slow", { method: "POST" });
    await turn();
    expect(g.gate.estimator.queued).toBe(3);
    for (const r of g.release.splice(0)) r();
    expect((await Promise.all([...first, admitted])).map((r) => r.status)).toEqual([201, 201, 201]);
  });

  it("the busy share reads a thread kept busy as near 1 and an idle one as near 0", async () => {
    const sampler = loopLag();
    try {
      // Busy: the thread spins between short yields, so the sampler's ticks run and see it busy.
      for (let i = 0; i < 40; i++) {
        const until = performance.now() + 10;
        while (performance.now() < until) {
          /* busy */
        }
        await new Promise((r) => setTimeout(r, 0));
      }
      expect(sampler.busy()).toBeGreaterThan(0.5);
      // Idle: waiting on timers only, for as long as it takes the average to fall.
      while (sampler.busy() > 0.5) await new Promise((r) => setTimeout(r, 20));
      expect(sampler.busy()).toBeLessThanOrEqual(0.5);
    } finally {
      sampler.stop();
    }
  });

  it("the busy share comes from the process's CPU time where the runtime reports no event-loop time (Deno)", () => {
    let now = 0;
    let cpu = 0;
    const zeros = () => ({ idle: 0, active: 0, utilization: 0 });
    const share = busyShareReader(() => now, () => cpu, zeros);
    now += 100;
    cpu += 90_000;
    expect(share()).toBeCloseTo(0.9);
    now += 100;
    cpu += 10_000;
    expect(share()).toBeCloseTo(0.1);
    // Other threads' time on top of a saturated thread still reads as 1.
    now += 100;
    cpu += 150_000;
    expect(share()).toBe(1);
  });

  it("the busy share is the event-loop utilisation where the runtime reports it (Node)", () => {
    let cpu = 0;
    const elu = (prev?: { idle: number; active: number }) =>
      prev ? { idle: 30, active: 70, utilization: 0.7 } : { idle: 1000, active: 1000, utilization: 0.5 };
    const share = busyShareReader(() => 0, () => (cpu += 1_000_000), elu);
    expect(share()).toBe(0.7);
    expect(share()).toBe(0.7);
  });

  it("the lag sampler sees a thread that was blocked", async () => {
    // The sampler's clock is ours: its ticks read it, and between two ticks it jumps as a blocked
    // thread would see it, so the lag is exact whatever the machine's speed.
    let now = 1_000;
    let reads = 0;
    const sampler = loopLag(() => (reads++, now));
    try {
      // A tick at the frozen time: on time, no lag.
      await expect.poll(() => reads, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      expect(sampler.lagMs()).toBe(0);
      // The next tick fires 80 ms after it was due.
      const before = reads;
      now += LAG_TICK_MS + 80;
      await expect.poll(() => reads, { timeout: 20_000 }).toBeGreaterThan(before);
      expect(sampler.lagMs()).toBe(80);
    } finally {
      sampler.stop();
    }
  });

  it("an in-play delay takes its bet out of the writer's queue while it waits", async () => {
    const g = gated(100);
    let waited = 0;
    const delay = g.gate.inPlay({ delayMs: () => 5000, scoreSuspendMs: 5000, reformSuspendMs: 0, wait: async () => void waited++ });
    g.app.request("/slow", { method: "POST" });
    await turn();
    expect(g.gate.estimator.queued).toBe(1);
    const waiting = delay.wait(5000);
    expect(g.gate.estimator.queued).toBe(0);
    await waiting;
    expect(waited).toBe(1);
    expect(g.gate.estimator.queued).toBe(1);
    for (const r of g.release.splice(0)) r();
  });
});
