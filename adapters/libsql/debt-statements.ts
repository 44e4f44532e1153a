/**
 * Debt recovery (docs/money.md, "Corrections and debt"): a credit to a customer's wallet (a deposit,
 * a bet payout, a correction in their favour) pays what they owe first, in the same write. Appended
 * after the credit's own ledger statements: when `debt:<userId>` is below zero, one debt_recovery
 * transaction moves min(credit, owed) from the wallet to the debt account; otherwise nothing is
 * written (every statement is a no-op), so a customer without debt pays no cost beyond the lookups.
 */
import type { InStatement } from "@libsql/client";
import type { LedgerTransaction } from "../../domain/wallet/ledger.ts";
import { debtAccountId } from "../../domain/wallet/debt.ts";

export function debtRecoveryStatements(credit: LedgerTransaction): InStatement[] {
  const out: InStatement[] = [];
  const at = credit.createdAt.getTime();
  for (const p of credit.postings) {
    if (p.amount <= 0 || !p.accountId.startsWith("wallet:")) continue;
    const userId = p.accountId.slice("wallet:".length);
    const debt = debtAccountId(userId);
    const txId = `${credit.id}:debt:${userId}`;
    out.push(
      {
        sql: `INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by, posting_count)
              SELECT ?, 'debt_recovery', ?, ?, ?, 2 WHERE EXISTS (SELECT 1 FROM ledger_accounts WHERE id = ? AND balance < 0)`,
        args: [txId, credit.reference ?? credit.id, at, credit.createdBy, debt],
      },
      {
        sql: `INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at)
              SELECT ?, ?, -MIN(?, -d.balance), ? FROM ledger_accounts d
              WHERE d.id = ? AND d.balance < 0 AND EXISTS (SELECT 1 FROM ledger_open_transactions WHERE transaction_id = ?)`,
        args: [txId, p.accountId, p.amount, at, debt, txId],
      },
      {
        sql: `INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at)
              SELECT ?, ?, -p.amount, ? FROM ledger_postings p WHERE p.transaction_id = ? AND p.account_id = ?`,
        args: [txId, debt, at, txId, p.accountId],
      },
    );
  }
  return out;
}
