/**
 * The demo sandbox (domain/shared/reach.ts, docs/security.md "Demo mode"): staff who came in through
 * a demo login work on demo and sample accounts only; real staff work on the real book.
 *
 * - Every admin or trader route that acts on or reads one person's object (found from the registered
 *   routes, not a hand-written list: a new route with a path parameter fails until it is classified
 *   here) is called by a demo admin (or demo trader) with a registered customer's object: 403
 *   SANDBOX.OUT_OF_REACH, and nothing of that customer changes. The same routes on a demo
 *   customer's objects are not refused by the sandbox (so the refusal is about whose object it is).
 * - The registered customer is absent from every person-level list, export and search a demo admin
 *   reads; the demo customer's bet is there, flagged demo, and the demo admin settles it.
 * - Real staff never see demo users in lists, exports, monitoring or risk profiles.
 * - A returning browser gets its demo user back; "start over" and an expired account give a new one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, staffLogin, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectError, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { put, verifiedCustomer } from "../fixtures/accounts.ts";
import { ALLOWED, registeredRoutes, ruleFor } from "../fixtures/access-policy.ts";

let t: TestApp;
let demoAdmin: Session;
let demoTrader: Session;
let realAdmin: Session;

/** One person's objects: account, a pending bet, a withdrawal awaiting approval, a fraud alert. */
interface Person {
  s: Session;
  userId: string;
  email: string;
  betId: string;
  betReturn: number;
  paymentId: string;
  alertId: string;
}
let registered: Person;
let demo: Person;

async function withObjects(s: Session, userId: string, email: string, pool: Awaited<ReturnType<typeof upcomingPool>>): Promise<Person> {
  await put(s, "/api/responsible/limit-prompt", { declined: true });
  expect((await s.post("/api/wallet/deposits", { method: "bank", amount: 150_000 })).status).toBe(201);
  const bet = (await placeOk(s, [selectionOf(pool.next())], 1_000)).bet;
  const w = await s.post("/api/wallet/withdrawals", { method: "bank", amount: 100_001 });
  const wBody = (await w.json()) as { paymentId: string; state: string };
  expect(wBody.state, JSON.stringify(wBody)).toBe("awaiting_approval");
  // A fraud alert on the person, written as the back office's manual flag writes one.
  const alertId = `fa_${userId}`;
  await t.database.client.execute({
    sql: `INSERT INTO fraud_alerts (id, user_id, alert_type, severity, description, dedupe_key, status, created_at)
          VALUES (?, ?, 'manual_flag', 'medium', 'Flagged for review', ?, 'open', ?)`,
    args: [alertId, userId, `manual:${userId}`, Date.now()],
  });
  return { s, userId, email, betId: bet.id, betReturn: bet.potentialReturn, paymentId: wBody.paymentId, alertId };
}

beforeAll(async () => {
  t = await makeTestApp({ jobs: true }); // the demo expiry job is run by hand below
  demoAdmin = await demoLogin(t, "admin");
  demoTrader = await demoLogin(t, "trader");
  realAdmin = await staffLogin(t, "admin");
  const pool = await upcomingPool(realAdmin);
  const r = await verifiedCustomer(t, "full");
  registered = await withObjects(r.session, r.userId, r.email, pool);
  const d = await demoLogin(t, "customer");
  const me = (await (await d.get("/api/auth/user")).json()) as { id: string; email: string };
  demo = await withObjects(d, me.id, me.email, pool);
});
afterAll(() => t.close());

type Kind = "user" | "bet" | "payment" | "fraud_alert";
/** What the path parameter of each staff route with one names: a person's object, or not a person's. */
const PERSON_ROUTES: Record<string, Kind> = {
  "POST /api/admin/crm/customers/{id}/bonus": "user",
  "POST /api/admin/crm/customers/{id}/flag": "user",
  "POST /api/admin/crm/customers/{id}/restrict": "user",
  "GET /api/admin/customers/{id}/bonus": "user",
  "GET /api/admin/users/{id}/debt": "user",
  "GET /api/admin/users/{id}/investigation": "user",
  "PUT /api/admin/users/{id}/investigation": "user",
  "GET /api/admin/users/{userId}/activity": "user",
  "PATCH /api/admin/users/{userId}/status": "user",
  "PUT /api/trading/customers/{userId}/stake-factor": "user",
  "POST /api/admin/settle-bet/{id}": "bet",
  "POST /api/admin/bets/{id}/resettle": "bet",
  "POST /api/admin/payments/{id}/approve": "payment",
  "POST /api/admin/payments/{id}/reject": "payment",
  "POST /api/admin/payments/{id}/reverse": "payment",
  "POST /api/admin/fraud-alert/{id}/resolve": "fraud_alert",
};
/** Staff routes whose parameter is no person's: events, markets, contests, staff tasks, one's own bulk operations, desk alerts. */
const NOT_PERSON = [
  /^\/api\/admin\/(events|markets)\//,
  /^\/api\/admin\/fantasy\/contests\//,
  /^\/api\/admin\/tasks\//,
  /^\/api\/admin\/bulk-operations\//,
  /^\/api\/trading\/alerts\//,
  // A staff request's id: the use case checks the requester's reach (the approvals test below).
  /^\/api\/admin\/approvals\//,
  // A risk setting's key (the four-eyes thresholds): admins' own settings, no person's.
  /^\/api\/admin\/risk-settings\//,
];

