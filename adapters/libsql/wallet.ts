/**
 * Payments on libSQL: deposits and withdrawals as one write each (payment record, ledger
 * transactions, guards), and the wallet's history read from the ledger with a running balance.
 */
import type { Client, InStatement, Row } from "@libsql/client";
import type {
  DepositOutcome, DepositPlan, PaymentRecord, Payments, WalletHistoryFilter, WalletHistoryItem, WithdrawalOutcome, WithdrawalPlan,
} from "../../domain/ports/wallet.ts";
import type { TransactionKind } from "../../domain/wallet/ledger.ts";
import type { PaymentMethodId } from "../../domain/wallet/payment-methods.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import { exclusionInForceSql } from "./responsible.ts";

const BET_KINDS = new Set<TransactionKind>(["bet_stake", "bet_payout", "bet_refund", "bet_resettlement", "cash_out"]);

const paymentStatement = (p: PaymentRecord): InStatement => ({
  sql: `INSERT INTO payments (id, user_id, direction, method, amount, fee, bonus, provider_reference, transaction_id, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  args: [p.id, p.userId, p.direction, p.method, p.amount, p.fee, p.bonus, p.providerReference, p.transactionId, p.createdAt.getTime()],
});

/**
 * The write aborts unless the customer is active and has no time-out or self-exclusion still
 * in force at `at` (a self-exclusion past its period counts until the return's cooling-off ends,
 * responsible.ts exclusionInForceSql). An exclusion counts whenever it started: one taken between the use case's check
 * (at `at`) and this write refuses the write too.
 */
export const activeAndNotExcluded = (userId: string, at: Date): InStatement[] => [
  // One statement for both conditions: every statement in a write is prepared and run on the hot path.
  assertStatement(
    `EXISTS (SELECT 1 FROM users WHERE id = ?1 AND is_active = 1)
     AND NOT EXISTS (SELECT 1 FROM responsible_exclusions WHERE user_id = ?2 AND ${exclusionInForceSql("?3")})`,
    [userId, userId, at.getTime()],
  ),
];

const balanceStatement = (walletAccountId: string): InStatement => ({
  sql: "SELECT balance FROM ledger_accounts WHERE id = ?",
  args: [walletAccountId],
});

export class LibsqlPayments implements Payments {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async deposit(plan: DepositPlan): Promise<DepositOutcome> {
    const { payment } = plan;
    const statements: InStatement[] = [];
    if (plan.idempotency)
      statements.push({
        sql: `INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
              VALUES (?, ?, ?, 201, ?, ?)`,
        args: [payment.userId, plan.idempotency.key, plan.idempotency.requestHash, JSON.stringify(plan.idempotency.response), payment.createdAt.getTime()],
      });
    statements.push(...activeAndNotExcluded(payment.userId, payment.createdAt));
    for (const w of plan.depositLimits)
      statements.push(assertStatement(
        `(SELECT COALESCE(SUM(amount), 0) FROM payments WHERE user_id = ? AND direction = 'deposit' AND created_at > ?) + ? <= ?`,
        [payment.userId, w.since.getTime(), payment.amount, w.limit],
      ));
    statements.push(...ledgerStatements(plan.deposit), paymentStatement(payment));
    if (plan.bonus) statements.push(...ledgerStatements(plan.bonus));
    if (plan.idempotency)
      statements.push({
        sql: `UPDATE idempotency_keys SET response_body = json_set(response_body, '$.balance', (SELECT balance FROM ledger_accounts WHERE id = ?))
              WHERE user_id = ? AND key = ?`,
        args: [plan.walletAccountId, payment.userId, plan.idempotency.key],
      });
    statements.push(balanceStatement(plan.walletAccountId));
    try {
      const results = await this.client.batch(statements, "write");
      return { kind: "deposited", balance: Number(results[results.length - 1].rows[0]?.balance ?? 0) };
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED) return { kind: "refused" };
      if (c === "LEDGER.UNKNOWN_ACCOUNT" || c === "FOREIGN KEY constraint failed") return { kind: "no_wallet" };
      if (c?.startsWith("UNIQUE constraint failed: idempotency_keys")) return { kind: "duplicate_idempotency_key" };
      throw e;
    }
  }

  async withdraw(plan: WithdrawalPlan): Promise<WithdrawalOutcome> {
    const statements: InStatement[] = [
      assertStatement("EXISTS (SELECT 1 FROM users WHERE id = ? AND is_active = 1)", [plan.payment.userId]),
      ...ledgerStatements(plan.transaction),
      paymentStatement(plan.payment),
      balanceStatement(plan.walletAccountId),
    ];
    try {
      const results = await this.client.batch(statements, "write");
      return { kind: "withdrawn", balance: Number(results[results.length - 1].rows[0]?.balance ?? 0) };
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED) return { kind: "refused" };
      if (c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck") return { kind: "insufficient_funds" };
      if (c === "LEDGER.UNKNOWN_ACCOUNT" || c === "FOREIGN KEY constraint failed") return { kind: "no_wallet" };
      throw e;
    }
  }

  async reverseWithdrawal(plan: WithdrawalPlan): Promise<number> {
    const results = await this.client.batch(
      [...ledgerStatements(plan.transaction), paymentStatement(plan.payment), balanceStatement(plan.walletAccountId)],
      "write",
    );
    return Number(results[results.length - 1].rows[0]?.balance ?? 0);
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
            SELECT r.*, pay.method AS pay_method, pay.amount AS pay_amount, pay.fee AS pay_fee,
              (SELECT selection_name FROM bet_legs WHERE bet_id = r.reference AND leg_no = 1) AS leg_selection,
              (SELECT event_name FROM bet_legs WHERE bet_id = r.reference AND leg_no = 1) AS leg_event,
              (SELECT COUNT(*) FROM bet_legs WHERE bet_id = r.reference) AS leg_count
            FROM r LEFT JOIN payments pay ON pay.transaction_id = r.id
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
        payment: r.pay_method === null ? null : { method: r.pay_method as PaymentMethodId, amount: Number(r.pay_amount), fee: Number(r.pay_fee) },
        bet: BET_KINDS.has(kind) && r.leg_selection !== null
          ? { selectionName: String(r.leg_selection), eventName: String(r.leg_event), legs: Number(r.leg_count) }
          : null,
      };
    });
  }
}
