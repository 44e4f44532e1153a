/**
 * Rate limits: over the limit a request gets 429 RATE.LIMITED with Retry-After and changes nothing;
 * windows reset; addresses and users are counted apart; two instances on one database count
 * together. (Sign-in and registration use the same middleware on their paths.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.ts";
import { DEFAULT_RATE_LIMITS, rateLimitsFromEnv } from "../../api/middleware/rate-limit.ts";
import type { RateLimitConfig } from "../../api/settings.ts";
import { LibsqlRateCounter } from "../../adapters/libsql/rate-counter.ts";
import { openDatabase } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { demoLogin, makeTestApp, Session, type TestApp, testAppDeps } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, placeSingle, selectionOf, upcomingPool } from "../fixtures/builders.ts";

const T0 = new Date("2026-11-21T12:00:00.000Z"); // on a 10-minute and a 10-second window boundary
const limits: RateLimitConfig = {
  ...DEFAULT_RATE_LIMITS,
  "demo-login": { limit: 3, windowMs: 600_000, by: "ip" },
  bets: { limit: 2, windowMs: 10_000, by: "user" },
};

let t: TestApp;
afterEach(() => t.close());

const demo = (app: { request: TestApp["app"]["request"] }, ip: string) =>
  app.request("/api/demo/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ role: "customer" }),
  });

describe("demo login limit (per address)", () => {
  it("refuses the 4th login in 10 minutes with 429 and Retry-After, creating nothing; other addresses and the next window are fine", async () => {
    t = await makeTestApp({ rateLimits: limits, trustProxy: true });
    t.clock.set(T0);
    for (let i = 0; i < 3; i++) expect((await demo(t.app, "203.0.113.1")).status).toBe(200);
    const users = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    t.clock.set(new Date(T0.getTime() + 60_000));
    const refused = await demo(t.app, "203.0.113.1");
    const body = await expectError(refused, 429, "RATE.LIMITED");
    expect(refused.headers.get("retry-after")).toBe("540");
    expect(body.error.details).toMatchObject({ limit: 3, windowSeconds: 600, retryAfterSeconds: 540 });
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(users);
    expect((await demo(t.app, "203.0.113.2")).status).toBe(200);
    t.clock.set(new Date(T0.getTime() + 600_000));
    expect((await demo(t.app, "203.0.113.1")).status).toBe(200);
  });

  it("two instances on one database count together", async () => {
    t = await makeTestApp({ rateLimits: limits, trustProxy: true });
    t.clock.set(T0);
    const file = String((await t.database.client.execute("PRAGMA database_list")).rows.find((r) => r.name === "main")!.file);
    const other = await openDatabase({ url: `file:${file}` });
    const second = createApp({
      ...testAppDeps(other, t.clock),
      ids: randomIds,
      database: { client: other.client, kind: other.kind },
      demoMode: true,
      trustProxy: true,
      rateLimits: limits,
      rateCounter: new LibsqlRateCounter(other.client),
    });
    try {
      expect((await demo(t.app, "203.0.113.9")).status).toBe(200);
      expect((await demo(second, "203.0.113.9")).status).toBe(200);
      expect((await demo(t.app, "203.0.113.9")).status).toBe(200);
      expect((await demo(second, "203.0.113.9")).status).toBe(429);
    } finally {
      other.close();
    }
  });
});

describe("bet placement limit (per customer)", () => {
  it("refuses the 3rd bet in 10 s without taking the stake; another customer is unaffected", async () => {
    t = await makeTestApp({ rateLimits: { ...limits, "demo-login": { limit: 100, windowMs: 600_000, by: "ip" } } });
    t.clock.set(T0);
    const a = await demoLogin(t, "customer");
    const b = await demoLogin(t, "customer");
    const pool = await upcomingPool(new Session(t));
    const sel = selectionOf(pool.next());
    expect((await placeSingle(a, sel, 100)).status).toBe(201);
    expect((await placeSingle(a, sel, 100)).status).toBe(201);
    const before = await balanceOf(a);
    const refused = await placeSingle(a, sel, 100);
    await expectError(refused, 429, "RATE.LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBe(10);
    expect(await balanceOf(a)).toBe(before);
    expect((await placeSingle(b, sel, 100)).status).toBe(201);
    // Reading bets is not limited.
    expect((await a.get("/api/bets")).status).toBe(200);
    t.clock.set(new Date(T0.getTime() + 10_000));
    expect((await placeSingle(a, sel, 100)).status).toBe(201);
  });
});

describe("RATE_LIMITS", () => {
  it("defaults, overrides and off", () => {
    expect(rateLimitsFromEnv(undefined)).toEqual(DEFAULT_RATE_LIMITS);
    expect(rateLimitsFromEnv("off")).toBe(false);
    const o = rateLimitsFromEnv("demo-login=500/60, bets=100/1");
    expect(o && o["demo-login"]).toEqual({ limit: 500, windowMs: 60_000, by: "ip" });
    expect(o && o.bets).toEqual({ limit: 100, windowMs: 1000, by: "user" });
    expect(() => rateLimitsFromEnv("nope=1/1")).toThrow(/RATE_LIMITS/);
  });
});

describe("registration limit (per address)", () => {
  const register = (app: { request: TestApp["app"]["request"] }, body: object) =>
    app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify(body),
    });
  const valid = (n: number) => ({ firstName: "Reg", lastName: `Tester${"abcdefghij"[n]}`, email: `reg${n}@example.com`, password: "a long enough password", dateOfBirth: "1990-01-01" });

  it("does not charge invalid forms (400) to the hour's budget; real attempts still count and are refused past it", async () => {
    t = await makeTestApp({ rateLimits: { ...limits, register: { limit: 2, windowMs: 3_600_000, by: "ip" } }, trustProxy: true });
    t.clock.set(T0);
    // Five invalid submits: each a 400 naming the fields, none counted.
    for (let i = 0; i < 5; i++) await expectError(await register(t.app, { ...valid(0), password: "short" }), 400, "REQUEST.INVALID");
    expect((await register(t.app, valid(1))).status).toBe(201);
    expect((await register(t.app, valid(2))).status).toBe(201);
    const users = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    await expectError(await register(t.app, valid(3)), 429, "RATE.LIMITED");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(users);
  });
});
