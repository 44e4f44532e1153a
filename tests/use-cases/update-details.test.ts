/**
 * updateDetails on the world (every port on libSQL, where accounts live): names change freely
 * (a verified customer goes back to verification), the email only with the current password, and
 * stays unique; every change is audited.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { updateDetails } from "../../domain/accounts/update-details.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, registerAda, sqlAudit, type World } from "./world.ts";

let w: World;
let ada: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  ada = await registerAda(w);
});
const lastAudit = async () => (await sqlAudit(w.database)).at(-1);

describe("changed", () => {
  it("the email with the current password (normalised); audited before and after", async () => {
    const r = await updateDetails(w.as(ada), { email: " Ada.L@Example.com", currentPassword: "correct horse" });
    expect(r.ok && r.value).toMatchObject({ id: "usr_1", email: "ada.l@example.com", firstName: "Ada", verificationLevel: "none" });
    expect(await lastAudit()).toEqual({
      action: "account.details_changed", actorId: "usr_1", entity: "user:usr_1",
      before: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
      after: { firstName: "Ada", lastName: "Lovelace", email: "ada.l@example.com" },
    });
  });

  it("a verified customer's name: back to verification level none in the same write", async () => {
    await w.database.client.execute("UPDATE users SET verification_level = 'full' WHERE id = 'usr_1'");
    const verified = { ...ada, verificationLevel: "full" as const };
    const r = await updateDetails(w.as(verified), { lastName: "King" });
    expect(r.ok && r.value).toMatchObject({ lastName: "King", verificationLevel: "none" });
    expect((await lastAudit())?.after).toEqual({ firstName: "Ada", lastName: "King", email: "ada@example.com", verificationLevel: "none" });
  });
});

describe("refused, nothing written", () => {
  it("anonymous: AUTH.REQUIRED", async () => {
    const r = await w.unchanged(() => updateDetails(w.as(null), { firstName: "X" }));
    expect(!r.ok && r.error.code).toBe("AUTH.REQUIRED");
  });

  it("an empty name or nothing to change: REQUEST.INVALID", async () => {
    for (const input of [{ firstName: "  " }, {}]) {
      const r = await w.unchanged(() => updateDetails(w.as(ada), input));
      expect(!r.ok && r.error.code).toBe("REQUEST.INVALID");
    }
  });

  it("a new email without the password: ACCOUNT.PASSWORD_REQUIRED; with a wrong one: AUTH.INVALID_CREDENTIALS", async () => {
    expect(await w.unchanged(() => updateDetails(w.as(ada), { email: "new@example.com" }))).toEqual({
      ok: false,
      error: { code: "ACCOUNT.PASSWORD_REQUIRED", message: "Enter your current password to change your email", details: { field: "currentPassword" } },
    });
    const r = await w.unchanged(() => updateDetails(w.as(ada), { email: "new@example.com", currentPassword: "wrong horse" }));
    expect(!r.ok && r.error.code).toBe("AUTH.INVALID_CREDENTIALS");
  });

  it("another account's email: AUTH.EMAIL_TAKEN", async () => {
    await w.customer("c2", 0);
    const r = await w.unchanged(() => updateDetails(w.as(ada), { email: "c2@example.com", currentPassword: "correct horse" }));
    expect(!r.ok && r.error.code).toBe("AUTH.EMAIL_TAKEN");
  });
});
