/**
 * Names and free text refuse invisible characters: every format character (category Cf: zero width
 * space, word joiner, byte order mark, soft hyphen, tag characters...) but the two joiners, and the
 * Hangul fillers. One shared rule (domain/shared/text.ts, `plain()` in api/schemas/common.ts); one
 * test per entry point: the answer is a 400 REQUEST.INVALID naming the field and the character,
 * and nothing is written. (A byte order mark at either end is trimmed away like a space by the
 * schemas' trim(), so the tests put it inside the value.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectInvalidFields } from "../fixtures/builders.ts";
import { PASSWORD, put, registerCustomer } from "../fixtures/accounts.ts";

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
});
afterAll(() => t.close());

const ZWSP = "\u200b";
const BOM = "\ufeff";
const WORD_JOINER = "\u2060";
const SOFT_HYPHEN = "\u00ad";
const HANGUL_FILLER = "\u3164";
const TAG_A = "\u{E0041}";

/** A 400 naming `field` whose details quote the refused character. */
async function refused(res: Response, field: string, code: string) {
  const body = await expectInvalidFields(res, field);
  expect(JSON.stringify(body.error.details)).toContain(code);
}
const users = () => countRows(t.database, "SELECT COUNT(*) AS n FROM users");
const audits = () => countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log");

describe("names and free text refuse invisible characters (format characters and Hangul fillers)", () => {
  it("registration: each invisible character in a name is a 400 naming the field; no account is created", async () => {
    const before = await users();
    const reg = (over: Record<string, string>) =>
      new Session(t).post("/api/auth/register", {
        firstName: "James", lastName: "Exclusion", email: `inv.${Math.random()}@example.org`, password: PASSWORD, dateOfBirth: "1988-02-03", ...over,
      });
    await refused(await reg({ firstName: `Ja${ZWSP}mes` }), "firstName", "U+200B");
    await refused(await reg({ lastName: `Ex${BOM}clusion` }), "lastName", "U+FEFF");
    await refused(await reg({ lastName: `Exclu${WORD_JOINER}sion` }), "lastName", "U+2060");
    await refused(await reg({ firstName: `Ja${SOFT_HYPHEN}mes` }), "firstName", "U+00AD");
    await refused(await reg({ firstName: HANGUL_FILLER }), "firstName", "U+3164");
    await refused(await reg({ lastName: `Exclusion${TAG_A}` }), "lastName", "U+E0041");
    expect(await users()).toBe(before);
    // The joiners stay allowed (Indic spellings, emoji sequences), and so do other scripts.
    expect((await reg({ firstName: "क्\u200dष", lastName: "می\u200cخواهم" })).status).toBe(201);
  });

  it("staff creation: 400 naming the field, nobody created", async () => {
    const before = await users();
    const create = (over: Record<string, string>) =>
      admin.post("/api/admin/users", { firstName: "Tess", lastName: "Trader", email: `staff.${Math.random()}@example.org`, role: "trader", password: PASSWORD, ...over });
    await refused(await create({ firstName: `Te${ZWSP}ss` }), "firstName", "U+200B");
    await refused(await create({ lastName: `Trader${HANGUL_FILLER}` }), "lastName", "U+3164");
    expect(await users()).toBe(before);
  });

  it("profile details and the verification form: 400 naming the field, nothing changed", async () => {
    const r = await registerCustomer(t);
    await refused(await r.session.request("PATCH", "/api/account/details", { firstName: `Ja${BOM}ne` }), "firstName", "U+FEFF");
    const me = (await (await r.session.get("/api/auth/user")).json()) as { firstName: string };
    expect(me.firstName).toBe("Jane");
    await refused(
      await r.session.post("/api/account/verification/basic", {
        firstName: "Jane", lastName: `Citi${SOFT_HYPHEN}zen`, dateOfBirth: "1990-04-21", addressLine1: "1 Collins Street", city: "Melbourne", postcode: "3000", country: "Australia",
      }),
      "lastName",
      "U+00AD",
    );
  });

  it("CRM: send-bonus, flag and restrict reasons: 400 naming the field, nothing written", async () => {
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    const before = await audits();
    await refused(await admin.post(`/api/admin/crm/customers/${id}/bonus`, { amount: 500, reason: `goodwill${ZWSP}` }), "reason", "U+200B");
    await refused(await admin.post(`/api/admin/crm/customers/${id}/flag`, { reason: `odd${WORD_JOINER}` }), "reason", "U+2060");
    await refused(await admin.post(`/api/admin/crm/customers/${id}/restrict`, { reason: `${TAG_A}abuse` }), "reason", "U+E0041");
    expect(await audits()).toBe(before);
  });

  it("responsible gambling: interaction summary, register simulator names, time-out and self-exclusion reasons: 400 naming the field", async () => {
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    const rows = () => countRows(t.database, "SELECT COUNT(*) AS n FROM rg_interactions WHERE user_id = ?", [id]);
    const exclusions = () => countRows(t.database, "SELECT COUNT(*) AS n FROM responsible_exclusions WHERE user_id = ?", [id]);
    const [r0, e0] = [await rows(), await exclusions()];
    await refused(await admin.post("/api/admin/responsible/interactions", { userId: id, channel: "phone", summary: `Called${SOFT_HYPHEN}` }), "summary", "U+00AD");
    await refused(
      await admin.post("/api/admin/responsible/register-simulator", { firstName: "Jo", lastName: `Gam${ZWSP}stop`, dateOfBirth: "1980-01-01" }),
      "lastName",
      "U+200B",
    );
    await refused(await s.post("/api/responsible/timeout", { period: "24h", reason: `a${BOM}break` }), "reason", "U+FEFF");
    await refused(await s.post("/api/responsible/exclusion", { period: "6m", reason: `${HANGUL_FILLER}` }), "reason", "U+3164");
    expect([await rows(), await exclusions()]).toEqual([r0, e0]);
  });

  it("investigation, withdrawal review and user status reasons: 400 naming the field, nothing written", async () => {
    const s = await demoLogin(t, "customer");
    const id = await currentUserId(s);
    const before = await audits();
    await refused(await put(admin, `/api/admin/users/${id}/investigation`, { underInvestigation: true, reason: `AML${ZWSP}` }), "reason", "U+200B");
    await refused(await admin.request("PATCH", `/api/admin/users/${id}/status`, { isActive: false, reason: `x${WORD_JOINER}` }), "reason", "U+2060");
    expect(await audits()).toBe(before);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM account_investigations WHERE user_id = ?", [id])).toBe(0);
  });

  it("other back-office text (tasks, fraud notes, market names): 400 naming the field", async () => {
    await refused(await admin.post("/api/admin/tasks", { title: `Re${BOM}view`, category: "risk_review" }), "title", "U+FEFF");
    await refused(await admin.post("/api/admin/fraud-alert/fa_any/resolve", { resolution: "resolved", notes: `ok${TAG_A}` }), "notes", "U+E0041");
  });
});
