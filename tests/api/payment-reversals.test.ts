/**
 * Reversed payments (docs/money.md "Reversed payments") through the API on a real
 * database: a withdrawal the bank returned comes back to the customer's cash (learned by the
 * reconciler asking the provider); a deposit charged back leaves the cash, the shortfall becomes
 * debt and its bonus is removed (marked by an operator, audited); each pays exactly and twice = once;
 * pending, failed and waiting payments cannot be reversed (code, status, nothing written); the
 * database refuses a reversal without its ledger; the balance identity holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { SimulatedPaymentProvider } from "../../adapters/payments/simulated-provider.ts";
import { reconcileReversals } from "../../domain/wallet/reverse-payment.ts";
import type { PaymentRecord } from "../../domain/ports/payments.ts";
import { PaymentReconciler } from "../../api/jobs/payment-reconciler.ts";

let t: TestApp;
let admin: Session;
let ports: ReturnType<typeof libsqlPorts>;
const provider = new SimulatedPaymentProvider();
beforeAll(async () => {
  t = await makeTestApp({ paymentProvider: provider });
  admin = await demoLogin(t, "admin");
  ports = libsqlPorts(t.database, { paymentProvider: provider });
});
afterAll(() => t.close());

const reconcile = () => reconcileReversals({ ports, clock: t.clock, ids: randomIds }, { windowMs: 24 * 3600_000 });

async function customer() {
  const s = await realCustomerLogin(t);
  expect((await put(s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  return { s, id: await currentUserId(s) };
}
const row = async (sql: string, args: (string | number)[]) =>
  (await t.database.client.execute({ sql, args })).rows[0] as unknown as Record<string, string | number | null>;
const balanceOfAccount = async (id: string) => Number((await row("SELECT balance FROM ledger_accounts WHERE id = ?", [id]))?.balance ?? 0);
const postingsOf = (paymentId: string) =>
  countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings p JOIN ledger_transactions tx ON tx.id = p.transaction_id WHERE tx.reference = ?", [paymentId]);
const reversalsOf = (paymentId: string) =>
  countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE reference = ? AND kind IN ('deposit_reversed', 'withdrawal_reversed')", [paymentId]);
const myPayment = async (s: Session, id: string) =>
  ((await (await s.get("/api/wallet/payments?limit=100")).json()) as { items: { id: string; state: string; stateLabel: string }[] }).items.find((p) => p.id === id);

/**
 * The customer's balance identity with payment states: cash - owed = demo grant + completed
 * deposits (net of fee) - withdrawals held or paid (not failed, rejected or reversed) + bonus released.
 */
async function expectIdentity(userId: string) {
  const r = await row(
    `SELECT
       (SELECT COALESCE(SUM(p.amount), 0) FROM ledger_postings p JOIN ledger_transactions tx ON tx.id = p.transaction_id
          WHERE p.account_id = 'wallet:' || ?1 AND tx.kind IN ('demo_grant', 'bonus_release')) AS granted,
       (SELECT COALESCE(SUM(amount - fee), 0) FROM payments WHERE user_id = ?1 AND direction = 'deposit' AND state = 'completed') AS deposits,
       (SELECT COALESCE(SUM(amount), 0) FROM payments WHERE user_id = ?1 AND direction = 'withdrawal' AND state IN ('awaiting_approval', 'pending', 'completed')) AS withdrawals`,
    [userId],
  );
  const cash = await balanceOfAccount(`wallet:${userId}`);
  const owed = 0 - (await balanceOfAccount(`debt:${userId}`));
  expect(cash - owed).toBe(Number(r.granted) + Number(r.deposits) - Number(r.withdrawals));
}

