/**
 * The shared-address fraud rule reads the durable record of sign-in addresses (sign_in_addresses,
 * migration 0020), not only sessions.ip: sessions are deleted on logout, suspension and password
 * change, and the accounts sharing an address must still be flagged afterwards. Every way of
 * starting a session records its address (a trigger on sessions), and the record is append-only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, type TestApp, staffLogin } from "../fixtures/test-app.ts";
import { countRows } from "../fixtures/builders.ts";
import { PASSWORD, registerCustomer } from "../fixtures/accounts.ts";

const RING = "198.51.100.77";
const from = (ip: string) => ({ "x-forwarded-for": ip });

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp({ trustProxy: true });
  admin = await staffLogin(t, "admin"); // real staff: these customers registered
});
afterAll(() => t.close());

type Alert = { alertType: string; severity: string; evidence: Record<string, unknown>; user: { id: string; email: string } };
const sessionsFrom = (ip: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE ip = ?", [ip]);
const recordedFrom = (ip: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM sign_in_addresses WHERE ip = ?", [ip]);

describe("accounts sharing an address are flagged after their sessions are gone", () => {
  it("three customers from one address who logged out or were suspended: one alert naming all three on the next scan, once", async () => {
    const a = await registerCustomer(t, { firstName: "Ana" }, from(RING));
    const b = await registerCustomer(t, { firstName: "Ben" }, from(RING));
    const c = await registerCustomer(t, { firstName: "Cal" }, from(RING));
    // Ben signs in once more from the same address (a second session, a second record).
    const again = new Session(t);
    expect((await again.post("/api/auth/login", { email: b.email, password: PASSWORD }, from(RING))).status).toBe(200);
    expect(await recordedFrom(RING)).toBe(4);

    // Ana and Ben log out (every session of theirs); Cal is suspended (his sessions are deleted).
    expect((await a.session.post("/api/auth/logout")).status).toBe(200);
    expect((await b.session.post("/api/auth/logout")).status).toBe(200);
    expect((await again.post("/api/auth/logout")).status).toBe(200);
    expect((await admin.patch(`/api/admin/users/${c.userId}/status`, { isActive: false, reason: "Chargeback" })).status).toBe(200);
    expect(await sessionsFrom(RING)).toBe(0);
    expect(await recordedFrom(RING)).toBe(4);

    const scan = await admin.post("/api/admin/fraud/scan");
    expect(scan.status).toBe(200);
    const res = await admin.get("/api/admin/fraud-alerts?timeWindow=1h");
    expect(res.status).toBe(200);
    const ring = ((await res.json()) as Alert[]).filter((x) => x.alertType === "shared_address" && x.evidence.ip === RING);
    // One incident: one alert, on the account that came to the address last, naming every account.
    expect(ring).toHaveLength(1);
    expect(ring[0]).toMatchObject({ severity: "medium", user: { id: c.userId }, evidence: { accounts: 3, windowDays: 7 } });
    expect([...(ring[0].evidence.userIds as string[])].sort()).toEqual([a.userId, b.userId, c.userId].sort());
    // Each account's risk profile counts it; the rule's precision counts it once.
    const profiles = await t.database.client.execute({
      sql: "SELECT user_id, factors FROM user_risk_profiles WHERE user_id IN (?, ?, ?)",
      args: [a.userId, b.userId, c.userId],
    });
    expect(profiles.rows).toHaveLength(3);
    for (const p of profiles.rows) expect(String(p.factors)).toContain("shared_address");
    const precision = (await (await admin.get("/api/admin/fraud/rule-precision")).json()) as { alertType: string; open: number }[];
    const rule = precision.find((x) => x.alertType === "shared_address")!;
    // The seeded ring is the other open incident.
    expect(rule.open).toBe(2);

    // The next scan raises nothing more for this address.
    await admin.post("/api/admin/fraud/scan");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fraud_alerts WHERE alert_type = 'shared_address' AND json_extract(evidence, '$.ip') = ?", [RING])).toBe(1);
  });

  it("two accounts from an address are not flagged, and sessions without a known address record nothing", async () => {
    const lone = "198.51.100.88";
    await registerCustomer(t, {}, from(lone));
    await registerCustomer(t, {}, from(lone));
    await admin.post("/api/admin/fraud/scan");
    const res = await admin.get("/api/admin/fraud-alerts?timeWindow=1h");
    expect(((await res.json()) as Alert[]).filter((x) => x.evidence.ip === lone)).toEqual([]);
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM sign_in_addresses");
    await registerCustomer(t); // no X-Forwarded-For: no address known
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sign_in_addresses")).toBe(before);
  });

  it("the record is append-only: rows cannot be changed or deleted", async () => {
    await expect(t.database.client.execute({ sql: "UPDATE sign_in_addresses SET ip = '10.0.0.1' WHERE ip = ?", args: [RING] })).rejects.toThrow(
      /SIGN_IN_ADDRESSES\.IMMUTABLE/,
    );
    await expect(t.database.client.execute({ sql: "DELETE FROM sign_in_addresses WHERE ip = ?", args: [RING] })).rejects.toThrow(
      /SIGN_IN_ADDRESSES\.IMMUTABLE/,
    );
    expect(await recordedFrom(RING)).toBe(4);
  });
});
