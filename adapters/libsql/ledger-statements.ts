/** Statements that record one ledger transaction; balances follow through the postings trigger. */
import type { InStatement } from "@libsql/client";
import type { LedgerTransaction } from "../../domain/wallet/ledger.ts";

export function ledgerStatements(tx: LedgerTransaction): InStatement[] {
  const at = tx.createdAt.getTime();
  return [
    {
      sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES (?, ?, ?, ?, ?)",
      args: [tx.id, tx.kind, tx.reference, at, tx.createdBy],
    },
    ...tx.postings.map((p) => ({
      sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, ?, ?)",
      args: [tx.id, p.accountId, p.amount, at],
    })),
  ];
}