describe("a withdrawal returned by the bank", () => {
  it("the reconciler learns it from the provider: the amount back in cash, once; the customer and operator see it", async () => {
    const c = await customer();
    const start = await balanceOf(c.s);
    const w = await (await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 20_000 })).json();
    expect(w.state).toBe("completed");
    expect(await balanceOf(c.s)).toBe(start - 20_000);
    // Nothing reversed yet: the reconciler moves nothing.
    expect((await reconcile()).reversed).toBe(0);
    expect(await balanceOf(c.s)).toBe(start - 20_000);

    expect(await provider.reverse("payout", w.paymentId, "Returned by the beneficiary bank: account closed")).not.toBeNull();
    const first = await reconcile();
    expect(first.reversed).toBe(1);
    expect(await balanceOf(c.s)).toBe(start);
    expect(await reversalsOf(w.paymentId)).toBe(1);
    // Twice = once.
    const before = await postingsOf(w.paymentId);
    expect((await reconcile()).reversed).toBe(0);
    expect(await postingsOf(w.paymentId)).toBe(before);
    expect(await balanceOf(c.s)).toBe(start);

    const seen = await myPayment(c.s, w.paymentId);
    expect(seen).toMatchObject({ state: "reversed", stateLabel: "Reversed: returned by your bank, $200.00 back in your balance" });
    const audit = await row("SELECT actor_role, action FROM audit_log WHERE entity_id = ? AND action = 'payment.reverse'", [w.paymentId]);
    expect(audit).toMatchObject({ actor_role: "system" });
    // The operator reversing it again answers the payment as it is, and moves nothing.
    const again = await admin.post(`/api/admin/payments/${w.paymentId}/reverse`, { reason: "Bank return" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ state: "reversed", method: "bank", reversalReason: "Returned by the beneficiary bank: account closed" });
    expect(await postingsOf(w.paymentId)).toBe(before);
    await expectIdentity(c.id);
    await expectLedgerBalanced(t.database);
  });

  it("a returned payout pays what the customer owes first", async () => {
    const c = await customer();
    expect(await balanceOf(c.s)).toBe(100_000);
    const w = await (await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 30_000 })).json();
    const d = await (await c.s.post("/api/wallet/deposits", { method: "bank", amount: 40_000 })).json();
    expect([w.state, d.state]).toEqual(["completed", "completed"]);
    expect((await (await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 100_000 })).json()).state).toBe("completed");
    expect(await balanceOf(c.s)).toBe(10_000);
    // The deposit is charged back: 400.00 taken, the wallet has 100.00, 300.00 owed.
    const r = await admin.post(`/api/admin/payments/${d.paymentId}/reverse`, { reason: "Chargeback: fraud claim" });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(await balanceOfAccount(`debt:${c.id}`)).toBe(-30_000);
    expect(await balanceOf(c.s)).toBe(0);
    // The first payout comes back: 300.00, all of it paying the debt.
    await provider.reverse("payout", w.paymentId, "Returned");
    expect((await reconcile()).reversed).toBe(1);
    expect(await balanceOfAccount(`debt:${c.id}`)).toBe(0);
    expect(await balanceOf(c.s)).toBe(0);
    await expectIdentity(c.id);
    await expectLedgerBalanced(t.database);
  });
});

describe("the reconciliation job", () => {
  it("on start asks the provider about recently completed payments and reverses what it reversed", async () => {
    const c = await customer();
    const w = await (await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 12_300 })).json();
    const start = await balanceOf(c.s);
    await provider.reverse("payout", w.paymentId, "Returned: wrong account number");
    const job = new PaymentReconciler({ ports, clock: t.clock, ids: randomIds }, { intervalMs: 0, graceMs: 0, log: () => {} });
    await job.start();
    job.stop();
    expect(job.lastRun?.summary.reversals.reversed).toBe(1);
    expect(await balanceOf(c.s)).toBe(start + 12_300);
    // Outside the window nothing is asked: a payment completed long ago is left alone.
    const old = new PaymentReconciler({ ports, clock: { now: () => new Date(Date.now() + 30 * 86_400_000) }, ids: randomIds }, { intervalMs: 0, graceMs: 0, log: () => {} });
    expect((await old.runOnce({ needLease: false }))?.reversals.asked).toBe(0);
  });
});

