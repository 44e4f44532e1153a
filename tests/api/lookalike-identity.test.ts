/**
 * Identity on a confusable skeleton (domain/shared/skeleton.ts): a name written with look-alike
 * letters of another script (Cyrillic, Greek, fullwidth) is the same person as the Latin one, for
 * the self-exclusion that follows the person, the national register check and the one welcome
 * offer per person. Names in other scripts keep their letters: two different all-Cyrillic names
 * are two people. Stored keys from before (plain SHA-256, no look-alike folding) are recomputed at
 * start from the account's stored fields; a pre-existing document key still matches.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { expectError, selectionOf, upcomingPool } from "../fixtures/builders.ts";
import { basicVerification, PASSWORD, put, registerCustomer, uniqueDocumentNumber } from "../fixtures/accounts.ts";
import { PersonKeyHasher, rekeyPersonKeys } from "../../adapters/libsql/person-keys.ts";
import { personKeyMaterial } from "../../domain/responsible/person.ts";

let t: TestApp;
let admin: Session;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  pool = await upcomingPool(new Session(t));
});
afterAll(() => t.close());

let n = 0;
/** A date of birth of its own per test, so accounts of other tests never match. */
const dob = () => {
  n++;
  return `1979-${String((n % 12) + 1).padStart(2, "0")}-${String((n % 27) + 1).padStart(2, "0")}`;
};
const CYRILLIC_E = "\u0415"; // Е, looks like E
const CYRILLIC_e = "\u0435"; // е
const CYRILLIC_a = "\u0430"; // а
const CYRILLIC_o = "\u043e"; // о
const CYRILLIC_DZE = "\u0405"; // Ѕ, looks like S
const CYRILLIC_VE = "\u0412"; // В, looks like B (its lower case в does not look like b)

