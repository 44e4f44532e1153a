/**
 * changePassword on the world (every port on libSQL, where credentials live): the current password
 * is needed, the new hash replaces the old, every other session ends; refusals write nothing but
 * the failure a wrong password records; demo users have no password to change.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { changePassword } from "../../domain/accounts/change-password.ts";
import { signIn } from "../../domain/accounts/sign-in.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, NOW, registerAda, type World } from "./world.ts";

let w: World;
let ada: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  ada = await registerAda(w);
  // A second device.
  if (!(await signIn(w.as(null), { email: "ada@example.com", password: "correct horse" }, { id: "sess-phone", ip: null })).ok) throw new Error("sign-in");
});

it("changed: the new password signs in, the old does not; the phone's session ended, this one kept; audited", async () => {
  expect(await changePassword(w.as(ada), { currentPassword: "correct horse", newPassword: "battery staple" })).toEqual({ ok: true, value: { ok: true } });
  expect(await w.ports.sessions.findActive("sess-phone", NOW)).toBeNull();
  expect(await w.ports.sessions.findActive("sess_usr_1", NOW)).not.toBeNull();
  const creds = await w.ports.accounts.credentialsOf("usr_1");
  expect(await w.ports.passwords.verify("battery staple", creds!.passwordHash)).toBe(true);
  expect(await w.ports.passwords.verify("correct horse", creds!.passwordHash)).toBe(false);
  const audit = await w.database.client.execute("SELECT action FROM audit_log ORDER BY rowid");
  expect(audit.rows.map((a) => a.action)).toEqual(["account.registered", "account.password_changed"]);
});

describe("refused", () => {
  it("anonymous: AUTH.REQUIRED; nothing written", async () => {
    const r = await w.unchanged(() => changePassword(w.as(null), { currentPassword: "correct horse", newPassword: "battery staple" }));
    expect(!r.ok && r.error.code).toBe("AUTH.REQUIRED");
  });

  it("a new password shorter than the minimum: REQUEST.INVALID; nothing written", async () => {
    const r = await w.unchanged(() => changePassword(w.as(ada), { currentPassword: "correct horse", newPassword: "short" }));
    expect(!r.ok && r.error.code).toBe("REQUEST.INVALID");
  });

  it("a wrong current password: AUTH.INVALID_CREDENTIALS; the hash and sessions unchanged, one failure recorded", async () => {
    const before = await w.ports.accounts.credentialsOf("usr_1");
    expect(await changePassword(w.as(ada), { currentPassword: "wrong horse", newPassword: "battery staple" })).toEqual({
      ok: false,
      error: { code: "AUTH.INVALID_CREDENTIALS", message: "The current password is incorrect" },
    });
    expect((await w.ports.accounts.credentialsOf("usr_1"))?.passwordHash).toBe(before?.passwordHash);
    expect(await w.ports.sessions.findActive("sess-phone", NOW)).not.toBeNull();
    const failures = await w.database.client.execute("SELECT email FROM sign_in_attempts WHERE success = 0");
    expect(failures.rows.map((r) => r.email)).toEqual(["ada@example.com"]);
  });

  it("a demo user: ACCOUNT.NO_PASSWORD; nothing written", async () => {
    const demo = await w.customer("demo1", 0, { isDemo: true });
    const r = await w.unchanged(() => changePassword(w.as(demo), { currentPassword: "x", newPassword: "battery staple" }));
    expect(!r.ok && r.error.code).toBe("ACCOUNT.NO_PASSWORD");
  });
});
