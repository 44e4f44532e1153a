/**
 * One welcome offer per person (docs/money.md "Bonus funds"): a second account
 * of the same verified person (same identity key: name and date of birth, migration 0023) gets no
 * deposit bonus, at basic or full verification, while a different person gets it; a welcome
 * deposit later charged back still counts as the person's offer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, staffLogin, type TestApp } from "../fixtures/test-app.ts";
import { countRows } from "../fixtures/builders.ts";
import { basicVerification, put, registerCustomer, uniqueDocumentNumber } from "../fixtures/accounts.ts";

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await staffLogin(t, "admin"); // real staff: the people here registered
});
afterAll(() => t.close());

let n = 0;
const person = () => {
  n++;
  return { firstName: `Robin${n}`, lastName: `Welcome${String.fromCharCode(97 + (n % 26))}x${n}`, dateOfBirth: `1985-0${(n % 9) + 1}-1${n % 10}` };
};

/** A new account of `p`, verified to `level` (each with its own passport: a document verifies one account). */
async function account(p: ReturnType<typeof person>, level: "basic" | "full") {
  const r = await registerCustomer(t, p);
  const b = await r.session.post("/api/account/verification/basic", { ...basicVerification, ...p, addressLine1: `${n} Bonus Road`, postcode: `B${n}` });
  expect(b.status, await b.clone().text()).toBe(200);
  if (level === "full") {
    const d = await r.session.post("/api/account/verification/document", { documentType: "passport", documentNumber: uniqueDocumentNumber() });
    expect(d.status, await d.clone().text()).toBe(200);
  }
  expect((await put(r.session, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  return r;
}
async function deposit(s: Session, amount = 20_000) {
  const res = await s.post("/api/wallet/deposits", { method: "bank", amount });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { paymentId: string; bonus: number; state: string };
}
const bonusBalance = async (userId: string) =>
  Number((await t.database.client.execute({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [`bonus:${userId}`] })).rows[0]?.balance ?? 0);
const grants = (userId: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM bonus_grants WHERE user_id = ?", [userId]);

describe("one welcome offer per person", () => {
  it("a second fully verified account of the same person gets none; a different person gets it", async () => {
    const p = person();
    const first = await account(p, "full");
    expect((await deposit(first.session)).bonus).toBe(2_000);
    expect(await bonusBalance(first.userId)).toBe(2_000);

    const second = await account(p, "full");
    const d = await deposit(second.session);
    expect(d).toMatchObject({ state: "completed", bonus: 0 });
    expect(await bonusBalance(second.userId)).toBe(0);
    expect(await grants(second.userId)).toBe(0);

    const other = await account(person(), "full");
    expect((await deposit(other.session)).bonus).toBe(2_000);
    expect(await bonusBalance(other.userId)).toBe(2_000);
  });

  it("a second account verified only to basic (name and date of birth checked) gets none either", async () => {
    const p = person();
    const first = await account(p, "basic");
    expect((await deposit(first.session)).bonus).toBe(2_000);
    const second = await account(p, "basic");
    expect((await deposit(second.session)).bonus).toBe(0);
    expect(await grants(second.userId)).toBe(0);
  });

  it("a welcome deposit charged back still counts as the person's offer", async () => {
    const p = person();
    const first = await account(p, "full");
    const d = await deposit(first.session);
    expect(d.bonus).toBe(2_000);
    expect((await admin.post(`/api/admin/payments/${d.paymentId}/reverse`, { reason: "Chargeback" })).status).toBe(200);
    expect(await bonusBalance(first.userId)).toBe(0);
    expect((await deposit(first.session)).bonus).toBe(0);
    const second = await account(p, "full");
    expect((await deposit(second.session)).bonus).toBe(0);
    expect(await grants(second.userId)).toBe(0);
  });
});