async function verified(p: { firstName: string; lastName: string; dateOfBirth: string }, document?: string) {
  const r = await registerCustomer(t, p);
  const b = await r.session.post("/api/account/verification/basic", { ...basicVerification, ...p, addressLine1: `${n} Mirror Lane`, postcode: `M${n}` });
  expect(b.status, await b.clone().text()).toBe(200);
  if (document) {
    const d = await r.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: document });
    expect(d.status, await d.clone().text()).toBe(200);
  }
  expect((await put(r.session, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  return r;
}
const deposit = (s: Session, amount = 20_000) => s.post("/api/wallet/deposits", { method: "bank", amount });
const bet = (s: Session) => s.post("/api/bets", { selections: [selectionOf(pool.next())], stake: 500, betType: "single" });

describe("a self-excluded person registering again under look-alike letters", () => {
  it("\"James Еxclusion\" (Cyrillic Е) opens already excluded: no deposit, no bet", async () => {
    const dateOfBirth = dob();
    const first = await verified({ firstName: "James", lastName: "Exclusion", dateOfBirth });
    expect((await first.session.post("/api/responsible/exclusion", { period: "6m" })).status).toBe(200);
    // Same date of birth, another email and address: only the name ties it to the first account.
    // It registers, verifies, and still cannot deposit or bet.
    const second = await verified({ firstName: "James", lastName: `${CYRILLIC_E}xclusion`, dateOfBirth });
    const state = await (await second.session.get("/api/responsible")).json();
    expect(state.exclusion).toMatchObject({ active: true, kind: "self_exclusion", inherited: true });
    await expectError(await deposit(second.session), 403, "RG.SELF_EXCLUDED");
    await expectError(await bet(second.session), 403, "RG.SELF_EXCLUDED");
  });

  it("capitals that look Latin only in upper case (Cyrillic В for B) and fullwidth letters are caught too", async () => {
    const dateOfBirth = dob();
    const first = await verified({ firstName: "Bobby", lastName: "Tables", dateOfBirth });
    expect((await first.session.post("/api/responsible/exclusion", { period: "6m" })).status).toBe(200);
    for (const p of [
      { firstName: `${CYRILLIC_VE}obby`, lastName: "Tables" },
      { firstName: "\uff22\uff4f\uff42\uff42\uff59", lastName: "TABLES" }, // fullwidth "Ｂｏｂｂｙ"
    ]) {
      const again = await registerCustomer(t, { ...p, dateOfBirth });
      const state = await (await again.session.get("/api/responsible")).json();
      expect(state.exclusion, JSON.stringify(p)).toMatchObject({ active: true, inherited: true });
    }
  });

  it("names in other scripts keep their letters: two different all-Cyrillic names with one date of birth are two people", async () => {
    const dateOfBirth = dob();
    const first = await verified({ firstName: "\u0418\u0432\u0430\u043d", lastName: "\u041f\u0435\u0442\u0440\u043e\u0432", dateOfBirth }); // Иван Петров
    expect((await first.session.post("/api/responsible/exclusion", { period: "6m" })).status).toBe(200);
    const other = await registerCustomer(t, { firstName: "\u041e\u043b\u0435\u0433", lastName: "\u0421\u0438\u0434\u043e\u0440\u043e\u0432", dateOfBirth }); // Олег Сидоров
    expect((await (await other.session.get("/api/responsible")).json()).exclusion).toMatchObject({ active: false });
    // The same Cyrillic name in capitals is the same person.
    const same = await registerCustomer(t, { firstName: "\u0418\u0412\u0410\u041d", lastName: "\u041f\u0415\u0422\u0420\u041e\u0412", dateOfBirth });
    expect((await (await same.session.get("/api/responsible")).json()).exclusion).toMatchObject({ active: true, inherited: true });
  });
});

describe("the national register check", () => {
  it("refuses \"Gаmstop\" and \"Gamstоp\" (one Cyrillic letter each) as it refuses \"Gamstop\"", async () => {
    for (const lastName of ["Gamstop", `G${CYRILLIC_a}mstop`, `Gamst${CYRILLIC_o}p`, "GAMSTOP"]) {
      const res = await new Session(t).post("/api/auth/register", {
        firstName: "Reggie", lastName, email: `gam.${Math.random()}@example.org`, password: PASSWORD, dateOfBirth: dob(),
      });
      await expectError(res, 403, "RG.NATIONAL_REGISTER");
    }
  });

  it("refuses a listed person registering with look-alike letters in the name", async () => {
    const dateOfBirth = dob();
    expect((await admin.post("/api/admin/responsible/register-simulator", { firstName: "Sasha", lastName: "Listed", dateOfBirth })).status).toBe(200);
    for (const firstName of [`${CYRILLIC_DZE}asha`, `S${CYRILLIC_a}sha`]) {
      const res = await new Session(t).post("/api/auth/register", {
        firstName, lastName: "Listed", email: `lst.${Math.random()}@example.org`, password: PASSWORD, dateOfBirth,
      });
      await expectError(res, 403, "RG.NATIONAL_REGISTER");
    }
  });
});

describe("one welcome offer per person, whatever the letters", () => {
  it("a Cyrillic-е surname and a Cyrillic-Ѕ first name of a verified person who had the offer get no second bonus", async () => {
    const dateOfBirth = dob();
    const first = await verified({ firstName: "Selma", lastName: "Welcome", dateOfBirth }, uniqueDocumentNumber());
    const d1 = await deposit(first.session);
    expect(d1.status, await d1.clone().text()).toBe(201);
    expect((await d1.json()).bonus).toBe(2_000);
    for (const p of [
      { firstName: "Selma", lastName: `W${CYRILLIC_e}lcom${CYRILLIC_e}` },
      { firstName: `${CYRILLIC_DZE}elma`, lastName: "Welcome" },
    ]) {
      const again = await verified({ ...p, dateOfBirth }, uniqueDocumentNumber());
      const d = await deposit(again.session);
      expect(d.status, await d.clone().text()).toBe(201);
      expect((await d.json()).bonus, JSON.stringify(p)).toBe(0);
    }
    // A different person still gets it.
    const other = await verified({ firstName: "Selma", lastName: "Welcome", dateOfBirth: dob() }, uniqueDocumentNumber());
    expect((await (await deposit(other.session)).json()).bonus).toBe(2_000);
  });
});

describe("keys stored before the skeleton (plain SHA-256)", () => {
  it("are recomputed from the stored name and date of birth at start, and an old document key still finds its account", async () => {
    const dateOfBirth = dob();
    const document = uniqueDocumentNumber();
    const old = await verified({ firstName: "Olga", lastName: "Legacy", dateOfBirth }, document);
    expect((await old.session.post("/api/responsible/exclusion", { period: "6m" })).status).toBe(200);
    // Make the row what migration 0023 wrote: SHA-256 of the old normalisation, no version.
    const sha = (s: string) => createHash("sha256").update(s).digest("hex");
    await t.database.client.execute({
      sql: `UPDATE person_keys SET identity_key = ?, identity_upper_key = NULL, address_key = NULL, document_key = ?, key_version = NULL WHERE user_id = ?`,
      args: [sha(`identity|olga|legacy|${dateOfBirth}`), sha(`document|${document.toUpperCase().replace(/[^A-Z0-9]/g, "")}`), old.userId],
    });
    const hasher = new PersonKeyHasher(t.database.client);
    expect(await rekeyPersonKeys(t.database.client, hasher)).toBeGreaterThanOrEqual(1);
    expect(await rekeyPersonKeys(t.database.client, hasher)).toBe(0);
    const row = (await t.database.client.execute({ sql: "SELECT * FROM person_keys WHERE user_id = ?", args: [old.userId] })).rows[0];
    const now = await hasher.keys(personKeyMaterial({ firstName: "Olga", lastName: "Legacy", dateOfBirth }));
    expect(row).toMatchObject({ identity_key: now.identity, identity_upper_key: now.identityUpper, key_version: now.version, document_key: null });
    expect(row.legacy_document_key).toBe(sha(`document|${document.toUpperCase().replace(/[^A-Z0-9]/g, "")}`));
    expect(row.identity_key).not.toBe(sha(`identity|olga|legacy|${dateOfBirth}`));

    // A look-alike of the name finds the rekeyed account; the old document still verifies only one account.
    const again = await registerCustomer(t, { firstName: `Olg${CYRILLIC_a}`, lastName: "Legacy", dateOfBirth });
    expect((await (await again.session.get("/api/responsible")).json()).exclusion).toMatchObject({ active: true, inherited: true });
    const other = await registerCustomer(t, { firstName: "Nina", lastName: "Other", dateOfBirth: dob() });
    await other.session.post("/api/account/verification/basic", { ...basicVerification, firstName: "Nina", lastName: "Other", dateOfBirth: `1979-01-01` });
    const d = await other.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: document });
    await expectError(d, 409, "KYC.DOCUMENT_IN_USE");
  });
});
