/** The ledger reconciliation's progress and the alarms it raises for operators (migration 0054). */
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

/** One row: the last posting the reconciliation has checked, and when it last ran. */
export const ledgerReconciliation = sqliteTable(
  "ledger_reconciliation",
  {
    id: integer("id").primaryKey(),
    throughPostingId: integer("through_posting_id").notNull().default(0),
    checkedAt: integer("checked_at"),
  },
  (t) => [check("ledger_reconciliation_one_row_ck", sql`${t.id} = 1`)],
);

/** Each account's balance as its postings up to `through_posting_id` make it. */
export const ledgerReconciledBalances = sqliteTable("ledger_reconciled_balances", {
  accountId: text("account_id").primaryKey(),
  balance: integer("balance").notNull(),
});

/** An unbalanced or still-open transaction, or a balance that differs from its postings; one open alarm per subject. */
export const ledgerAlarms = sqliteTable(
  "ledger_alarms",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["open_transaction", "unbalanced_transaction", "balance_mismatch"] }).notNull(),
    /** The transaction or account concerned. */
    subject: text("subject").notNull(),
    detail: text("detail").notNull(),
    firstSeenAt: integer("first_seen_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    resolvedAt: integer("resolved_at"),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("ledger_alarms_open_uq").on(t.kind, t.subject).where(sql`${t.resolvedAt} IS NULL`),
    check("ledger_alarms_kind_ck", sql`${t.kind} IN ('open_transaction','unbalanced_transaction','balance_mismatch')`),
  ],
);
