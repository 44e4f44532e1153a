/**
 * Who may call what: every admin route answers 401 without a session and 403 to customers and
 * traders (before looking at the body), the dashboard is for admin and trader, and cross-origin
 * writes are refused with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf,
  betCountFor,
  countRows,
  currentUserId,
  expectError,
  expectLedgerBalanced,
  listEvents,
  placeOk,
  selectionOf,
  type ApiEvent,
} from "../fixtures/builders.ts";

let t: TestApp;
let customer: Session;
let trader: Session;
let admin: Session;
let pendingBetId: string;
let upcoming: ApiEvent[];
beforeAll(async () => {
  t = await makeTestApp();
  customer = await demoLogin(t, "customer");
  trader = await demoLogin(t, "trader");
  admin = await demoLogin(t, "admin");
  upcoming = await listEvents(new Session(t), "status=upcoming&limit=200");
  pendingBetId = (await placeOk(customer, [selectionOf(upcoming[0])], 1000)).bet.id;
});
afterAll(() => t.close());

type Call = { name: string; run: (s: Session) => Promise<Response> };

const adminCalls = (): Call[] => [
  {
    name: "POST /api/admin/settle-bet/{id}",
    run: (s) => s.post(`/api/admin/settle-bet/${pendingBetId}`, { status: "void", actualReturn: 1000, reasonCode: "void_by_rule" }),
  },
  {
    name: "PATCH /api/admin/events/{id}",
    run: (s) => s.patch(`/api/admin/events/${upcoming[1].id}`, { status: "live" }),
  },
];

/** The state the refused calls must not touch. */
async function snapshot() {
  const bet = await t.database.client.execute({ sql: "SELECT status FROM bets WHERE id = ?", args: [pendingBetId] });
  const event = await t.database.client.execute({ sql: "SELECT status FROM events WHERE id = ?", args: [upcoming[1].id] });
  return {
    bet: bet.rows[0].status,
    event: event.rows[0].status,
    balance: await balanceOf(customer),
    audit: await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log"),
    postings: await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings"),
  };
}

describe("admin routes", () => {
  it.each(adminCalls().map((c) => [c.name, c] as const))("%s: 401 AUTH.REQUIRED without a session", async (_n, call) => {
    const before = await snapshot();
    await expectError(await call.run(new Session(t)), 401, "AUTH.REQUIRED");
    expect(await snapshot()).toEqual(before);
  });

  it.each(adminCalls().map((c) => [c.name, c] as const))("%s: 403 AUTH.FORBIDDEN for a customer", async (_n, call) => {
    const before = await snapshot();
    await expectError(await call.run(customer), 403, "AUTH.FORBIDDEN");
    expect(await snapshot()).toEqual(before);
  });

  it.each(adminCalls().map((c) => [c.name, c] as const))("%s: 403 AUTH.FORBIDDEN for a trader", async (_n, call) => {
    const before = await snapshot();
    await expectError(await call.run(trader), 403, "AUTH.FORBIDDEN");
    expect(await snapshot()).toEqual(before);
  });

  it("GET /api/admin/all-bets: staff read it (a trader too), a customer gets 403 and anonymous 401", async () => {
    expect((await trader.get("/api/admin/all-bets")).status).toBe(200);
    await expectError(await customer.get("/api/admin/all-bets"), 403, "AUTH.FORBIDDEN");
    await expectError(await new Session(t).get("/api/admin/all-bets"), 401, "AUTH.REQUIRED");
  });

  it("checks the role before the body: a customer with an invalid body still gets 403, anonymous 401", async () => {
    await expectError(await customer.post(`/api/admin/settle-bet/${pendingBetId}`, { status: "bogus" }), 403, "AUTH.FORBIDDEN");
    await expectError(await customer.patch(`/api/admin/events/${upcoming[1].id}`, { status: "bogus" }), 403, "AUTH.FORBIDDEN");
    await expectError(await new Session(t).patch("/api/admin/events/x", "{not json"), 401, "AUTH.REQUIRED");
  });

  it("an admin may call each of them", async () => {
    expect((await admin.get("/api/admin/all-bets")).status).toBe(200);
    const settled = await admin.post(`/api/admin/settle-bet/${pendingBetId}`, { status: "void", actualReturn: 1000, reasonCode: "void_by_rule" });
    expect(settled.status).toBe(200);
    expect(await balanceOf(customer)).toBe(100000);
    const patched = await admin.patch(`/api/admin/events/${upcoming[1].id}`, { status: "live" });
    expect(patched.status).toBe(200);
  });
});

