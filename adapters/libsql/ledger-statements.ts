/** Statements that record one ledger transaction; balances follow through the postings trigger. */
import type { InStatement } from "@libsql/client";
import type { LedgerTransaction } from "../../domain/wallet/ledger.ts";

const ROWS = 500;

export function ledgerStatements(tx: LedgerTransaction): InStatement[] {
  const at = tx.createdAt.getTime();
  const statements: InStatement[] = [
    {
      // posting_count: the database keeps the transaction open until this many postings have
      // arrived and sum to zero (migrations/0024_ledger_invariants.sql), so postings are written
      // in the domain's order even when their running sum touches zero midway.
      sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by, posting_count) VALUES (?, ?, ?, ?, ?, ?)",
      args: [tx.id, tx.kind, tx.reference, at, tx.createdBy, tx.postings.length],
    },
  ];
  // The postings in multi-row INSERTs (fewer statements to prepare and run; at most ROWS rows each, well
  // under SQLite's bound-parameter limit); the triggers and the wallet CHECK still act row by row, in
  // order, and any failure aborts the whole write.
  const postings = tx.postings;
  for (let i = 0; i < postings.length; i += ROWS) {
    const chunk = postings.slice(i, i + ROWS);
    statements.push({
      sql: `INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES ${chunk.map(() => "(?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((p) => [tx.id, p.accountId, p.amount, at]),
    });
  }
  return statements;
}


/**
 * Several ledger transactions in two statements, their rows the same as ledgerStatements writes one
 * by one, in order: every transaction opened first, then every posting in order (each transaction's
 * postings together, so each closes at its last one before the next begins, and no account meets
 * another transaction's open one). The triggers act row by row as before. For a write of many
 * transactions (settling a market's bets): two statements instead of two per transaction.
 */
export function ledgerManyStatements(txs: readonly LedgerTransaction[]): InStatement[] {
  if (txs.length === 0) return [];
  return [
    {
      sql: `INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by, posting_count)
            SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5 FROM json_each(?) j ORDER BY j.key`,
      args: [JSON.stringify(txs.map((tx) => [tx.id, tx.kind, tx.reference, tx.createdAt.getTime(), tx.createdBy, tx.postings.length]))],
    },
    {
      sql: `INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at)
            SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3 FROM json_each(?) j ORDER BY j.key`,
      args: [JSON.stringify(txs.flatMap((tx) => tx.postings.map((p) => [tx.id, p.accountId, p.amount, tx.createdAt.getTime()])))],
    },
  ];
}
