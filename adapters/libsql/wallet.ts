/**
 * Payments on libSQL: deposits and withdrawals as one write each (payment record, ledger
 * transactions, guards), and the wallet's history read from the ledger with a running balance.
 */
import { inReach } from "./reach.ts";
import type { Client, InStatement, Row } from "@libsql/client";
import type { Investigation, OpenDepositOutcome, OpenDepositPlan, OpenWithdrawalOutcome, OpenWithdrawalPlan, PaymentFilter, PaymentRecord, Payments, PaymentReversalPlan, PaymentTransition, ReversalContext, ReversalOutcome, TransitionOutcome, WalletHistoryFilter, WalletHistoryItem } from "../../domain/ports/payments.ts";
import { bonusAccountId } from "../../domain/wallet/bonus.ts";
import { debtAccountId } from "../../domain/wallet/debt.ts";
import type { PaymentState } from "../../domain/wallet/payment-state.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import type { TransactionKind } from "../../domain/wallet/ledger.ts";
import type { PaymentMethodId } from "../../domain/wallet/payment-methods.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import { debtRecoveryStatements } from "./debt-statements.ts";
import { welcomeClaimStatement } from "./bonuses.ts";
import { activeAndNotExcluded } from "./wager-guards.ts";

const BET_KINDS = new Set<TransactionKind>(["bet_stake", "bet_payout", "bet_refund", "bet_resettlement", "cash_out"]);