describe("GET /api/dashboard/stats", () => {
  it("admin and trader: 200", async () => {
    expect((await admin.get("/api/dashboard/stats")).status).toBe(200);
    expect((await trader.get("/api/dashboard/stats")).status).toBe(200);
  });
  it("customer: 403 AUTH.FORBIDDEN", async () => {
    await expectError(await customer.get("/api/dashboard/stats"), 403, "AUTH.FORBIDDEN");
  });
  it("anonymous: 401 AUTH.REQUIRED", async () => {
    await expectError(await new Session(t).get("/api/dashboard/stats"), 401, "AUTH.REQUIRED");
  });
});

describe("cross-origin requests", () => {
  const evil = { origin: "https://evil.example" };

  it("POST /api/bets from another origin: 403 REQUEST.CROSS_ORIGIN; no bet, no money moved", async () => {
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    const res = await c.post("/api/bets", { selections: [selectionOf(upcoming[2])], stake: 1000, betType: "single" }, evil);
    await expectError(res, 403, "REQUEST.CROSS_ORIGIN");
    expect(await balanceOf(c)).toBe(100000);
    expect(await betCountFor(t.database, id)).toBe(0);
  });

  it("POST /api/demo/login from another origin: 403, no user and no cookie", async () => {
    const users = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    const res = await new Session(t).post("/api/demo/login", { role: "admin" }, evil);
    await expectError(res, 403, "REQUEST.CROSS_ORIGIN");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(users);
  });

  it("POST /api/demo/logout from another origin: 403 and the session survives", async () => {
    const c = await demoLogin(t, "customer");
    await expectError(await c.post("/api/demo/logout", undefined, evil), 403, "REQUEST.CROSS_ORIGIN");
    expect((await c.get("/api/auth/user")).status).toBe(200);
  });

  it("admin writes from another origin: 403 and nothing changes", async () => {
    const c = await demoLogin(t, "customer");
    const bet = await placeOk(c, [selectionOf(upcoming[3])], 1000);
    await expectError(
      await admin.post(`/api/admin/settle-bet/${bet.bet.id}`, { status: "won", actualReturn: bet.bet.potentialReturn }, evil),
      403,
      "REQUEST.CROSS_ORIGIN",
    );
    await expectError(await admin.patch(`/api/admin/events/${upcoming[3].id}`, { status: "finished" }, evil), 403, "REQUEST.CROSS_ORIGIN");
    expect(await balanceOf(c)).toBe(99000);
    const rs = await t.database.client.execute({ sql: "SELECT status FROM bets WHERE id = ?", args: [bet.bet.id] });
    expect(rs.rows[0].status).toBe("pending");
    const ev = await t.database.client.execute({ sql: "SELECT status FROM events WHERE id = ?", args: [upcoming[3].id] });
    expect(ev.rows[0].status).toBe("upcoming");
  });

  it("a browser's Sec-Fetch-Site: cross-site is refused too, even without Origin", async () => {
    const c = await demoLogin(t, "customer");
    const res = await c.post("/api/bets", { selections: [selectionOf(upcoming[2])], stake: 1000, betType: "single" }, { "sec-fetch-site": "cross-site" });
    await expectError(res, 403, "REQUEST.CROSS_ORIGIN");
    expect(await balanceOf(c)).toBe(100000);
  });

  it("an unparsable Origin is refused", async () => {
    await expectError(await new Session(t).post("/api/demo/login", { role: "admin" }, { origin: "null" }), 403, "REQUEST.CROSS_ORIGIN");
  });

  it("the same origin is allowed, and cross-origin reads are not blocked", async () => {
    const c = await demoLogin(t, "customer");
    const ok = await c.post("/api/bets", { selections: [selectionOf(upcoming[2])], stake: 1000, betType: "single" }, {
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    });
    expect(ok.status).toBe(201);
    expect((await c.get("/api/customer/balance", evil)).status).toBe(200);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
