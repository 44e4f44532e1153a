/**
 * approveWithdrawal and rejectWithdrawal on the world (payments on libSQL: every port there): a
 * withdrawal above the approval threshold waits; approving sends the payout (the hold leaves for the
 * provider), rejecting gives the hold back; each decision audited. A decided payment, an account
 * under investigation and non-admins are refused with nothing written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { withdraw } from "../../domain/wallet/withdraw.ts";
import { approveWithdrawal, rejectWithdrawal, setUnderInvestigation } from "../../domain/wallet/approvals.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, sqlAudit, type World } from "./world.ts";

let w: World;
let admin: User;
let amount: number;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  admin = await w.staff("adm", "admin");
  amount = (await w.ports.payments.approvalThreshold()) + 100;
  const c1 = await w.customer("c1", amount + 10_000);
  const r = await withdraw(w.as(c1), { method: "bank", amount });
  if (!r.ok || r.value.state !== "awaiting_approval") throw new Error("expected a withdrawal awaiting approval");
});
const held = async () =>
  Number((await w.database.client.execute("SELECT balance FROM ledger_accounts WHERE id = 'payments_held'")).rows[0]?.balance ?? 0);

describe("decided", () => {
  it("approved: paid out (completed), nothing left held, the wallet keeps the rest; audited payment.approve", async () => {
    const r = await approveWithdrawal(w.as(admin), "pay_1", { note: " checked ID " });
    expect(r.ok && r.value).toMatchObject({ id: "pay_1", state: "completed", reviewedBy: "adm", amount });
    expect(await held()).toBe(0);
    expect(await w.ports.wallets.balanceOf("c1")).toBe(10_000);
    expect((await sqlAudit(w.database)).find((a) => a.action === "payment.approve")).toMatchObject({
      actorId: "adm", entity: "payment:pay_1", before: { state: "awaiting_approval" }, after: { state: "pending", amount, note: "checked ID" },
    });
  });

  it("rejected: the hold back in the wallet, the reason recorded; audited payment.reject", async () => {
    const r = await rejectWithdrawal(w.as(admin), "pay_1", { reason: "Source of funds unclear" });
    expect(r.ok && r.value).toMatchObject({ state: "rejected", failureReason: "Source of funds unclear" });
    expect(await held()).toBe(0);
    expect(await w.ports.wallets.balanceOf("c1")).toBe(amount + 10_000);
    expect((await sqlAudit(w.database)).at(-1)).toMatchObject({ action: "payment.reject", after: { state: "rejected", amount, reason: "Source of funds unclear" } });
  });
});

describe("refused, nothing written", () => {
  it("already decided: PAYMENT.NOT_AWAITING_APPROVAL with its state", async () => {
    await rejectWithdrawal(w.as(admin), "pay_1", { reason: "no" });
    expect(await w.unchanged(() => approveWithdrawal(w.as(admin), "pay_1", {}))).toEqual({
      ok: false,
      error: { code: "PAYMENT.NOT_AWAITING_APPROVAL", message: "This payment is rejected, not awaiting approval", details: { state: "rejected" } },
    });
  });

  it("the account put under investigation meanwhile: WALLET.UNDER_INVESTIGATION, the money stays held", async () => {
    expect((await setUnderInvestigation(w.as(admin), "c1", { underInvestigation: true, reason: "chargebacks" })).ok).toBe(true);
    const r = await w.unchanged(() => approveWithdrawal(w.as(admin), "pay_1", {}));
    expect(!r.ok && r.error.code).toBe("WALLET.UNDER_INVESTIGATION");
    expect(await held()).toBe(amount);
  });

  it("an unknown payment: PAYMENT.NOT_FOUND; a trader: AUTH.FORBIDDEN", async () => {
    const nf = await w.unchanged(() => approveWithdrawal(w.as(admin), "pay_x", {}));
    expect(!nf.ok && nf.error.code).toBe("PAYMENT.NOT_FOUND");
    const trader = await w.staff("trd", "trader");
    const r = await w.unchanged(() => rejectWithdrawal(w.as(trader), "pay_1", { reason: "x" }));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  });
});
