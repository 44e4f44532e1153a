/** Configuration from the environment, and the embedded in-memory database the server accepts. */
import { describe, expect, it } from "vitest";
import { configFromEnv } from "../../api/bootstrap.ts";
import { createApp } from "../../api/app.ts";
import { openDatabase } from "../../adapters/libsql/index.ts";
import { seedDemoData } from "../../adapters/libsql/seed.ts";
import { randomIds, systemClock } from "../../adapters/system/clock.ts";
import { testAppDeps } from "../fixtures/test-app.ts";

describe("configuration", () => {
  it("defaults: port 3000, the embedded file database, demo mode on", () => {
    const c = configFromEnv({}, "/dist");
    expect(c).toMatchObject({ port: 3000, databaseUrl: "file:data/sportsbook.db", demoMode: true, feedIntervalMs: 3000 });
  });
  it("demo mode is off by default for a remote database, and DEMO_MODE decides when given", () => {
    expect(configFromEnv({ DATABASE_URL: "libsql://books.example.turso.io" }, "/d").demoMode).toBe(false);
    expect(configFromEnv({ DATABASE_URL: "https://books.example.com", DEMO_MODE: "1" }, "/d").demoMode).toBe(true);
    expect(configFromEnv({ DEMO_MODE: "false" }, "/d").demoMode).toBe(false);
    expect(configFromEnv({ DEMO_MODE: "off" }, "/d").demoMode).toBe(false);
    expect(configFromEnv({ DATABASE_URL: ":memory:" }, "/d").demoMode).toBe(true);
  });
  it("reads PORT, the auth token and the feed interval", () => {
    const c = configFromEnv({ PORT: "8080", DATABASE_AUTH_TOKEN: "tok", FEED_INTERVAL_MS: "500" }, "/d");
    expect(c).toMatchObject({ port: 8080, databaseAuthToken: "tok", feedIntervalMs: 500 });
  });
  it("TRUST_PROXY and PUBLIC_ORIGIN: off and loopback-only by default, read when given, and a bad value fails the start", () => {
    expect(configFromEnv({}, "/d")).toMatchObject({ trustProxy: { kind: "none" }, publicOrigin: null });
    expect(configFromEnv({ TRUST_PROXY: "1" }, "/d").trustProxy).toEqual({ kind: "hops", hops: 1 });
    expect(configFromEnv({ TRUST_PROXY: "10.0.0.0/8" }, "/d").trustProxy.kind).toBe("proxies");
    expect(configFromEnv({ PUBLIC_ORIGIN: "https://book.example" }, "/d").publicOrigin?.entries.map((e) => e.origin)).toEqual(["https://book.example"]);
    expect(() => configFromEnv({ TRUST_PROXY: "the load balancer" }, "/d")).toThrow(/TRUST_PROXY/);
    expect(() => configFromEnv({ PUBLIC_ORIGIN: "book.example" }, "/d")).toThrow(/PUBLIC_ORIGIN/);
  });
  it("the live book's waits: a score change suspends 5 s and a race re-form 10 s by default, read when given, and a bad value fails the start", () => {
    expect(configFromEnv({}, "/d")).toMatchObject({ scoreSuspendMs: 5000, reformSuspendMs: 10_000 });
    expect(configFromEnv({ SCORE_SUSPEND_MS: "4000", RACE_REFORM_SUSPEND_MS: "20000" }, "/d")).toMatchObject({ scoreSuspendMs: 4000, reformSuspendMs: 20_000 });
    expect(configFromEnv({ RACE_REFORM_SUSPEND_MS: "0" }, "/d").reformSuspendMs).toBe(0);
    expect(() => configFromEnv({ RACE_REFORM_SUSPEND_MS: "twenty seconds" }, "/d")).toThrow(/RACE_REFORM_SUSPEND_MS/);
    expect(() => configFromEnv({ RACE_REFORM_SUSPEND_MS: "-1" }, "/d")).toThrow(/RACE_REFORM_SUSPEND_MS/);
    expect(() => configFromEnv({ SCORE_SUSPEND_MS: "soon" }, "/d")).toThrow(/SCORE_SUSPEND_MS/);
  });
});

describe("DATABASE_URL=:memory:", () => {
  it("migrates, seeds and takes a bet like the file database", async () => {
    const database = await openDatabase({ url: ":memory:" });
    expect(database.kind).toBe("memory");
    await seedDemoData(database, randomIds);
    const app = createApp({
      ...testAppDeps(database, systemClock),
      ids: randomIds,
      database: { client: database.client, kind: database.kind },
      demoMode: true,
    });
    const login = await app.request("/api/demo/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role: "customer" }),
    });
    const cookie = login.headers.getSetCookie()[0].split(";")[0];
    const [event] = (await (await app.request("/api/events?status=upcoming&limit=1")).json()) as {
      id: string;
      markets: { id: string; outcomes: { id: string; odds: string }[] }[];
    }[];
    const m = event.markets[0];
    const res = await app.request("/api/bets", {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        selections: [{ eventId: event.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: m.outcomes[0].odds }],
        stake: 2500,
        betType: "single",
      }),
    });
    expect(res.status).toBe(201);
    expect((await res.json()).balance).toBe(97500);
    const health = await (await app.request("/api/health")).json();
    expect(health.database).toMatchObject({ ok: true, kind: "memory" });
    database.close();
  });
});
