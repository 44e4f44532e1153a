/**
 * GET /api/admin/audit (admin): every admin or trader change is there with who, what, before,
 * after and when, filterable. GET /api/admin/system (admin, trader): live configuration and health.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { demoLogin, makeTestApp, Session, type TestApp, testAppDeps } from "../fixtures/test-app.ts";
import { currentUserId, expectError, expectInvalidFields, upcomingPool } from "../fixtures/builders.ts";
import { expectRefusedFor, put, rolesOf, type Roles } from "../fixtures/trading-desk.ts";

let t: TestApp;
let r: Roles;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
let adminId: string;
let traderId: string;
let marketId: string;
let outcomeId: string;
let startedAt: Date;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  pool = await upcomingPool(new Session(t));
  adminId = await currentUserId(r.admin);
  traderId = await currentUserId(r.trader);
  const e = pool.forMutation();
  marketId = e.markets[0].id;
  outcomeId = e.markets[0].outcomes[0].id;
  // The four changes at their own milliseconds on the test clock, from one after everything the
  // set-up wrote: "from startedAt" finds exactly them, and newest first is their order however fast
  // the machine (on the wall clock they could share a millisecond with each other or the set-up).
  startedAt = new Date(Date.now() + 1);
  const at = (ms: number) => t.clock.set(new Date(startedAt.getTime() + ms));
  try {
    at(0);
    expect((await r.trader.post(`/api/admin/markets/${marketId}/suspend`)).status).toBe(200);
    at(1);
    expect((await put(r.admin, `/api/admin/markets/${marketId}/limit`, { liabilityLimit: 1_000_000 })).status).toBe(200);
    at(2);
    expect((await r.trader.post("/api/trading/adjust-odds", { outcomeId, direction: "up" })).status).toBe(200);
    at(3);
    expect((await r.admin.post(`/api/admin/markets/${marketId}/reopen`)).status).toBe(200);
  } finally {
    t.clock.set(null as unknown as Date); // back to real time
  }
});
afterAll(() => t.close());

type AuditRow = { id: string; actorId: string | null; actorRole: string; actorName: string | null; action: string; entityType: string; entityId: string; before: unknown; after: unknown; at: string };
const audit = async (q: string) => {
  const res = await r.admin.get(`/api/admin/audit${q}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AuditRow[];
};

describe("GET /api/admin/audit", () => {
  it("lists changes newest first with who, what, before, after and when", async () => {
    const rows = await audit(`?entityId=${marketId}`);
    expect(rows.map((x) => [x.action, x.actorRole])).toEqual([
      ["market.reopen", "admin"], ["market.limit", "admin"], ["market.suspend", "trader"],
    ]);
    expect(rows[2]).toMatchObject({ actorId: traderId, entityType: "market", before: { status: "open" }, after: { status: "suspended" } });
    expect(rows[2].actorName).toEqual(expect.any(String));
    expect(new Date(rows[0].at).getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
  });

  it("filters by actor, entity type, action (exact or prefix), time, and limits", async () => {
    expect((await audit(`?actorId=${traderId}`)).map((x) => x.action).sort()).toEqual(["market.suspend", "odds.adjust"]);
    expect((await audit("?entityType=outcome")).every((x) => x.entityType === "outcome")).toBe(true);
    expect((await audit(`?entityType=outcome&entityId=${outcomeId}`)).map((x) => x.action)).toEqual(["odds.adjust"]);
    expect((await audit(`?action=market.limit&entityId=${marketId}`))).toHaveLength(1);
    expect((await audit(`?action=market.&entityId=${marketId}`))).toHaveLength(3);
    expect((await audit(`?action=market&entityId=${marketId}`))).toHaveLength(0);
    const recent = await audit(`?from=${startedAt.toISOString()}`);
    expect(recent.map((x) => x.action).sort()).toEqual(["market.limit", "market.reopen", "market.suspend", "odds.adjust"]);
    expect((await audit(`?to=${startedAt.toISOString()}`)).every((x) => new Date(x.at) <= startedAt)).toBe(true);
    expect(await audit("?limit=2")).toHaveLength(2);
    expect((await audit(`?actorId=${adminId}&action=market.`)).map((x) => x.action)).toEqual(["market.reopen", "market.limit"]);
  });

  it("refuses bad filters (400)", async () => {
    await expectInvalidFields(await r.admin.get("/api/admin/audit?from=yesterday"), "from");
    await expectInvalidFields(await r.admin.get("/api/admin/audit?limit=0"), "limit");
    await expectError(await r.admin.get(`/api/admin/audit?from=${new Date(startedAt.getTime() + 60_000).toISOString()}&to=${startedAt.toISOString()}`), 400, "REQUEST.INVALID");
  });

  it("is admin only: anonymous 401, customer and trader 403", async () => {
    await expectRefusedFor(t, r, ["customer", "trader"], (s) => s.get("/api/admin/audit"));
  });

  it("audit records cannot be changed or deleted", async () => {
    const [row] = await audit("?limit=1");
    await expect(t.database.client.execute({ sql: "UPDATE audit_log SET action = 'x' WHERE id = ?", args: [row.id] })).rejects.toThrow(/AUDIT.IMMUTABLE/);
    await expect(t.database.client.execute({ sql: "DELETE FROM audit_log WHERE id = ?", args: [row.id] })).rejects.toThrow(/AUDIT.IMMUTABLE/);
  });
});

describe("GET /api/admin/system", () => {
  it("shows demo mode, database kind and round trip, feed status, uptime and the risk settings (admin, trader)", async () => {
    for (const s of [r.admin, r.trader]) {
      const res = await s.get("/api/admin/system");
      expect(res.status).toBe(200);
      const body = (await res.json()) as { dbRoundTripMs: unknown; uptimeSeconds: unknown; risk: unknown };
      expect(body).toMatchObject({
        status: "ok",
        demoMode: true,
        databaseKind: "file",
        feed: { running: false, lastTickAt: null, lagMs: null },
        version: "test",
        risk: { bankrollBase: 2_000_000, exposureAlertPercent: 3, defaultLiabilityLimit: 200_000_000 },
      });
      expect(typeof body.dbRoundTripMs).toBe("number");
      expect(typeof body.uptimeSeconds).toBe("number");
      const house = await t.database.client.execute("SELECT balance FROM ledger_accounts WHERE id = 'house'");
      expect(body.risk).toMatchObject({ houseBalance: Number(house.rows[0].balance), bankroll: Number(house.rows[0].balance) + 2_000_000 });
    }
    await expectRefusedFor(t, r, ["customer"], (s) => s.get("/api/admin/system"));
  });

  it("reports the feed's last tick and its lag, and the uptime, from the server clock", async () => {
    const now = new Date(Date.now() + 60_000);
    const app = createApp({
      ...testAppDeps(t.database, { now: () => now }),
      ids: randomIds,
      database: { client: t.database.client, kind: t.database.kind },
      demoMode: true,
      feed: { status: () => ({ running: true, lastTickAt: new Date(now.getTime() - 2500) }) },
      version: "9.9.9",
      startedAt: new Date(now.getTime() - 90_000),
    });
    const admin = await demoLogin({ ...t, app }, "admin");
    const res = await admin.get("/api/admin/system");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      feed: { running: true, lastTickAt: new Date(now.getTime() - 2500).toISOString(), lagMs: 2500 },
      uptimeSeconds: 90,
      version: "9.9.9",
      serverTime: now.toISOString(),
    });
  });
});
