/**
 * The first real staff of a new book, opened on the server's console (scripts/staff.ts runs
 * addStaffFromConsole): the account signs in with its password as real staff (outside the demo
 * sandbox), the write is audited as the console's, and bad input is refused with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, testPasswordHasher, type TestApp } from "../fixtures/test-app.ts";
import { countRows } from "../fixtures/builders.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { addStaffFromConsole, CONSOLE_ACTOR } from "../../domain/users/add-staff-from-console.ts";

let t: TestApp;
const add = (input: Partial<Parameters<typeof addStaffFromConsole>[1]>) =>
  addStaffFromConsole(
    { ports: libsqlPorts(t.database, { passwords: testPasswordHasher }), clock: t.clock, ids: randomIds },
    { firstName: "Ann", lastName: "Lee", email: "ann@book.example", role: "admin", password: "correct-horse-9", ...input },
  );

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("staff opened on the server console", () => {
  it("signs in with its password as a real admin who reaches registered customers; audited as the console", async () => {
    const added = await add({ email: " Ann@Book.Example " });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(added.value).toMatchObject({ email: "ann@book.example", role: "admin" });
    const s = new Session(t);
    expect((await s.post("/api/auth/login", { email: "ann@book.example", password: "correct-horse-9" })).status).toBe(200);
    expect(await (await s.get("/api/auth/user")).json()).toMatchObject({ role: "admin" });
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users WHERE id = ? AND is_demo = 0 AND is_sample = 0", [added.value.id])).toBe(1);
    // Real staff: Add User is open to it (the sandbox adds nobody).
    const created = await s.post("/api/admin/users", { firstName: "Tom", lastName: "Ray", email: "tom@book.example", role: "trader", password: "another-pass-1" });
    expect(created.status).toBe(201);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE actor_id = ? AND action = 'user.create' AND entity_id = ?", [CONSOLE_ACTOR, added.value.id])).toBe(1);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_accounts WHERE user_id = ?", [added.value.id])).toBe(0);
  });

  it("refuses a taken email, a short password, a bad email, a missing name and a customer role, writing nothing", async () => {
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    const code = async (input: Parameters<typeof add>[0]) => {
      const r = await add(input);
      return r.ok ? "ok" : r.error.code;
    };
    expect(await code({ email: "ann@book.example" })).toBe("USER.EMAIL_TAKEN");
    expect(await code({ email: "bob@book.example", password: "too-short" })).toBe("USER.PASSWORD_TOO_SHORT");
    expect(await code({ email: "not-an-email" })).toBe("USER.EMAIL_INVALID");
    expect(await code({ email: "cy@book.example", lastName: " " })).toBe("USER.NAME_REQUIRED");
    expect(await code({ email: "di@book.example", role: "customer" as "admin" })).toBe("USER.ROLE_INVALID");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(before);
  });
});