/** A body the route would accept, so that without the sandbox the call would act. */
const BODIES: Record<string, unknown> = {
  "POST /api/admin/crm/customers/{id}/bonus": { amount: 500_000, reason: "Goodwill" },
  "POST /api/admin/crm/customers/{id}/flag": { reason: "Looks odd" },
  "POST /api/admin/crm/customers/{id}/restrict": { reason: "Looks odd" },
  "PUT /api/admin/users/{id}/investigation": { underInvestigation: true, reason: "Looks odd" },
  "PATCH /api/admin/users/{userId}/status": { status: "suspended", reason: "Looks odd" },
  "PUT /api/trading/customers/{userId}/stake-factor": { stakeFactor: 0.1, reason: "Sharp" },
  "POST /api/admin/settle-bet/{id}": { status: "won", actualReturn: 5_000, override: { reason: "Result confirmed by the league" } },
  "POST /api/admin/bets/{id}/resettle": { status: "won", reason: "Wrong result" },
  "POST /api/admin/payments/{id}/approve": { note: "Checked" },
  "POST /api/admin/payments/{id}/reject": { reason: "Not checked" },
  "POST /api/admin/payments/{id}/reverse": { reason: "Chargeback" },
  "POST /api/admin/fraud-alert/{id}/resolve": { resolution: "dismissed", note: "Fine" },
};

function staffRoutesWithParams() {
  return registeredRoutes(t.app).filter((r) => {
    const rule = ruleFor(r.method, r.path);
    return rule && ALLOWED[rule.access].includes("admin") && rule.access !== "public" && r.path.includes("{");
  });
}

const objectOf = (p: Person, kind: Kind) => ({ user: p.userId, bet: p.betId, payment: p.paymentId, fraud_alert: p.alertId })[kind];
const urlFor = (path: string, id: string) => path.replace(/\{[^}]+\}/, id);

/** Everything of one person an action could change. */
async function snapshot(p: Person) {
  const one = async (sql: string, id: string) => JSON.stringify((await t.database.client.execute({ sql, args: [id] })).rows);
  return {
    user: await one("SELECT * FROM users WHERE id = ?", p.userId),
    bet: await one("SELECT status, actual_return FROM bets WHERE id = ?", p.betId),
    payment: await one("SELECT state FROM payments WHERE id = ?", p.paymentId),
    alert: await one("SELECT status FROM fraud_alerts WHERE id = ?", p.alertId),
    postings: await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings WHERE account_id LIKE ?", [`%${p.userId}%`]),
    audit: await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log"),
    balance: await balanceOf(p.s),
  };
}

