/**
 * The database checks behind GET /api/health and GET /api/admin/system go through the Health port:
 * a database that does not answer is an answer (503 degraded on the probe; a degraded system view
 * with no figures read), never a 500. The "down" database is a real connection that was closed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.ts";
import { libsqlPorts, openDatabase, type Database } from "../../adapters/libsql/index.ts";
import { LibsqlHealth } from "../../adapters/libsql/health.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { demoLogin, makeTestApp, type TestApp, testAppDeps } from "../fixtures/test-app.ts";

let t: TestApp;
let closed: Database;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await makeTestApp();
  const file = String((await t.database.client.execute("PRAGMA database_list")).rows.find((r) => r.name === "main")!.file);
  closed = await openDatabase({ url: `file:${file}` });
  closed.close();
  // Everything else works; only the health check's connection is gone.
  const ports = { ...libsqlPorts(t.database), health: new LibsqlHealth(closed.client, "file") };
  app = createApp({
    ...testAppDeps(t.database, t.clock, ports),
    ids: randomIds,
    database: { client: t.database.client, kind: t.database.kind },
    demoMode: true,
    version: "test",
  });
});
afterAll(() => t.close());

describe("the Health port over libSQL", () => {
  it("answers ok with the kind and a round trip for a live connection", async () => {
    const check = await new LibsqlHealth(t.database.client, t.database.kind).checkDatabase();
    expect(check).toMatchObject({ ok: true, kind: "file" });
    expect(check.roundTripMs).toBeGreaterThanOrEqual(0);
  });

  it("answers not ok, without throwing, for a connection that cannot query", async () => {
    const check = await new LibsqlHealth(closed.client, "remote").checkDatabase();
    expect(check).toMatchObject({ ok: false, kind: "remote" });
    expect(typeof check.roundTripMs).toBe("number");
  });
});

describe("with the database not answering", () => {
  it("GET /api/health is 503 degraded with database.ok false", async () => {
    const res = await app.request("/api/health");
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({ status: "degraded", database: { ok: false, kind: "file" }, demoMode: true, version: "test" });
  });

  it("GET /api/admin/system answers degraded, reading no figures", async () => {
    const admin = await demoLogin({ ...t, app }, "admin");
    const res = await admin.get("/api/admin/system");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "degraded", databaseKind: "file", ledgerAlarms: [] });
    expect(body.risk).toMatchObject({ houseBalance: 0, bankrollBase: 0 });
  });
});
