/**
 * Durable payments through the API and the database:
 * states only move forward (raw SQL refused by the database), the reconciler finishes what a
 * crash left pending and is idempotent, a failed withdrawal returns its hold exactly once, the
 * approval queue (above the threshold waits; approve pays; reject returns; customers cannot
 * decide; audited), and funds always reachable (suspended or excluded customers withdraw; an
 * account under investigation is refused).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, realCustomerLogin, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectError, expectInvalidFields, expectLedgerBalanced } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { SimulatedPaymentProvider } from "../../adapters/payments/simulated-provider.ts";
import { LibsqlProviderMemory } from "../../adapters/payments/provider-memory.ts";
import { reconcilePayments } from "../../domain/wallet/settle-payment.ts";
import { ledgerTransaction, PAYMENTS_HELD_ACCOUNT, transfer, walletAccountId } from "../../domain/wallet/ledger.ts";
import type { PaymentRecord } from "../../domain/ports/payments.ts";

let t: TestApp;
let admin: Session;
/** A second set of ports on the same database: what a restarted process would have. */
let ports: ReturnType<typeof libsqlPorts>;
let provider: SimulatedPaymentProvider;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  provider = new SimulatedPaymentProvider({ memory: new LibsqlProviderMemory(t.database.client) });
  ports = libsqlPorts(t.database, { paymentProvider: provider });
});
afterAll(() => t.close());

const reconcile = () => reconcilePayments({ ports, clock: t.clock, ids: randomIds }, { graceMs: 0 });