describe("a deposit charged back", () => {
  it("undoes the deposit exactly: cash down to 0, the rest debt, its bonus removed; operator reason audited; twice = once", async () => {
    const c = await customer();
    const start = await balanceOf(c.s);
    const d = await (await c.s.post("/api/wallet/deposits", { method: "bank", amount: 50_000 })).json();
    expect(d).toMatchObject({ state: "completed", bonus: 5_000 });
    expect(await balanceOfAccount(`bonus:${c.id}`)).toBe(5_000);
    // Cash spent down to 100.00 (two withdrawals below the approval threshold).
    for (const amount of [90_000, start + 50_000 - 90_000 - 10_000]) {
      const w = await (await c.s.post("/api/wallet/withdrawals", { method: "bank", amount })).json();
      expect(w.state).toBe("completed");
    }
    expect(await balanceOf(c.s)).toBe(10_000);

    const res = await admin.post(`/api/admin/payments/${d.paymentId}/reverse`, { reason: "Chargeback: card holder disputes" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      id: d.paymentId, state: "reversed", method: "bank", providerReference: expect.any(String), reversalReason: "Chargeback: card holder disputes",
    });
    expect(await balanceOf(c.s)).toBe(0);
    expect(await balanceOfAccount(`debt:${c.id}`)).toBe(-40_000);
    expect(await balanceOfAccount(`bonus:${c.id}`)).toBe(0);
    expect(await row("SELECT status, closed_transaction_id FROM bonus_grants WHERE user_id = ?", [c.id])).toMatchObject({ status: "expired" });
    const tx = await row("SELECT id FROM ledger_transactions WHERE reference = ? AND kind = 'deposit_reversed'", [d.paymentId]);
    expect((await row("SELECT closed_transaction_id FROM bonus_grants WHERE user_id = ?", [c.id])).closed_transaction_id).toBe(tx.id);
    expect(await row("SELECT actor_role, after FROM audit_log WHERE entity_id = ? AND action = 'payment.reverse'", [d.paymentId])).toMatchObject({ actor_role: "admin" });

    // Twice = once.
    const posted = await postingsOf(d.paymentId);
    const again = await admin.post(`/api/admin/payments/${d.paymentId}/reverse`, { reason: "again" });
    expect(again.status).toBe(200);
    expect(await postingsOf(d.paymentId)).toBe(posted);
    expect(await reversalsOf(d.paymentId)).toBe(1);
    expect(await balanceOfAccount(`debt:${c.id}`)).toBe(-40_000);

    expect(await myPayment(c.s, d.paymentId)).toMatchObject({ state: "reversed", stateLabel: "Reversed: charged back, the $500.00 it credited was taken back" });
    // The operator's payments list shows the truth: state, method, the provider's reference.
    const listed = (await (await admin.get(`/api/admin/payments/transactions?type=deposit&userId=${c.id}`)).json()) as { paymentId: string; status: string; method: string; reference: string | null }[];
    expect(listed.find((x) => x.paymentId === d.paymentId)).toMatchObject({ status: "reversed", method: "bank", reference: expect.stringMatching(/^ch_/) });
    // A later deposit pays the debt first.
    await c.s.post("/api/wallet/deposits", { method: "bank", amount: 10_000 });
    expect(await balanceOfAccount(`debt:${c.id}`)).toBe(-30_000);
    expect(await balanceOf(c.s)).toBe(0);
    await expectIdentity(c.id);
    await expectLedgerBalanced(t.database);
  });

  it("a chargeback with the cash there takes the net credit and refunds the fee from the house", async () => {
    const c = await customer();
    const start = await balanceOf(c.s);
    const d = await (await c.s.post("/api/wallet/deposits", { method: "card", amount: 5_000 })).json();
    const p = await ports.payments.find(d.paymentId);
    expect(p!.fee).toBeGreaterThan(0);
    const house = await balanceOfAccount("house");
    await provider.reverse("charge", d.paymentId, "Chargeback 4837");
    expect((await reconcile()).reversed).toBe(1);
    expect(await balanceOf(c.s)).toBe(start);
    expect(await balanceOfAccount("house")).toBe(house - p!.fee);
    expect(await balanceOfAccount(`debt:${c.id}`)).toBe(0);
    await expectIdentity(c.id);
  });
});

