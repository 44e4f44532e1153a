/**
 * Verification levels through the simulated provider: none -> basic (name, date of birth,
 * address) -> full (a document). Refusals: the provider's rules (name "Reject", all-zero
 * postcode, document number starting 000), under 18, document before basic, wrong role.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { expectError, expectInvalidFields, expectUnknownKey } from "../fixtures/builders.ts";
import { basicVerification, dateYearsBefore, registerCustomer } from "../fixtures/accounts.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const levelOf = async (s: Session) => (await (await s.get("/api/auth/user")).json()).verificationLevel as string;
const audits = async (userId: string, action: string) =>
  (
    await t.database.client.execute({
      sql: "SELECT before, after FROM audit_log WHERE entity_id = ? AND action = ? ORDER BY created_at",
      args: [userId, action],
    })
  ).rows.map((r) => ({ before: JSON.parse(String(r.before)), after: JSON.parse(String(r.after)) }));

describe("POST /api/account/verification/basic", () => {
  it("reaches basic and stores the confirmed name, date of birth and address on the account", async () => {
    const r = await registerCustomer(t, { firstName: "Jan", lastName: "Citizen", dateOfBirth: "1990-04-21" });
    expect(await levelOf(r.session)).toBe("none");
    const res = await r.session.post("/api/account/verification/basic", { ...basicVerification, firstName: "Janet" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ verificationLevel: "basic" });
    expect(await levelOf(r.session)).toBe("basic");
    const account = await (await r.session.get("/api/account")).json();
    expect(account.user).toMatchObject({
      firstName: "Janet",
      lastName: "Citizen",
      verificationLevel: "basic",
      dateOfBirth: "1990-04-21",
      address: { line1: "1 Collins Street", city: "Melbourne", postcode: "3000", country: "Australia" },
    });
    const [audit] = await audits(r.userId, "kyc.basic_approved");
    expect(audit.before).toEqual({ verificationLevel: "none" });
    expect(audit.after).toMatchObject({ verificationLevel: "basic", providerReference: expect.stringMatching(/^sim-id-/) });
  });

  it("refuses what the provider refuses (422 KYC.REJECTED with the reason), leaving the level and details alone", async () => {
    const r = await registerCustomer(t);
    const named = await r.session.post("/api/account/verification/basic", { ...basicVerification, lastName: "Reject" });
    const body = await expectError(named, 422, "KYC.REJECTED");
    expect(body.error.details).toMatchObject({ reason: "identity could not be confirmed", reference: expect.stringMatching(/^sim-id-/) });
    const zeros = await r.session.post("/api/account/verification/basic", { ...basicVerification, postcode: "0000" });
    expect((await expectError(zeros, 422, "KYC.REJECTED")).error.details).toMatchObject({ reason: "address could not be confirmed" });
    expect(await levelOf(r.session)).toBe("none");
    expect((await (await r.session.get("/api/account")).json()).user.address).toBeNull();
  });

  it("refuses a date of birth under 18 on the server's clock (422 KYC.REJECTED, reason underage)", async () => {
    const r = await registerCustomer(t);
    const res = await r.session.post("/api/account/verification/basic", {
      ...basicVerification,
      dateOfBirth: dateYearsBefore(new Date(), 18, -1),
    });
    expect((await expectError(res, 422, "KYC.REJECTED")).error.details).toEqual({ reason: "underage" });
    expect(await levelOf(r.session)).toBe("none");
  });

  it("a full account that resubmits its details stays full", async () => {
    const r = await registerCustomer(t);
    await r.session.post("/api/account/verification/basic", basicVerification);
    await r.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: "PA1234567" });
    const res = await r.session.post("/api/account/verification/basic", { ...basicVerification, addressLine1: "2 Flinders Lane" });
    expect(await res.json()).toEqual({ verificationLevel: "full" });
    const account = await (await r.session.get("/api/account")).json();
    expect(account.user).toMatchObject({ verificationLevel: "full", address: { line1: "2 Flinders Lane" } });
  });

  it("refuses bad input with 400 naming the fields", async () => {
    const r = await registerCustomer(t);
    await expectInvalidFields(await r.session.post("/api/account/verification/basic", { ...basicVerification, dateOfBirth: "1990-13-01" }), "dateOfBirth");
    await expectInvalidFields(await r.session.post("/api/account/verification/basic", { firstName: "Jane" }), "lastName", "addressLine1", "city", "postcode", "country");
    await expectUnknownKey(await r.session.post("/api/account/verification/basic", { ...basicVerification, level: "full" }), "level");
    expect(await levelOf(r.session)).toBe("none");
  });

  it("answers 401 anonymous and 403 for staff", async () => {
    await expectError(await new Session(t).post("/api/account/verification/basic", basicVerification), 401, "AUTH.REQUIRED");
    const admin = await demoLogin(t, "admin");
    await expectError(await admin.post("/api/account/verification/basic", basicVerification), 403, "AUTH.FORBIDDEN");
  });
});

describe("POST /api/account/verification/document", () => {
  it("needs basic first (409 KYC.BASIC_REQUIRED)", async () => {
    const r = await registerCustomer(t);
    await expectError(
      await r.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: "PA1234567" }),
      409,
      "KYC.BASIC_REQUIRED",
    );
    expect(await levelOf(r.session)).toBe("none");
  });

  it("reaches full from basic, keeping only the document type and the number's last 4 characters", async () => {
    const r = await registerCustomer(t);
    await r.session.post("/api/account/verification/basic", basicVerification);
    const res = await r.session.post("/api/account/verification/document", { documentType: "driving_licence", documentNumber: "dl998877" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ verificationLevel: "full" });
    expect(await levelOf(r.session)).toBe("full");
    const [audit] = await audits(r.userId, "kyc.document_approved");
    expect(audit.after).toEqual({
      verificationLevel: "full",
      documentType: "driving_licence",
      documentNumberLast4: "8877",
      providerReference: expect.stringMatching(/^sim-doc-/),
    });
    const all = await t.database.client.execute({ sql: "SELECT after FROM audit_log WHERE entity_id = ?", args: [r.userId] });
    expect(all.rows.some((x) => String(x.after).includes("DL998877"))).toBe(false);
    // Asking again changes nothing.
    expect(await (await r.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: "000999999" })).json()).toEqual({
      verificationLevel: "full",
    });
  });

  it("refuses a document the provider does not recognise (422 KYC.REJECTED), staying basic", async () => {
    const r = await registerCustomer(t);
    await r.session.post("/api/account/verification/basic", basicVerification);
    const res = await r.session.post("/api/account/verification/document", { documentType: "national_id", documentNumber: "000123456" });
    expect((await expectError(res, 422, "KYC.REJECTED")).error.details).toMatchObject({ reason: "document number not recognised" });
    expect(await levelOf(r.session)).toBe("basic");
  });

  it("refuses bad input with 400, answers 401 anonymous and 403 for staff", async () => {
    const r = await registerCustomer(t);
    await expectInvalidFields(await r.session.post("/api/account/verification/document", { documentType: "library_card", documentNumber: "AB12345" }), "documentType");
    await expectInvalidFields(await r.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: "AB-12" }), "documentNumber");
    await expectError(await new Session(t).post("/api/account/verification/document", { documentType: "passport", documentNumber: "PA1234567" }), 401, "AUTH.REQUIRED");
    const trader = await demoLogin(t, "trader");
    await expectError(await trader.post("/api/account/verification/document", { documentType: "passport", documentNumber: "PA1234567" }), 403, "AUTH.FORBIDDEN");
  });
});

describe("demo and seeded customers", () => {
  it("are already fully verified", async () => {
    const demo = await demoLogin(t, "customer");
    expect(await levelOf(demo)).toBe("full");
    // The seed's own customers are verified; the fraud seed adds a few still at basic (Pending KYC).
    const rs = await t.database.client.execute("SELECT verification_level AS v FROM users WHERE email IN ('jack.thompson@example.com','olivia.nguyen@example.com','liam.obrien@example.com','charlotte.wilson@example.com','noah.patel@example.com')");
    expect(rs.rows.map((x) => x.v)).toEqual(["full", "full", "full", "full", "full"]);
  });
});

describe("the account writes' guards (libSQL adapter)", () => {
  const audit = (userId: string) => ({
    id: `aud_test_${Math.random().toString(36).slice(2)}`,
    actorId: userId,
    actorRole: "customer",
    action: "test",
    entityType: "user",
    entityId: userId,
    before: null,
    after: null,
    createdAt: new Date(),
  });

  it("a level change from a level the user is no longer at writes nothing", async () => {
    const ports = libsqlPorts(t.database);
    const r = await registerCustomer(t);
    const before = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", args: [r.userId] });
    const changed = await ports.accounts.changeVerification({ userId: r.userId, from: ["basic"], to: "full", identity: null, audit: audit(r.userId) });
    expect(changed).toBe(false);
    expect(await levelOf(r.session)).toBe("none");
    const after = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", args: [r.userId] });
    expect(after.rows[0].n).toBe(before.rows[0].n);
    expect(await ports.accounts.changeVerification({ userId: r.userId, from: ["none"], to: "basic", identity: null, audit: audit(r.userId) })).toBe(true);
    expect(await levelOf(r.session)).toBe("basic");
  });

  it("a password change against a hash that is no longer stored writes nothing and ends no session", async () => {
    const ports = libsqlPorts(t.database);
    const r = await registerCustomer(t);
    const other = new Session(t);
    expect((await other.post("/api/auth/login", { email: r.email, password: r.password })).status).toBe(200);
    const changed = await ports.accounts.changePassword({
      userId: r.userId,
      expectedHash: "scrypt$16384$8$1$stale$stale",
      newHash: "scrypt$16384$8$1$new$new",
      keepSessionId: "none",
      audit: audit(r.userId),
    });
    expect(changed).toBe(false);
    expect((await other.get("/api/auth/user")).status).toBe(200);
    expect((await new Session(t).post("/api/auth/login", { email: r.email, password: r.password })).status).toBe(200);
  });
});
