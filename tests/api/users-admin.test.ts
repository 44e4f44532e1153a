/**
 * User management: the list with server-side search/status/KYC filters, the stat cards, suspend and
 * activate (sessions end at once, audited, never yourself), Add User with a hashed password, the
 * activity log, the CSV export, and who may call each route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp, staffLogin } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectError, expectInvalidFields, expectUnknownKey, placeOk, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { callers, expectAdminOnly, type Callers } from "../fixtures/roles.ts";

type AdminUser = {
  id: string; email: string; firstName: string; lastName: string; role: string; isActive: boolean; isDemo: boolean; balance: number;
  hasWallet: boolean; createdAt: string; verificationLevel: string; kycStatus: string; riskProfile: { riskLevel: string; riskScore: number };
};

let t: TestApp;
let who: Callers;
let admin: Session;
let realAdmin: Session;
let adminId: string;
beforeAll(async () => {
  t = await makeTestApp();
  who = await callers(t);
  admin = who.admin;
  // Real staff: Add User and the user figures are the real book's (demo admins add nobody).
  realAdmin = await staffLogin(t, "admin");
  adminId = await currentUserId(admin);
});
afterAll(() => t.close());

async function users(query = "", by: Session = admin): Promise<AdminUser[]> {
  const res = await by.get(`/api/admin/users${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminUser[];
}
const auditRows = (entityId: string, action: string) =>
  countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ? AND action = ?", [entityId, action]);

describe("GET /api/admin/users", () => {
  it("lists every user with balance, KYC, and risk profile, newest first", async () => {
    const all = await users();
    // A demo admin lists the demo sandbox: demo and sample accounts (docs/security.md).
    expect(all.length).toBe(await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE is_demo = 1 OR is_sample = 1"));
    const jack = all.find((u) => u.email === "jack.thompson@example.com")!;
    const wallet = await t.database.client.execute({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [`wallet:${jack.id}`] });
    expect(jack).toMatchObject({ role: "customer", isActive: true, hasWallet: true, verificationLevel: "full", kycStatus: "verified" });
    expect(jack.balance).toBe(Number(wallet.rows[0].balance));
    const sarah = all.find((u) => u.email === "sarah.mitchell@example.com")!;
    expect(sarah).toMatchObject({ role: "admin", hasWallet: false, balance: 0 });
    const times = all.map((u) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The seeded fraud scan scored the customers.
    expect(all.find((u) => u.email === "zoe.campbell@example.com")!.riskProfile.riskLevel).toBe("critical");
    expect(sarah.riskProfile).toEqual({ riskLevel: "low", riskScore: 0 });
  });

  it("searches email or 'first last' case-insensitively", async () => {
    expect((await users("?search=THOMPSON")).map((u) => u.email)).toEqual(["jack.thompson@example.com"]);
    expect((await users("?search=jack%20thom")).map((u) => u.email)).toEqual(["jack.thompson@example.com"]);
    expect((await users("?search=olivia.nguyen%40example")).map((u) => u.email)).toEqual(["olivia.nguyen@example.com"]);
    expect(await users("?search=nobody-has-this-name")).toEqual([]);
  });

  it("filters KYC by stored level: verified=full, basic, pending=basic or pending, rejected=none or rejected", async () => {
    const all = await users();
    const verified = await users("?kyc=verified");
    expect(verified.length).toBe(all.filter((u) => u.verificationLevel === "full").length);
    expect(verified.every((u) => u.verificationLevel === "full")).toBe(true);
    const pending = await users("?kyc=pending");
    expect(pending.map((u) => u.email).sort()).toEqual(["ava.clarke@example.com", "lucas.martin@example.com"]);
    expect((await users("?kyc=basic")).length).toBe(2);
    expect(await users("?kyc=rejected")).toEqual([]);
  });

  it("refuses filters outside the lists", async () => {
    await expectInvalidFields(await admin.get("/api/admin/users?status=banned"), "status");
    await expectInvalidFields(await admin.get("/api/admin/users?kyc=full"), "kyc");
  });
});

describe("PATCH /api/admin/users/{userId}/status", () => {
  it("suspends a customer: their session ends at once, they are refused, and it is audited", async () => {
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    await placeOk(customer, [selectionOf(pool.next())], 500);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [id])).toBe(1);

    const res = await admin.patch(`/api/admin/users/${id}/status`, { isActive: false, reason: "Chargeback" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: AdminUser; sessionsEnded: number };
    expect(body.user).toMatchObject({ id, isActive: false });
    expect(body.sessionsEnded).toBe(1);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [id])).toBe(0);

    await expectError(await customer.get("/api/auth/user"), 403, "AUTH.ACCOUNT_SUSPENDED") // the ended session says why;
    await expectError(await customer.post("/api/bets", { selections: [selectionOf(pool.next())], stake: 500, betType: "single" }), 403, "AUTH.ACCOUNT_SUSPENDED");

    const audit = await t.database.client.execute({ sql: "SELECT * FROM audit_log WHERE entity_id = ? AND action = 'user.suspend'", args: [id] });
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_id: adminId, actor_role: "admin", entity_type: "user" });
    expect(JSON.parse(String(audit.rows[0].before))).toEqual({ isActive: true });
    expect(JSON.parse(String(audit.rows[0].after))).toEqual({ isActive: false, reason: "Chargeback", category: "review" });
    expect((await users("?status=suspended")).map((u) => u.id)).toContain(id);
    expect((await users("?status=active")).map((u) => u.id)).not.toContain(id);

    const again = await admin.patch(`/api/admin/users/${id}/status`, { isActive: true });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { user: AdminUser }).user.isActive).toBe(true);
    expect(await auditRows(id, "user.activate")).toBe(1);
  });

  it("changes nothing when the user already has that status", async () => {
    const jack = (await users("?search=jack.thompson"))[0];
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log");
    const res = await admin.patch(`/api/admin/users/${jack.id}/status`, { isActive: true });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { sessionsEnded: number }).sessionsEnded).toBe(0);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log")).toBe(before);
  });

  it("refuses an admin suspending themselves, unknown users and bad bodies, writing nothing", async () => {
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log");
    await expectError(await admin.patch(`/api/admin/users/${adminId}/status`, { isActive: false }), 409, "USER.CANNOT_SUSPEND_SELF");
    await expectError(await admin.patch("/api/admin/users/usr_nobody/status", { isActive: false }), 404, "USER.NOT_FOUND");
    await expectInvalidFields(await admin.patch(`/api/admin/users/${adminId}/status`, { isActive: "no" }), "isActive");
    await expectUnknownKey(await admin.patch(`/api/admin/users/${adminId}/status`, { isActive: true, role: "admin" }), "role");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log")).toBe(before);
    expect((await users(`?search=${encodeURIComponent("Demo Admin")}`)).find((u) => u.id === adminId)!.isActive).toBe(true);
  });
});

describe("POST /api/admin/users (Add User)", () => {
  it("creates a customer with an empty wallet and a scrypt password hash, audited without the password", async () => {
    const res = await realAdmin.post("/api/admin/users", {
      firstName: " Grace ", lastName: "Hopper", email: "Grace.Hopper@Example.com", role: "customer", password: "a long enough secret",
    });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: AdminUser };
    expect(user).toMatchObject({
      firstName: "Grace", lastName: "Hopper", email: "grace.hopper@example.com", role: "customer", isActive: true, isDemo: false,
      hasWallet: true, balance: 0, verificationLevel: "none", kycStatus: "rejected",
    });
    const row = await t.database.client.execute({ sql: "SELECT password_hash FROM users WHERE id = ?", args: [user.id] });
    const hash = String(row.rows[0].password_hash);
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain("a long enough secret");
    const audit = await t.database.client.execute({ sql: "SELECT after FROM audit_log WHERE entity_id = ? AND action = 'user.create'", args: [user.id] });
    expect(JSON.parse(String(audit.rows[0].after))).toEqual({ email: "grace.hopper@example.com", firstName: "Grace", lastName: "Hopper", role: "customer", wallet: true });
    expect(String(audit.rows[0].after)).not.toContain("secret");
    expect((await users("?kyc=rejected", realAdmin)).map((u) => u.id)).toEqual([user.id]);
  });

  it("creates staff without a wallet", async () => {
    const res = await realAdmin.post("/api/admin/users", { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", role: "trader", password: "another long secret" });
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as { user: AdminUser };
    expect(user).toMatchObject({ role: "trader", hasWallet: false });
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_accounts WHERE user_id = ?", [user.id])).toBe(0);
  });

  it("refuses an email in use (any case), short passwords and unknown roles, writing nothing", async () => {
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    await expectError(
      await realAdmin.post("/api/admin/users", { firstName: "J", lastName: "T", email: "JACK.THOMPSON@example.com", role: "customer", password: "long enough password" }),
      409, "USER.EMAIL_TAKEN",
    );
    await expectInvalidFields(await realAdmin.post("/api/admin/users", { firstName: "A", lastName: "B", email: "ab@example.com", role: "customer", password: "short" }), "password");
    await expectInvalidFields(await realAdmin.post("/api/admin/users", { firstName: "A", lastName: "B", email: "ab@example.com", role: "root", password: "long enough password" }), "role");
    await expectInvalidFields(await realAdmin.post("/api/admin/users", { firstName: "", lastName: "B", email: "not-an-email", role: "customer", password: "long enough password" }), "firstName", "email");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(before);
  });
});

describe("GET /api/admin/user-stats", () => {
  it("counts users, active, suspended, pending KYC (basic or pending) and high risk (high or critical)", async () => {
    // Real staff's figures and list: the real book (registered and sample accounts, never demo ones).
    const all = await users("", realAdmin);
    const res = await realAdmin.get("/api/admin/user-stats");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      total: all.length,
      active: all.filter((u) => u.isActive).length,
      suspended: all.filter((u) => !u.isActive).length,
      pendingKyc: all.filter((u) => u.verificationLevel === "basic" || u.verificationLevel === "pending").length,
      highRisk: all.filter((u) => u.riskProfile.riskLevel === "high" || u.riskProfile.riskLevel === "critical").length,
    });
  });
});

describe("GET /api/admin/users/{userId}/activity", () => {
  it("shows what was done to and by the user, their bets, wallet movements and sessions", async () => {
    const customer = await demoLogin(t, "customer");
    const id = await currentUserId(customer);
    const pool = await upcomingPool(customer);
    const placed = await placeOk(customer, [selectionOf(pool.next())], 700);
    await admin.patch(`/api/admin/users/${id}/status`, { isActive: false });
    const res = await admin.get(`/api/admin/users/${id}/activity`);
    expect(res.status).toBe(200);
    const a = (await res.json()) as {
      user: AdminUser; audit: { action: string; relation: string }[]; bets: { id: string }[];
      transactions: { kind: string; amount: number }[]; sessions: unknown[];
    };
    expect(a.user.id).toBe(id);
    expect(a.audit.map((x) => [x.action, x.relation])).toContainEqual(["user.suspend", "subject"]);
    expect(a.bets.map((b) => b.id)).toEqual([placed.bet.id]);
    expect(a.transactions.map((x) => [x.kind, x.amount]).sort()).toEqual([["bet_stake", -700], ["demo_grant", 100_000]].sort());
    expect(a.sessions).toEqual([]); // ended by the suspension
    const adminLog = (await (await admin.get(`/api/admin/users/${adminId}/activity`)).json()) as { audit: { action: string; relation: string }[] };
    expect(adminLog.audit).toContainEqual(expect.objectContaining({ action: "user.suspend", relation: "actor" }));
    await expectError(await admin.get("/api/admin/users/usr_nobody/activity"), 404, "USER.NOT_FOUND");
  });
});

describe("GET /api/admin/users.csv", () => {
  it("downloads the filtered list as CSV", async () => {
    const res = await admin.get("/api/admin/users.csv?kyc=pending");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="users.csv"');
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("id,email,first_name,last_name,role,status,kyc,verification_level,balance,risk_level,risk_score,joined");
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((l) => l.split(",")[1]).sort()).toEqual(["ava.clarke@example.com", "lucas.martin@example.com"]);
    expect(lines[1].split(",")[6]).toBe("pending");
    expect(lines[1].split(",")[8]).toMatch(/^\d+\.\d\d$/);
  });
});

describe("authorization", () => {
  it.each([
    { method: "GET", path: "/api/admin/users" },
    { method: "GET", path: "/api/admin/users.csv" },
    { method: "GET", path: "/api/admin/user-stats" },
    { method: "PATCH", path: "/api/admin/users/usr_nobody/status", body: { isActive: true } },
    { method: "POST", path: "/api/admin/users", body: { firstName: "A", lastName: "B", email: "x" } },
    { method: "GET", path: "/api/admin/users/usr_nobody/activity" },
  ] as const)("$method $path is for admins only", async (route) => {
    await expectAdminOnly(who, route);
  });

  it("a suspended admin's own session is refused too", async () => {
    const other = await demoLogin(t, "admin");
    const otherId = await currentUserId(other);
    expect((await admin.patch(`/api/admin/users/${otherId}/status`, { isActive: false })).status).toBe(200);
    await expectError(await other.get("/api/admin/users"), 403, "AUTH.ACCOUNT_SUSPENDED");
  });
});