describe("what cannot be reversed", () => {
  it("a pending, failed or waiting payment, or an unknown one: code, status, nothing written; customers may not", async () => {
    const c = await customer();
    const failed = await expectError(await c.s.post("/api/wallet/deposits", { method: "bank", amount: 10_013 }), 422, "WALLET.PAYMENT_DECLINED");
    const failedId = (failed.error.details as { paymentId: string }).paymentId;
    const pending: PaymentRecord = {
      id: randomIds.next("pay"), userId: c.id, direction: "deposit", method: "card", amount: 7_000, fee: 233, bonus: 0, state: "pending",
      providerReference: null, failureReason: null, transactionId: null, settleTransactionId: null, reviewedBy: null, reviewedAt: null,
      reviewReason: null, createdAt: new Date(), updatedAt: new Date(),
    };
    expect((await ports.payments.openDeposit({ payment: pending, depositLimits: [], idempotency: null })).kind).toBe("opened");
    await c.s.post("/api/wallet/deposits", { method: "bank", amount: 10_000 });
    const waiting = await (await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 100_001 })).json();
    expect(waiting.state).toBe("awaiting_approval");
    const counts = async () => [
      await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_postings"),
      await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log"),
      await countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE state = 'reversed'"),
    ];
    const before = await counts();
    const balance = await balanceOf(c.s);
    for (const id of [failedId, pending.id, waiting.paymentId])
      await expectError(await admin.post(`/api/admin/payments/${id}/reverse`, { reason: "test" }), 409, "PAYMENT.NOT_REVERSIBLE");
    await expectError(await admin.post("/api/admin/payments/pay_nope/reverse", { reason: "test" }), 404, "PAYMENT.NOT_FOUND");
    await expectError(await c.s.post(`/api/admin/payments/${failedId}/reverse`, { reason: "test" }), 403, "AUTH.FORBIDDEN");
    await expectInvalidFields(await admin.post(`/api/admin/payments/${failedId}/reverse`, { reason: " " }), "reason");
    await expectInvalidFields(await admin.post(`/api/admin/payments/${failedId}/reverse`, { reason: "Jo\u202Enhoj" }), "reason");
    expect(await counts()).toEqual(before);
    expect(await balanceOf(c.s)).toBe(balance);
    expect((await ports.payments.find(pending.id))!.state).toBe("pending");
  });

  it("the database refuses a reversal without its ledger transaction, and any move out of reversed (raw SQL)", async () => {
    const c = await customer();
    const d = await (await c.s.post("/api/wallet/deposits", { method: "bank", amount: 5_000 })).json();
    const db = t.database.client;
    await expect(db.execute({ sql: "UPDATE payments SET state = 'reversed' WHERE id = ?", args: [d.paymentId] })).rejects.toThrow(/PAYMENT.REVERSAL_LEDGER_MISSING/);
    await expect(db.execute({ sql: "UPDATE payments SET state = 'reversed', reversed_at = 1, reversal_reason = 'x', reversal_transaction_id = ? WHERE id = ?", args: [d.paymentId, d.paymentId] }))
      .rejects.toThrow(/PAYMENT\.|FOREIGN KEY/);
    const r = await admin.post(`/api/admin/payments/${d.paymentId}/reverse`, { reason: "Chargeback" });
    expect(r.status).toBe(200);
    for (const state of ["completed", "pending", "failed"])
      await expect(db.execute({ sql: "UPDATE payments SET state = ? WHERE id = ?", args: [state, d.paymentId] })).rejects.toThrow(/PAYMENT.STATE_NOT_FORWARD/);
    expect((await ports.payments.find(d.paymentId))!.state).toBe("reversed");
  });
});

describe("the responsible gambling marker for reversed withdrawals", () => {
  type Harm = { marker: string; customers: { userId: string; since: string | null; detail: string }[] };
  const listed = async (userId: string, operator = admin) => {
    const res = await operator.get("/api/admin/responsible");
    expect(res.status, await res.clone().text()).toBe(200);
    const o = (await res.json()) as { harm: Harm[] };
    return o.harm.find((h) => h.marker === "reversed_withdrawals")!.customers.find((c) => c.userId === userId) ?? null;
  };

  it("counts a withdrawal an operator marks reversed, from when it was reversed, for 30 days; a chargeback is not a reversed withdrawal", async () => {
    const c = await customer();
    const w = await (await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 15_000 })).json();
    const d = await (await c.s.post("/api/wallet/deposits", { method: "bank", amount: 20_000 })).json();
    expect([w.state, d.state]).toEqual(["completed", "completed"]);
    expect(await listed(c.id)).toBeNull();

    // A deposit charged back moves money but is not a withdrawal the customer had sent back.
    expect((await admin.post(`/api/admin/payments/${d.paymentId}/reverse`, { reason: "Chargeback: card holder disputes" })).status).toBe(200);
    expect(await listed(c.id)).toBeNull();

    const reversedAt = new Date(Date.now() + 3_600_000);
    t.clock.set(reversedAt);
    try {
      const res = await admin.post(`/api/admin/payments/${w.paymentId}/reverse`, { reason: "Returned by the beneficiary bank" });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await listed(c.id)).toEqual({ userId: c.id, since: reversedAt.toISOString(), detail: "1 withdrawal(s) reversed in 30 days", email: expect.any(String), firstName: expect.any(String), lastName: expect.any(String) });
      // Thirty days after the reversal it no longer counts.
      // (A session of that day: the first one has expired by then.)
      t.clock.set(new Date(reversedAt.getTime() + 30 * 86_400_000 + 1_000));
      expect(await listed(c.id, await demoLogin(t, "admin"))).toBeNull();
    } finally {
      t.clock.set(null as unknown as Date);
    }
  });
});