/** A customer (verified full, 1,000.00; not a demo account, so operators see their payments) who has answered the deposit-limit prompt. */
async function customer() {
  const s = await realCustomerLogin(t);
  expect((await put(s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
  return { s, id: await currentUserId(s) };
}

async function paymentRow(id: string) {
  const rs = await t.database.client.execute({ sql: "SELECT * FROM payments WHERE id = ?", args: [id] });
  return rs.rows[0] as unknown as Record<string, string | number | null>;
}

const returnsOf = (paymentId: string) =>
  countRows(t.database, `SELECT COUNT(*) AS n FROM ledger_postings p JOIN ledger_transactions tx ON tx.id = p.transaction_id
                         WHERE tx.reference = ? AND p.account_id = ? AND p.amount < 0`, [paymentId, PAYMENTS_HELD_ACCOUNT]);

const basePayment = (userId: string, o: Partial<PaymentRecord>): PaymentRecord => ({
  id: randomIds.next("pay"), userId, direction: "deposit", method: "card", amount: 10_000, fee: 320, bonus: 0, state: "pending",
  providerReference: null, failureReason: null, transactionId: null, settleTransactionId: null, reviewedBy: null, reviewedAt: null,
  reviewReason: null, createdAt: new Date(), updatedAt: new Date(), ...o,
});

/** What a process killed mid-request leaves: the pending payment (and a withdrawal's hold), the provider maybe called. */
async function pendingDeposit(userId: string, amount: number) {
  const p = basePayment(userId, { amount, fee: Math.floor((amount * 290) / 10_000) + 30 });
  expect((await ports.payments.openDeposit({ payment: p, depositLimits: [], idempotency: null })).kind).toBe("opened");
  return p;
}
async function pendingWithdrawal(userId: string, amount: number) {
  const hold = ledgerTransaction(
    { id: randomIds.next("tx"), kind: "withdrawal", reference: null, createdAt: new Date(), createdBy: userId },
    transfer(walletAccountId(userId), PAYMENTS_HELD_ACCOUNT, amount),
  );
  if (!hold.ok) throw new Error("hold");
  const p = basePayment(userId, { direction: "withdrawal", method: "bank", amount, fee: 0, transactionId: hold.value.id });
  hold.value.reference = p.id;
  expect((await ports.payments.openWithdrawal({ payment: p, hold: hold.value, walletAccountId: walletAccountId(userId) })).kind).toBe("opened");
  return p;
}

describe("payment states only move forward (database-enforced)", () => {
  it("refuses a backward or repeated state change, a change of amount or owner, a delete, and a completion without its ledger", async () => {
    const c = await customer();
    const dep = await (await c.s.post("/api/wallet/deposits", { method: "card", amount: 5_000 })).json();
    expect(dep.state).toBe("completed");
    const db = t.database.client;
    for (const sql of [
      "UPDATE payments SET state = 'pending' WHERE id = ?",
      "UPDATE payments SET state = 'failed' WHERE id = ?",
      "UPDATE payments SET state = 'completed' WHERE id = ?",
      "UPDATE payments SET state = 'awaiting_approval' WHERE id = ?",
    ]) await expect(db.execute({ sql, args: [dep.paymentId] }), sql).rejects.toThrow(/PAYMENT.STATE_NOT_FORWARD/);
    await expect(db.execute({ sql: "UPDATE payments SET state = 'failed', amount = 1 WHERE id = ?", args: [dep.paymentId] })).rejects.toThrow(/PAYMENT\./);
    await expect(db.execute({ sql: "DELETE FROM payments WHERE id = ?", args: [dep.paymentId] })).rejects.toThrow(/PAYMENT.IMMUTABLE/);

    const pending = await pendingDeposit(c.id, 7_000);
    await expect(db.execute({ sql: "UPDATE payments SET amount = 70000, state = 'failed' WHERE id = ?", args: [pending.id] })).rejects.toThrow(/PAYMENT.IMMUTABLE/);
    await expect(db.execute({ sql: "UPDATE payments SET state = 'completed' WHERE id = ?", args: [pending.id] })).rejects.toThrow(/PAYMENT.LEDGER_MISSING/);
    await expect(db.execute({ sql: "UPDATE payments SET state = 'rejected' WHERE id = ?", args: [pending.id] })).rejects.toThrow(/PAYMENT.STATE_NOT_FORWARD/);
    // A withdrawal needs its hold; a deposit cannot wait for approval.
    await expect(db.execute({
      sql: `INSERT INTO payments (id, user_id, direction, method, amount, state, created_at, updated_at) VALUES ('pay_x', ?, 'withdrawal', 'bank', 100, 'pending', 0, 0)`,
      args: [c.id],
    })).rejects.toThrow(/payments_hold_ck/);
    await expect(db.execute({
      sql: `INSERT INTO payments (id, user_id, direction, method, amount, state, created_at, updated_at) VALUES ('pay_y', ?, 'deposit', 'bank', 100, 'awaiting_approval', 0, 0)`,
      args: [c.id],
    })).rejects.toThrow(/payments_approval_ck/);
    // Forward is allowed: pending -> failed moves no money for a deposit.
    await db.execute({ sql: "UPDATE payments SET state = 'failed', failure_reason = 'test' WHERE id = ?", args: [pending.id] });
    expect((await paymentRow(pending.id)).state).toBe("failed");
    await expectLedgerBalanced(t.database);
  });
});

describe("reconciliation after a crash", () => {
  it("credits a deposit the provider charged, fails one it never received, pays out a withdrawal; idempotent", async () => {
    const c = await customer();
    const start = await balanceOf(c.s);
    const charged = await pendingDeposit(c.id, 20_000);
    await provider.charge({ reference: charged.id, userId: c.id, method: "card", amount: 20_000 }); // the process died before booking it
    const lost = await pendingDeposit(c.id, 30_000); // died before the provider was called
    const out = await pendingWithdrawal(c.id, 15_000); // died before the payout was sent
    expect(await balanceOf(c.s)).toBe(start - 15_000); // the hold is taken with the payment

    // Customers see the truth meanwhile: pending, not completed.
    const before = (await (await c.s.get("/api/wallet/payments")).json()).items as { id: string; state: string; stateLabel: string }[];
    expect(before.filter((p) => [charged.id, lost.id, out.id].includes(p.id)).map((p) => p.stateLabel)).toEqual(["Pending", "Pending", "Pending"]);

    const first = await reconcile();
    expect(first.checked).toBeGreaterThanOrEqual(3);
    expect((await paymentRow(charged.id)).state).toBe("completed");
    expect((await paymentRow(lost.id))).toMatchObject({ state: "failed", failure_reason: expect.stringMatching(/never received/) });
    expect((await paymentRow(out.id))).toMatchObject({ state: "completed", provider_reference: expect.stringMatching(/^po_/) });
    const fee = Math.floor((20_000 * 290) / 10_000) + 30;
    const after = start + 20_000 - fee - 15_000;
    expect(await balanceOf(c.s)).toBe(after);
    expect(await provider.lookup("charge", lost.id)).toBeNull(); // nothing was taken

    // Again: nothing is pending, nothing moves, the provider is not asked to pay twice.
    const payouts = provider.log.filter((l) => l.kind === "payout").length;
    const second = await reconcile();
    expect(second).toMatchObject({ checked: 0 });
    expect(await balanceOf(c.s)).toBe(after);
    expect(provider.log.filter((l) => l.kind === "payout").length).toBe(payouts);
    await expectLedgerBalanced(t.database);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE state = 'pending'")).toBe(0);
  });

  it("a request and the reconciler settling the same payment at once move the money once", async () => {
    const c = await customer();
    const start = await balanceOf(c.s);
    const p = await pendingWithdrawal(c.id, 12_000);
    await Promise.all([reconcile(), reconcile(), reconcile()]);
    expect((await paymentRow(p.id)).state).toBe("completed");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_transactions WHERE reference = ?", [p.id])).toBe(2); // hold + payout
    expect(await balanceOf(c.s)).toBe(start - 12_000);
    await expectLedgerBalanced(t.database);
  });
});

describe("a failed withdrawal returns the hold exactly once", () => {
  it("declined by the provider (cents ending in 13): 422, Failed, returned to your balance; reconciling again changes nothing", async () => {
    const c = await customer();
    const start = await balanceOf(c.s);
    const res = await expectError(await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 10_013 }), 422, "WALLET.PAYMENT_DECLINED");
    const id = (res.error.details as { paymentId: string }).paymentId;
    expect(await balanceOf(c.s)).toBe(start);
    expect(await returnsOf(id)).toBe(1);
    await reconcile();
    await reconcile();
    expect(await returnsOf(id)).toBe(1);
    expect(await balanceOf(c.s)).toBe(start);
    const mine = (await (await c.s.get("/api/wallet/payments")).json()).items[0];
    expect(mine).toMatchObject({ id, state: "failed", stateLabel: "Failed, returned to your balance", method: "bank" });
    // The operator sees the same.
    const ops = (await (await admin.get(`/api/admin/payments/transactions?type=withdrawal&userId=${c.id}`)).json()) as { paymentId: string; status: string; method: string }[];
    expect(ops).toEqual([expect.objectContaining({ paymentId: id, status: "failed", method: "bank" })]);
    await expectLedgerBalanced(t.database);
  });

  it("a crash-left withdrawal the provider declines is failed by the reconciler with the hold back once", async () => {
    const c = await customer();
    const start = await balanceOf(c.s);
    const p = await pendingWithdrawal(c.id, 8_013);
    await Promise.all([reconcile(), reconcile()]);
    expect(await paymentRow(p.id)).toMatchObject({ state: "failed" });
    expect(await returnsOf(p.id)).toBe(1);
    expect(await balanceOf(c.s)).toBe(start);
  });
});

describe("withdrawal approval queue", () => {
  const setThreshold = (v: number) =>
    t.database.client.execute({ sql: "UPDATE risk_settings SET value = ? WHERE key = 'withdrawal_approval_threshold'", args: [v] });

  it("above the threshold the withdrawal waits (money held); a customer cannot approve; the admin approves and it is paid, audited", async () => {
    await setThreshold(50_000);
    const c = await customer();
    const small = await (await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 50_000 })).json();
    expect(small.state).toBe("completed"); // at the threshold: no approval
    const res = await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 40_001 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ state: "completed" });
    expect(await balanceOf(c.s)).toBe(100_000 - 90_001);

    const c2 = await customer();
    const big = await (await c2.s.post("/api/wallet/withdrawals", { method: "bank", amount: 60_000 })).json();
    expect(big).toMatchObject({ state: "awaiting_approval", providerReference: null, balance: 40_000 });
    expect(provider.log.some((l) => l.reference === big.paymentId)).toBe(false);
    const queue = (await (await admin.get("/api/admin/payments/approvals")).json()) as { threshold: number; items: { id: string; state: string; user: { id: string } }[] };
    expect(queue.threshold).toBe(50_000);
    expect(queue.items).toContainEqual(expect.objectContaining({ id: big.paymentId, state: "awaiting_approval", user: expect.objectContaining({ id: c2.id }) }));
    expect((await (await c2.s.get("/api/wallet/payments")).json()).items[0]).toMatchObject({ stateLabel: "Pending approval" });

    await expectError(await c2.s.post(`/api/admin/payments/${big.paymentId}/approve`, {}), 403, "AUTH.FORBIDDEN");
    await expectError(await c2.s.get("/api/admin/payments/approvals"), 403, "AUTH.FORBIDDEN");
    // A reconciler pass leaves it alone: it waits for an operator.
    await reconcile();
    expect((await paymentRow(big.paymentId)).state).toBe("awaiting_approval");

    const approved = await admin.post(`/api/admin/payments/${big.paymentId}/approve`, { note: "Source of funds checked" });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ state: "completed", providerReference: expect.stringMatching(/^po_/), reviewReason: "Source of funds checked" });
    expect(await balanceOf(c2.s)).toBe(40_000);
    await expectError(await admin.post(`/api/admin/payments/${big.paymentId}/approve`, {}), 409, "PAYMENT.NOT_AWAITING_APPROVAL");
    await expectError(await admin.post(`/api/admin/payments/${big.paymentId}/reject`, { reason: "late" }), 409, "PAYMENT.NOT_AWAITING_APPROVAL");
    await expectError(await admin.post("/api/admin/payments/pay_nope/approve", {}), 404, "PAYMENT.NOT_FOUND");
    const audit = await t.database.client.execute({ sql: "SELECT action, actor_role, after FROM audit_log WHERE entity_type = 'payment' AND entity_id = ?", args: [big.paymentId] });
    expect(audit.rows.map((r) => [r.action, r.actor_role])).toEqual([["payment.approve", "admin"]]);
    expect(JSON.parse(String(audit.rows[0].after))).toMatchObject({ state: "pending", amount: 60_000, note: "Source of funds checked" });
    expect((await (await c2.s.get("/api/wallet/payments")).json()).items[0]).toMatchObject({ state: "completed", stateLabel: "Completed" });
    await expectLedgerBalanced(t.database);
    await setThreshold(100_000);
  });

  it("a rejected withdrawal returns the hold once, with the reason, audited; a reason is required", async () => {
    await setThreshold(50_000);
    const c = await customer();
    const big = await (await c.s.post("/api/wallet/withdrawals", { method: "paypal", amount: 70_000 })).json();
    expect(big.state).toBe("awaiting_approval");
    expect(await balanceOf(c.s)).toBe(30_000);
    await expectInvalidFields(await admin.post(`/api/admin/payments/${big.paymentId}/reject`, { reason: " " }), "reason");
    const [a, b] = await Promise.all([
      admin.post(`/api/admin/payments/${big.paymentId}/reject`, { reason: "Card holder name does not match" }),
      admin.post(`/api/admin/payments/${big.paymentId}/reject`, { reason: "Card holder name does not match" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balanceOf(c.s)).toBe(100_000);
    expect(await returnsOf(big.paymentId)).toBe(1);
    expect(await paymentRow(big.paymentId)).toMatchObject({ state: "rejected", failure_reason: "Card holder name does not match" });
    expect((await (await c.s.get("/api/wallet/payments")).json()).items[0]).toMatchObject({ stateLabel: "Rejected, returned to your balance" });
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'payment.reject' AND entity_id = ?", [big.paymentId])).toBe(1);
    expect(provider.log.some((l) => l.reference === big.paymentId)).toBe(false);
    await expectLedgerBalanced(t.database);
    await setThreshold(100_000);
  });
});

describe("funds always reachable", () => {
  it("a self-excluded customer can withdraw; a suspended one can sign in only to withdraw and see payments", async () => {
    const c = await customer();
    expect((await c.s.post("/api/responsible/exclusion", { period: "6m" })).status).toBeLessThan(300);
    const out = await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 10_000 });
    expect(out.status).toBe(201);
    expect(await out.json()).toMatchObject({ state: "completed" });
    // Suspended (a signed-in session of a suspended account; sign-in itself: tests/api/sign-in.test.ts):
    // everything else is refused, the money is still reachable.
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [c.id] });
    await expectError(await c.s.get("/api/account"), 403, "AUTH.ACCOUNT_SUSPENDED");
    await expectError(await c.s.post("/api/wallet/deposits", { method: "card", amount: 5_000 }), 403, "AUTH.ACCOUNT_SUSPENDED");
    const again = await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 20_000 });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ state: "completed", balance: 70_000 });
    expect((await (await c.s.get("/api/wallet/payments")).json()).items).toHaveLength(2);
  });

  it("an account under investigation: withdrawals refused with WALLET.UNDER_INVESTIGATION, nothing written; queued ones cannot be approved; audited", async () => {
    const c = await customer();
    const open = await admin.request("PUT", `/api/admin/users/${c.id}/investigation`, { underInvestigation: true, reason: "Possible account takeover" });
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ underInvestigation: true, reason: "Possible account takeover" });
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE user_id = ?", [c.id]);
    await expectError(await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 10_000 }), 403, "WALLET.UNDER_INVESTIGATION");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM payments WHERE user_id = ?", [c.id])).toBe(before);
    expect(await balanceOf(c.s)).toBe(100_000);
    await expectError(await c.s.request("PUT", `/api/admin/users/${c.id}/investigation`, { underInvestigation: false, reason: "me" }), 403, "AUTH.FORBIDDEN");
    const closed = await admin.request("PUT", `/api/admin/users/${c.id}/investigation`, { underInvestigation: false, reason: "Cleared" });
    expect(await closed.json()).toMatchObject({ underInvestigation: false });
    expect((await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 10_000 })).status).toBe(201);
    const actions = await t.database.client.execute({ sql: "SELECT action FROM audit_log WHERE entity_type = 'user' AND entity_id = ? AND action LIKE 'user.investigation%' ORDER BY created_at, rowid", args: [c.id] });
    expect(actions.rows.map((r) => r.action)).toEqual(["user.investigation_open", "user.investigation_close"]);

    // Opened while a large withdrawal waits: approving it is refused; rejecting still returns the money.
    await t.database.client.execute("UPDATE risk_settings SET value = 50000 WHERE key = 'withdrawal_approval_threshold'");
    const big = await (await c.s.post("/api/wallet/withdrawals", { method: "bank", amount: 60_000 })).json();
    expect(big.state).toBe("awaiting_approval");
    await admin.request("PUT", `/api/admin/users/${c.id}/investigation`, { underInvestigation: true, reason: "Review" });
    await expectError(await admin.post(`/api/admin/payments/${big.paymentId}/approve`, {}), 403, "WALLET.UNDER_INVESTIGATION");
    expect((await paymentRow(big.paymentId)).state).toBe("awaiting_approval");
    expect((await admin.post(`/api/admin/payments/${big.paymentId}/reject`, { reason: "Under investigation" })).status).toBe(200);
    expect(await balanceOf(c.s)).toBe(90_000);
    await t.database.client.execute("UPDATE risk_settings SET value = 100000 WHERE key = 'withdrawal_approval_threshold'");
    await expectLedgerBalanced(t.database);
  });
});
