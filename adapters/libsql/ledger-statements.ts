/** Statements that record one ledger transaction; balances follow through the postings trigger. */
import type { InStatement } from "@libsql/client";
import type { LedgerTransaction } from "../../domain/wallet/ledger.ts";

const ROWS = 500;

export function ledgerStatements(tx: LedgerTransaction): InStatement[] {
  const at = tx.createdAt.getTime();
  const statements: InStatement[] = [
    {
      sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES (?, ?, ?, ?, ?)",
      args: [tx.id, tx.kind, tx.reference, at, tx.createdBy],
    },
  ];
  // The postings in multi-row INSERTs (fewer statements to prepare and run; at most ROWS rows each, well
  // under SQLite's bound-parameter limit); the triggers and the wallet CHECK still act row by row, in
  // order, and any failure aborts the whole write.
  // Debits first, then credits: the running sum of a balanced transaction then stays below zero
  // until its last posting, and the database closes a transaction the moment its sum is back at
  // zero (migrations/0024_ledger_invariants.sql), so no earlier posting may bring it there.
  const postings = debitsFirst(tx.postings);
  for (let i = 0; i < postings.length; i += ROWS) {
    const chunk = postings.slice(i, i + ROWS);
    statements.push({
      sql: `INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES ${chunk.map(() => "(?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((p) => [tx.id, p.accountId, p.amount, at]),
    });
  }
  return statements;
}

/** The postings with every debit (negative amount) before every credit, each group in its own order. */
export function debitsFirst<P extends { amount: number }>(postings: readonly P[]): P[] {
  return [...postings.filter((p) => p.amount < 0), ...postings.filter((p) => p.amount >= 0)];
}