const paymentStatement = (p: PaymentRecord): InStatement => ({
  sql: `INSERT INTO payments (id, user_id, direction, method, amount, fee, bonus, state, provider_reference, failure_reason,
          transaction_id, settle_transaction_id, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  args: [p.id, p.userId, p.direction, p.method, p.amount, p.fee, p.bonus, p.state, p.providerReference, p.failureReason,
    p.transactionId, p.settleTransactionId, p.createdAt.getTime(), p.updatedAt.getTime()],
});

const time = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export const paymentFromRow = (r: Row): PaymentRecord => ({
  id: String(r.id),
  userId: String(r.user_id),
  direction: r.direction as PaymentRecord["direction"],
  method: r.method as PaymentMethodId,
  amount: Number(r.amount),
  fee: Number(r.fee),
  bonus: Number(r.bonus),
  state: r.state as PaymentState,
  providerReference: text(r.provider_reference),
  failureReason: text(r.failure_reason),
  transactionId: text(r.transaction_id),
  settleTransactionId: text(r.settle_transaction_id),
  reviewedBy: text(r.reviewed_by),
  reviewedAt: time(r.reviewed_at),
  reviewReason: text(r.review_reason),
  createdAt: new Date(Number(r.created_at)),
  updatedAt: new Date(Number(r.updated_at)),
  reversalTransactionId: text(r.reversal_transaction_id),
  reversedAt: time(r.reversed_at),
  reversalReason: text(r.reversal_reason),
});

const notUnderInvestigation = (userId: string): InStatement =>
  assertStatement("NOT EXISTS (SELECT 1 FROM account_investigations WHERE user_id = ?)", [userId]);

const balanceStatement = (walletAccountId: string): InStatement => ({
  sql: "SELECT balance FROM ledger_accounts WHERE id = ?",
  args: [walletAccountId],
});

export class LibsqlPayments implements Payments {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async openDeposit(plan: OpenDepositPlan): Promise<OpenDepositOutcome> {
    const { payment } = plan;
    const statements: InStatement[] = [];
    if (plan.idempotency)
      statements.push({
        sql: `INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
              VALUES (?, ?, ?, 201, ?, ?)`,
        args: [payment.userId, plan.idempotency.key, plan.idempotency.requestHash, JSON.stringify(plan.idempotency.response), payment.createdAt.getTime()],
      });
    statements.push(...activeAndNotExcluded(payment.userId, payment.createdAt));
    statements.push(assertStatement("EXISTS (SELECT 1 FROM ledger_accounts WHERE user_id = ? AND kind = 'wallet')", [payment.userId]));
    // Deposits still pending count against the limits: the provider may yet complete them.
    for (const w of plan.depositLimits)
      statements.push(assertStatement(
        `(SELECT COALESCE(SUM(amount), 0) FROM payments WHERE user_id = ? AND direction = 'deposit' AND state IN ('pending','completed') AND created_at > ?) + ? <= ?`,
        [payment.userId, w.since.getTime(), payment.amount, w.limit],
      ));
    statements.push(paymentStatement(payment));
    // The welcome offer, once per person: refused inside this write when already taken (migration 0032).
    if (payment.bonus > 0) statements.push(welcomeClaimStatement(payment.id, payment.userId, payment.createdAt));
    try {
      await this.client.batch(statements, "write");
      return { kind: "opened" };
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED) {
        const wallet = await this.client.execute({ sql: "SELECT 1 FROM ledger_accounts WHERE user_id = ? AND kind = 'wallet'", args: [payment.userId] });
        return wallet.rows.length === 0 ? { kind: "no_wallet" } : { kind: "refused" };
      }
      if (c === "FOREIGN KEY constraint failed") return { kind: "no_wallet" };
      if (c?.startsWith("UNIQUE constraint failed: idempotency_keys")) return { kind: "duplicate_idempotency_key" };
      if (c === "BONUS.WELCOME_TAKEN") return { kind: "refused" };
      throw e;
    }
  }

  async openWithdrawal(plan: OpenWithdrawalPlan): Promise<OpenWithdrawalOutcome> {
    const statements: InStatement[] = [
      notUnderInvestigation(plan.payment.userId),
      ...ledgerStatements(plan.hold),
      paymentStatement(plan.payment),
      balanceStatement(plan.walletAccountId),
    ];
    try {
      const results = await this.client.batch(statements, "write");
      return { kind: "opened", balance: Number(results[results.length - 1].rows[0]?.balance ?? 0) };
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED) return { kind: "under_investigation" };
      if (c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck") return { kind: "insufficient_funds" };
      if (c === "LEDGER.UNKNOWN_ACCOUNT" || c === "FOREIGN KEY constraint failed") return { kind: "no_wallet" };
      throw e;
    }
  }

  async transition(t: PaymentTransition): Promise<TransitionOutcome> {
    const statements: InStatement[] = [
      assertStatement("EXISTS (SELECT 1 FROM payments WHERE id = ? AND state = ?)", [t.paymentId, t.from]),
    ];
    if (t.requireNotUnderInvestigation) statements.push(notUnderInvestigation(t.userId));
    if (t.settle) statements.push(...ledgerStatements(t.settle));
    // A completed deposit pays what the customer owes first (docs/money.md, "Corrections and debt").
    if (t.settle?.kind === "deposit") statements.push(...debtRecoveryStatements(t.settle));
    for (const x of t.extra ?? []) statements.push(...ledgerStatements(x));
    statements.push({
      sql: `UPDATE payments SET state = ?, provider_reference = COALESCE(?, provider_reference), failure_reason = COALESCE(?, failure_reason),
              settle_transaction_id = COALESCE(?, settle_transaction_id), reviewed_by = COALESCE(?, reviewed_by),
              reviewed_at = COALESCE(?, reviewed_at), review_reason = COALESCE(?, review_reason), updated_at = ?
            WHERE id = ?`,
      args: [
        t.to, t.providerReference ?? null, t.failureReason ?? null, t.settle?.id ?? null, t.review?.by ?? null,
        t.review ? t.at.getTime() : null, t.review?.reason ?? null, t.at.getTime(), t.paymentId,
      ],
    });
    if (t.audit) statements.push(auditStatement(t.audit));
    // A deposit's Idempotency-Key replays what happened: its record follows the payment.
    statements.push({
      sql: `UPDATE idempotency_keys SET response_body = json_set(response_body, '$.state', ?)
            WHERE user_id = ? AND json_valid(response_body) AND json_extract(response_body, '$.paymentId') = ?`,
      args: [t.to, t.userId, t.paymentId],
    });
    statements.push(balanceStatement(t.walletAccountId));
    try {
      const results = await this.client.batch(statements, "write");
      return { kind: "moved", balance: Number(results[results.length - 1].rows[0]?.balance ?? 0) };
    } catch (e) {
      if (constraintOf(e) !== ASSERTION_FAILED) throw e;
      const now = await this.find(t.paymentId);
      if (now?.state === t.from && t.requireNotUnderInvestigation) return { kind: "under_investigation" };
      return { kind: "stale" };
    }
  }

  async reversalContext(paymentId: string, userId: string): Promise<ReversalContext> {
    const bal = await this.client.execute({ sql: "SELECT id, balance FROM ledger_accounts WHERE id IN (?, ?)", args: [`wallet:${userId}`, bonusAccountId(userId)] });
    const grants = await this.client.execute({
      sql: `SELECT g.id, g.amount, g.status FROM bonus_grants g JOIN ledger_transactions t ON t.id = g.transaction_id
            WHERE t.kind = 'deposit_bonus' AND t.reference = ? AND g.user_id = ? ORDER BY g.id`,
      args: [paymentId, userId],
    });
    const balance = (id: string) => Number(bal.rows.find((r) => r.id === id)?.balance ?? 0);
    return {
      wallet: balance(`wallet:${userId}`),
      bonus: balance(bonusAccountId(userId)),
      grants: grants.rows.map((r) => ({ id: String(r.id), amount: Number(r.amount), status: r.status as ReversalContext["grants"][number]["status"] })),
    };
  }

  /**
   * completed -> reversed: the reversal transaction (debt account opened when it takes one), a
   * returned payout paying debt first, the deposit's active bonus grants closed, the audit record;
   * one write guarded by the state and the balances the split was computed from.
   */
  async reverse(plan: PaymentReversalPlan): Promise<ReversalOutcome> {
    const at = plan.at.getTime();
    const wallet = `wallet:${plan.userId}`;
    const statements: InStatement[] = [
      assertStatement("EXISTS (SELECT 1 FROM payments WHERE id = ? AND state = 'completed')", [plan.paymentId]),
      assertStatement(
        "(SELECT balance FROM ledger_accounts WHERE id = ?) = ? AND COALESCE((SELECT balance FROM ledger_accounts WHERE id = ?), 0) = ?",
        [wallet, plan.expected.wallet, bonusAccountId(plan.userId), plan.expected.bonus],
      ),
    ];
    if (plan.tx.postings.some((p) => p.accountId === debtAccountId(plan.userId)))
      statements.push({
        sql: "INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES (?, 'house', ?, 0, ?) ON CONFLICT DO NOTHING",
        args: [debtAccountId(plan.userId), plan.userId, at],
      });
    statements.push(...ledgerStatements(plan.tx));
    // A payout coming back is a credit: it pays what the customer owes first (docs/money.md, "Corrections and debt").
    if (plan.tx.kind === "withdrawal_reversed") statements.push(...debtRecoveryStatements(plan.tx));
    if (plan.closeGrantIds.length > 0) {
      const ph = plan.closeGrantIds.map(() => "?").join(",");
      statements.push(
        assertStatement(`(SELECT COUNT(*) FROM bonus_grants WHERE status = 'active' AND id IN (${ph})) = ?`, [...plan.closeGrantIds, plan.closeGrantIds.length]),
        // Ended without release: closed as expired, its closing transaction the reversal.
        { sql: `UPDATE bonus_grants SET status = 'expired', closed_at = ?, closed_transaction_id = ? WHERE id IN (${ph})`, args: [at, plan.tx.id, ...plan.closeGrantIds] },
      );
    }
    statements.push(
      {
        sql: "UPDATE payments SET state = 'reversed', reversal_transaction_id = ?, reversed_at = ?, reversal_reason = ?, updated_at = ? WHERE id = ?",
        args: [plan.tx.id, at, plan.reason, at, plan.paymentId],
      },
      auditStatement(plan.audit),
      {
        sql: `UPDATE idempotency_keys SET response_body = json_set(response_body, '$.state', 'reversed')
              WHERE user_id = ? AND json_valid(response_body) AND json_extract(response_body, '$.paymentId') = ?`,
        args: [plan.userId, plan.paymentId],
      },
      balanceStatement(wallet),
    );
    try {
      const results = await this.client.batch(statements, "write");
      return { kind: "reversed", balance: Number(results[results.length - 1].rows[0]?.balance ?? 0) };
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED || c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck" || c === "BONUS.GRANT_CLOSED") return { kind: "stale" };
      throw e;
    }
  }

  async find(id: string): Promise<PaymentRecord | null> {
    const rs = await this.client.execute({ sql: "SELECT * FROM payments WHERE id = ?", args: [id] });
    return rs.rows[0] ? paymentFromRow(rs.rows[0]) : null;
  }

  async list(f: PaymentFilter): Promise<PaymentRecord[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (f.userId) (where.push("user_id = ?"), args.push(f.userId));
    if (f.reach) where.push(inReach(f.reach, "user_id"));
    if (f.direction) (where.push("direction = ?"), args.push(f.direction));
    if (f.states) (where.push(`state IN (${f.states.map(() => "?").join(",")})`), args.push(...f.states));
    if (f.createdBefore) (where.push("created_at <= ?"), args.push(f.createdBefore.getTime()));
    if (f.updatedAfter) (where.push("updated_at >= ?"), args.push(f.updatedAfter.getTime()));
    const rs = await this.client.execute({
      sql: `SELECT * FROM payments ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      args: [...args, f.limit],
    });
    return rs.rows.map(paymentFromRow);
  }

  async approvalThreshold(): Promise<number> {
    const rs = await this.client.execute("SELECT value FROM risk_settings WHERE key = 'withdrawal_approval_threshold'");
    return rs.rows[0] ? Number(rs.rows[0].value) : 100_000;
  }

  async investigation(userId: string): Promise<Investigation | null> {
    const rs = await this.client.execute({ sql: "SELECT * FROM account_investigations WHERE user_id = ?", args: [userId] });
    const r = rs.rows[0];
    return r ? { userId: String(r.user_id), openedAt: new Date(Number(r.opened_at)), openedBy: String(r.opened_by), reason: String(r.reason) } : null;
  }

  async setInvestigation(userId: string, open: Investigation | null, audit: AuditEntry): Promise<void> {
    const change: InStatement = open
      ? { sql: "INSERT INTO account_investigations (user_id, opened_at, opened_by, reason) VALUES (?, ?, ?, ?)", args: [userId, open.openedAt.getTime(), open.openedBy, open.reason] }
      : { sql: "DELETE FROM account_investigations WHERE user_id = ?", args: [userId] };
    await this.client.batch([change, auditStatement(audit)], "write");
  }

  async history(userId: string, f: WalletHistoryFilter): Promise<WalletHistoryItem[]> {
    const where: string[] = [];
    const args: (string | number)[] = [`wallet:${userId}`];
    if (f.kinds) {
      where.push(`r.kind IN (${f.kinds.map(() => "?").join(",")})`);
      args.push(...f.kinds);
    }
    if (f.from) {
      where.push("r.created_at >= ?");
      args.push(f.from.getTime());
    }
    if (f.to) {
      where.push("r.created_at < ?");
      args.push(f.to.getTime());
    }
    args.push(f.limit);
    // One row per transaction that touched the wallet, its net effect on the wallet, and the
    // wallet's balance right after it (a running sum in posting order).
    const rs = await this.client.execute({
      sql: `WITH w AS (
              SELECT t.id, t.kind, t.reference, t.created_at, SUM(p.amount) AS amount, MAX(p.id) AS last_posting
              FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
              WHERE p.account_id = ?
              GROUP BY t.id
            ), r AS (
              SELECT w.*, SUM(w.amount) OVER (ORDER BY w.last_posting ROWS UNBOUNDED PRECEDING) AS balance_after FROM w
            )
            SELECT r.*, pay.method AS pay_method, pay.amount AS pay_amount, pay.fee AS pay_fee, pay.state AS pay_state, pay.provider_reference AS pay_ref,
              (SELECT selection_name FROM bet_legs WHERE bet_id = r.reference AND leg_no = 1) AS leg_selection,
              (SELECT event_name FROM bet_legs WHERE bet_id = r.reference AND leg_no = 1) AS leg_event,
              (SELECT COUNT(*) FROM bet_legs WHERE bet_id = r.reference) AS leg_count
            FROM r LEFT JOIN payments pay ON pay.id = r.reference AND r.kind IN ('deposit', 'withdrawal', 'withdrawal_returned', 'withdrawal_reversed', 'deposit_reversed')
            ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
            ORDER BY r.last_posting DESC
            LIMIT ?`,
      args,
    });
    return rs.rows.map((r: Row) => {
      const kind = r.kind as TransactionKind;
      return {
        transactionId: String(r.id),
        kind,
        amount: Number(r.amount),
        balanceAfter: Number(r.balance_after),
        createdAt: new Date(Number(r.created_at)),
        reference: r.reference === null ? null : String(r.reference),
        payment: r.pay_method === null ? null : {
          method: r.pay_method as PaymentMethodId, amount: Number(r.pay_amount), fee: Number(r.pay_fee), state: r.pay_state as PaymentState, providerReference: text(r.pay_ref),
        },
        bet: BET_KINDS.has(kind) && r.leg_selection !== null
          ? { selectionName: String(r.leg_selection), eventName: String(r.leg_event), legs: Number(r.leg_count) }
          : null,
      };
    });
  }
}