describe("demo staff act only within the sandbox", () => {
  it("classifies every staff route with a path parameter (a new one fails until it is classified here)", () => {
    const unclassified = staffRoutesWithParams()
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !(key in PERSON_ROUTES) && !NOT_PERSON.some((re) => re.test(key.split(" ")[1])));
    expect(unclassified).toEqual([]);
    const registeredKeys = new Set(staffRoutesWithParams().map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(PERSON_ROUTES).filter((k) => !registeredKeys.has(k))).toEqual([]);
  });

  it("refuses every action on a registered customer's account, bet, payment or alert: 403 SANDBOX.OUT_OF_REACH, nothing changes", async () => {
    const before = await snapshot(registered);
    for (const [key, kind] of Object.entries(PERSON_ROUTES)) {
      const [method, path] = key.split(" ");
      const who = path.startsWith("/api/trading/") ? [demoAdmin, demoTrader] : [demoAdmin];
      for (const s of who) {
        const res = await s.request(method, urlFor(path, objectOf(registered, kind)), method === "GET" ? undefined : BODIES[key] ?? {});
        expect(res.status, key).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code, key).toBe("SANDBOX.OUT_OF_REACH");
      }
    }
    expect(await snapshot(registered)).toEqual(before);
  });

  it("lets the same routes through on a demo customer's objects (the refusal is about whose object it is)", async () => {
    for (const [key, kind] of Object.entries(PERSON_ROUTES)) {
      const [method, path] = key.split(" ");
      if (method !== "GET") continue; // reads only: the writes are exercised one by one below
      const res = await demoAdmin.request(method, urlFor(path, objectOf(demo, kind)));
      expect(res.status, `${key}: ${await res.clone().text()}`).toBe(200);
    }
    const approve = await demoAdmin.post(`/api/admin/payments/${demo.paymentId}/approve`, { note: "Checked" });
    expect(approve.status, await approve.clone().text()).toBe(200);
  });

  it("never shows a registered customer in a demo admin's lists, exports or searches; shows the demo customer", async () => {
    const lists = [
      "/api/admin/users", `/api/admin/users?search=${encodeURIComponent(registered.email)}`, "/api/admin/users.csv",
      "/api/admin/bets", "/api/admin/all-bets", "/api/admin/crm/customers", "/api/admin/payments/transactions",
      "/api/admin/payments/transactions.csv", "/api/admin/payments/approvals", "/api/admin/fraud-alerts",
      "/api/admin/transaction-monitoring", "/api/admin/user-risk-profiles", "/api/admin/audit",
    ];
    for (const path of lists) {
      const res = await demoAdmin.get(path);
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBe(200);
      expect(text.includes(registered.userId) || text.includes(registered.email), path).toBe(false);
    }
    // Not vacuous: the demo customer is there, and real staff see the registered one.
    const names = (text: string, p: Person) => text.includes(p.userId) || text.includes(p.email);
    for (const path of ["/api/admin/users", "/api/admin/users.csv", "/api/admin/bets", "/api/admin/fraud-alerts"]) {
      expect(names(await (await demoAdmin.get(path)).text(), demo), path).toBe(true);
      expect(names(await (await realAdmin.get(path)).text(), registered), path).toBe(true);
    }
    expect(names(await (await realAdmin.get("/api/admin/payments/approvals")).text(), registered)).toBe(true);
  });

  it("shows the demo customer's bet to demo staff flagged demo, and the demo admin settles it; the customer sees the result", async () => {
    type Listed = { id: string; demo: boolean; userId: string };
    const inBets = ((await (await demoAdmin.get("/api/admin/bets?status=pending")).json()) as { items: Listed[] }).items;
    expect(inBets.find((b) => b.id === demo.betId)).toMatchObject({ demo: true, userId: demo.userId });
    const all = (await (await demoTrader.get("/api/admin/all-bets")).json()) as Listed[];
    expect(all.find((b) => b.id === demo.betId)).toMatchObject({ demo: true });
    const before = await balanceOf(demo.s);
    const res = await demoAdmin.post(`/api/admin/settle-bet/${demo.betId}`, { status: "won", actualReturn: demo.betReturn, override: { reason: "Result confirmed by the league before full time" } });
    expect(res.status, await res.clone().text()).toBe(200);
    const mine = (await (await demo.s.get("/api/bets")).json()) as { id: string; status: string }[] | { items: { id: string; status: string }[] };
    const list = Array.isArray(mine) ? mine : mine.items;
    expect(list.find((b) => b.id === demo.betId)?.status).toBe("won");
    expect(await balanceOf(demo.s)).toBe(before + demo.betReturn);
  });
});

describe("four eyes stay within the sandbox", () => {
  it("a real admin's request is neither listed to nor decided by a demo admin (403 SANDBOX.OUT_OF_REACH, nothing applied)", async () => {
    const market = { id: String((await t.database.client.execute("SELECT id FROM markets WHERE status = 'open' ORDER BY id LIMIT 1")).rows[0].id) };
    const limitOf = async () => Number((await t.database.client.execute({ sql: "SELECT liability_limit FROM markets WHERE id = ?", args: [market.id] })).rows[0].liability_limit);
    const before = await limitOf();
    const asked = await put(realAdmin, `/api/admin/markets/${market.id}/limit`, { liabilityLimit: 10_000_000_000 });
    expect(asked.status).toBe(202);
    const { approval } = (await asked.json()) as { approval: { id: string } };
    const listed = (await (await demoAdmin.get("/api/admin/approvals")).json()) as { items: { id: string }[] };
    expect(listed.items.map((a) => a.id)).not.toContain(approval.id);
    await expectError(await demoAdmin.post(`/api/admin/approvals/${approval.id}/approve`, {}), 403, "SANDBOX.OUT_OF_REACH");
    await expectError(await demoAdmin.post(`/api/admin/approvals/${approval.id}/reject`, { reason: "Not in my sandbox" }), 403, "SANDBOX.OUT_OF_REACH");
    expect(await limitOf()).toBe(before);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM approval_requests WHERE id = ? AND state = 'pending'", [approval.id])).toBe(1);
  });
});

