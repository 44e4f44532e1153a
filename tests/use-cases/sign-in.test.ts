/**
 * signIn on the world (accounts and attempts live on libSQL: every port there): a session for the
 * right password, the same refusal for an unknown email, a demo user or a wrong password (each
 * failure recorded), the throttle after five failures (checked before the password, nothing
 * written), suspended staff refused and a suspended customer let in to reach their funds.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { signIn } from "../../domain/accounts/sign-in.ts";
import { makeWorld, NOW, registerAda, type World } from "./world.ts";

let w: World;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  await registerAda(w, "sess-reg");
});
const in12h = new Date(NOW.getTime() + 12 * 3_600_000);
const attempts = async () =>
  (await w.database.client.execute("SELECT email, success FROM sign_in_attempts ORDER BY rowid")).rows.map((r) => [r.email, Number(r.success)]);

describe("signed in", () => {
  it("the right password (email in any case): a 12-hour session, the success recorded", async () => {
    const r = await signIn(w.as(null), { email: " ADA@example.com ", password: "correct horse" }, { id: "sess-2", ip: "198.51.100.7" });
    expect(r.ok && r.value).toMatchObject({ user: { id: "usr_1", email: "ada@example.com" }, expiresAt: in12h, redirectTo: "/betting" });
    expect(await w.ports.sessions.findActive("sess-2", NOW)).toMatchObject({ user: { id: "usr_1" }, expiresAt: in12h });
    expect(await attempts()).toEqual([["ada@example.com", 1]]);
  });

  it("a suspended customer still gets a session (to withdraw their funds)", async () => {
    await w.database.client.execute("UPDATE users SET is_active = 0 WHERE id = 'usr_1'");
    const r = await signIn(w.as(null), { email: "ada@example.com", password: "correct horse" }, { id: "sess-2", ip: null });
    expect(r.ok && r.value.user).toMatchObject({ id: "usr_1", isActive: false });
  });
});

describe("refused", () => {
  it("a wrong password and an unknown email: the same AUTH.INVALID_CREDENTIALS, a failure recorded, no session", async () => {
    for (const [email, password] of [["ada@example.com", "wrong horse"], ["nobody@example.com", "correct horse"]]) {
      expect(await signIn(w.as(null), { email, password }, { id: "sess-x", ip: null })).toEqual({
        ok: false,
        error: { code: "AUTH.INVALID_CREDENTIALS", message: "The email or password is incorrect" },
      });
    }
    expect(await attempts()).toEqual([["ada@example.com", 0], ["nobody@example.com", 0]]);
    expect(await w.ports.sessions.findActive("sess-x", NOW)).toBeNull();
  });

  it("after five failures in 15 minutes even the right password is throttled, and nothing is written", async () => {
    for (let i = 0; i < 5; i++) await signIn(w.as(null), { email: "ada@example.com", password: `wrong ${i}` }, { id: `s${i}`, ip: null });
    const r = await w.unchanged(() => signIn(w.as(null), { email: "ada@example.com", password: "correct horse" }, { id: "sess-ok", ip: null }));
    expect(!r.ok && r.error).toMatchObject({ code: "AUTH.THROTTLED", details: { by: "account" } });
  });

  it("a suspended trader: AUTH.ACCOUNT_SUSPENDED, no session", async () => {
    await w.database.client.execute("UPDATE users SET role = 'trader', is_active = 0 WHERE id = 'usr_1'");
    const r = await signIn(w.as(null), { email: "ada@example.com", password: "correct horse" }, { id: "sess-t", ip: null });
    expect(!r.ok && r.error.code).toBe("AUTH.ACCOUNT_SUSPENDED");
    expect(await w.ports.sessions.findActive("sess-t", NOW)).toBeNull();
  });
});
