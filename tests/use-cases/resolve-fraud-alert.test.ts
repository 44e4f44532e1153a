/**
 * resolveFraudAlert on the world (fraud records on libSQL: every port there): an admin resolves an
 * open alert with an outcome and notes, audited; a resolved alert stays resolved; an unknown alert
 * and non-admins are refused with nothing written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resolveFraudAlert } from "../../domain/fraud/resolve-alert.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, sqlAudit, type World } from "./world.ts";
import { anAudit, at } from "../contract/fixtures.ts";

let w: World;
let admin: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  admin = await w.staff("adm", "admin");
  await w.customer("c1", 0);
  await w.ports.fraud.raise(
    {
      id: "fa_1", userId: "c1", alertType: "stake_spike", severity: "high", description: "Stake 12x the customer's median",
      dedupeKey: "stake_spike:c1:bet_9", confidence: 0.8, evidence: { betId: "bet_9" }, createdAt: at(-60),
    },
    anAudit("aud_raise", { actorId: null, actorRole: "system", action: "fraud_alert.raise", entityType: "fraud_alert", entityId: "fa_1", before: null, after: null, createdAt: at(-60) }),
  );
});

it("confirmed: the alert resolved with its outcome, trimmed notes and who, audited", async () => {
  const r = await resolveFraudAlert(w.as(admin), "fa_1", { resolution: "confirmed", notes: "  Linked accounts  " });
  expect(r.ok && r.value).toMatchObject({ id: "fa_1", status: "resolved", resolution: "confirmed", userId: "c1" });
  expect((await sqlAudit(w.database)).at(-1)).toEqual({
    action: "fraud_alert.resolve", actorId: "adm", entity: "fraud_alert:fa_1",
    before: { status: "open", userId: "c1", alertType: "stake_spike" },
    after: { status: "resolved", resolution: "confirmed", notes: "Linked accounts" },
  });
});

describe("refused, nothing written", () => {
  it("already resolved: FRAUD.ALERT_NOT_OPEN (the outcome cannot be changed)", async () => {
    await resolveFraudAlert(w.as(admin), "fa_1", { resolution: "false_positive", notes: "" });
    expect(await w.unchanged(() => resolveFraudAlert(w.as(admin), "fa_1", { resolution: "confirmed", notes: "changed my mind" }))).toEqual({
      ok: false,
      error: { code: "FRAUD.ALERT_NOT_OPEN", message: "This alert is already resolved" },
    });
  });

  it("an unknown alert: FRAUD.ALERT_NOT_FOUND", async () => {
    const r = await w.unchanged(() => resolveFraudAlert(w.as(admin), "fa_x", { resolution: "resolved", notes: "" }));
    expect(!r.ok && r.error.code).toBe("FRAUD.ALERT_NOT_FOUND");
  });

  it("a trader: AUTH.FORBIDDEN", async () => {
    const trader = await w.staff("trd", "trader");
    const r = await w.unchanged(() => resolveFraudAlert(w.as(trader), "fa_1", { resolution: "resolved", notes: "" }));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  });
});