describe("real staff never see demo users", () => {
  it("keeps demo users out of real staff's lists, exports, monitoring and risk profiles", async () => {
    const lists = [
      "/api/admin/users", `/api/admin/users?search=${encodeURIComponent(demo.email)}`, "/api/admin/users.csv", "/api/admin/bets",
      "/api/admin/all-bets", "/api/admin/crm/customers", "/api/admin/payments/transactions", "/api/admin/payments/transactions.csv",
      "/api/admin/payments/approvals", "/api/admin/fraud-alerts", "/api/admin/transaction-monitoring", "/api/admin/user-risk-profiles",
    ];
    for (const path of lists) {
      const res = await realAdmin.get(path);
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBe(200);
      expect(text.includes(demo.userId) || text.includes(demo.email), path).toBe(false);
    }
    // And a real admin's action on a demo account is refused the same way (it expires on its own).
    await expectError(await realAdmin.patch(`/api/admin/users/${demo.userId}/status`, { status: "suspended", reason: "Test" }), 403, "SANDBOX.OUT_OF_REACH");
  });
});

/** The demo device cookie a response set (the test Session keeps only the session cookie). */
function deviceCookie(res: Response): string {
  for (const set of res.headers.getSetCookie()) {
    const m = /^((?:__Host-)?demo_device)=([^;]+)/.exec(set);
    if (m) return `${m[1]}=${m[2]}`;
  }
  throw new Error("no demo device cookie");
}

describe("a returning demo visitor", () => {
  it("gets the same demo user back from the same browser, per role; a new browser or 'start over' gets a new one; the user count does not grow per click", async () => {
    const users = () => countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE is_demo = 1");
    const first = new Session(t);
    const res = await first.post("/api/demo/login", { role: "customer" });
    expect(res.status).toBe(200);
    const device = deviceCookie(res);
    const firstId = await currentUserId(first);
    const count = await users();
    // Signed out (or the session gone), the browser comes back with its device cookie only.
    for (let i = 0; i < 3; i++) {
      const again = new Session(t);
      expect((await again.post("/api/demo/login", { role: "customer" }, { cookie: device })).status).toBe(200);
      expect(await currentUserId(again)).toBe(firstId);
    }
    expect(await users()).toBe(count);
    // Another role from the same browser is its own user, and comes back too.
    const adminA = new Session(t);
    await adminA.post("/api/demo/login", { role: "admin" }, { cookie: device });
    const adminB = new Session(t);
    await adminB.post("/api/demo/login", { role: "admin" }, { cookie: device });
    expect(await currentUserId(adminA)).toBe(await currentUserId(adminB));
    expect(await currentUserId(adminA)).not.toBe(firstId);
    // A browser without the cookie is someone else.
    expect(await currentUserId(await demoLogin(t, "customer"))).not.toBe(firstId);
    // Start over asks for a new user, and the device then maps to it.
    const fresh = new Session(t);
    await fresh.post("/api/demo/login", { role: "customer", startOver: true }, { cookie: device });
    const freshId = await currentUserId(fresh);
    expect(freshId).not.toBe(firstId);
    const back = new Session(t);
    await back.post("/api/demo/login", { role: "customer" }, { cookie: device });
    expect(await currentUserId(back)).toBe(freshId);
  });

  it("does not resume an account closed as idle: the browser starts a new demo user", async () => {
    const start = new Date();
    t.clock.set(start);
    try {
      const s = new Session(t);
      const device = deviceCookie(await s.post("/api/demo/login", { role: "customer" }));
      const id = await currentUserId(s);
      t.clock.set(new Date(start.getTime() + 25 * 3_600_000));
      await t.jobs!.demoExpiry();
      expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE id = ? AND is_active = 0", [id])).toBe(1);
      const back = new Session(t);
      expect((await back.post("/api/demo/login", { role: "customer" }, { cookie: device })).status).toBe(200);
      expect(await currentUserId(back)).not.toBe(id);
      expect(await balanceOf(back)).toBe(100_000);
    } finally {
      t.clock.set(new Date());
    }
  });
});
