/**
 * The ledger reconciliation on libSQL (migration 0054). A pass reads, in one read transaction (one
 * consistent snapshot), only what changed since the checkpoint: the transactions and accounts with
 * a posting after `ledger_reconciliation.through_posting_id` (index seeks on ledger_postings by
 * transaction and by account), the open-transaction table (empty at rest), and a comparison of every
 * account's cached balance with the balance the reconciliation last computed for it (catches an
 * edit of an account that no posting touched since). The first pass reads the whole ledger once.
 */
import type { Client, InStatement } from "@libsql/client";
import type { LedgerAlarm, LedgerAudit, LedgerFacts, LedgerFinding } from "../../domain/ports/ledger-audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";

/** At most this many findings of each kind per pass (the rest are found on the next passes' full comparison or stay behind one alarm). */
const MAX_ROWS = 200;

/** The checkpoint and the last posting, as a CTE `r(lo, hi)`. */
const RANGE = `WITH r AS (SELECT through_posting_id AS lo, MAX(through_posting_id, (SELECT COALESCE(MAX(id), 0) FROM ledger_postings)) AS hi
  FROM ledger_reconciliation WHERE id = 1)`;
/** A range query read inside RANGE's CTE instead of with arguments. */
const inRange = (sql: string) => sql.replaceAll("?1", "(SELECT lo FROM r)").replaceAll("?2", "(SELECT hi FROM r)");
const TOUCHED_TX = "SELECT DISTINCT transaction_id FROM ledger_postings WHERE id > ?1 AND id <= ?2";
const TOUCHED_ACCOUNTS = "SELECT DISTINCT account_id FROM ledger_postings WHERE id > ?1 AND id <= ?2";
/** What the postings up to ?2 make an account's balance: the last computed balance plus the postings since. */
const EXPECTED = `COALESCE((SELECT rb.balance FROM ledger_reconciled_balances rb WHERE rb.account_id = a.id), 0)
  + COALESCE((SELECT SUM(p.amount) FROM ledger_postings p WHERE p.account_id = a.id AND p.id > ?1 AND p.id <= ?2), 0)`;

export class LibsqlLedgerAudit implements LedgerAudit {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async facts(): Promise<LedgerFacts> {
    // One read batch is one snapshot: every statement sees the same checkpoint and the same last posting.
    const [range, open, unbalanced, touched, untouched] = await this.client.batch(
      [
        { sql: `${RANGE} SELECT lo, hi FROM r`, args: [] },
        { sql: `SELECT transaction_id, amount_sum, postings_seen, expected_postings FROM ledger_open_transactions LIMIT ${MAX_ROWS}`, args: [] },
        {
          sql: `${RANGE} SELECT transaction_id, SUM(amount) AS total FROM ledger_postings
                WHERE transaction_id IN (${inRange(TOUCHED_TX)}) AND transaction_id NOT IN (SELECT transaction_id FROM ledger_open_transactions)
                GROUP BY transaction_id HAVING SUM(amount) <> 0 LIMIT ${MAX_ROWS}`,
          args: [],
        },
        {
          sql: `${RANGE} SELECT * FROM (SELECT a.id, a.balance, ${inRange(EXPECTED)} AS expected FROM ledger_accounts a
                WHERE a.id IN (${inRange(TOUCHED_ACCOUNTS)})) WHERE balance <> expected LIMIT ${MAX_ROWS}`,
          args: [],
        },
        {
          sql: `${RANGE} SELECT a.id, a.balance, rb.balance AS expected FROM ledger_accounts a JOIN ledger_reconciled_balances rb ON rb.account_id = a.id
                WHERE a.balance <> rb.balance AND a.id NOT IN (${inRange(TOUCHED_ACCOUNTS)}) LIMIT ${MAX_ROWS}`,
          args: [],
        },
      ],
      "read",
    );
    const lo = Number(range.rows[0]?.lo ?? 0);
    return {
      fromPostingId: lo,
      throughPostingId: Math.max(lo, Number(range.rows[0]?.hi ?? 0)),
      open: open.rows.map((r) => ({
        transactionId: String(r.transaction_id),
        sum: Number(r.amount_sum),
        postings: Number(r.postings_seen),
        expected: r.expected_postings === null ? null : Number(r.expected_postings),
      })),
      unbalanced: unbalanced.rows.map((r) => ({ transactionId: String(r.transaction_id), sum: Number(r.total) })),
      mismatched: [...touched.rows, ...untouched.rows].map((r) => ({ accountId: String(r.id), balance: Number(r.balance), postings: Number(r.expected) })),
    };
  }

  async record(facts: LedgerFacts, findings: LedgerFinding[], at: Date, newId: () => string): Promise<"recorded" | "moved"> {
    const { fromPostingId: lo, throughPostingId: hi } = facts;
    const t = at.getTime();
    const statements: InStatement[] = [
      // Only the pass that read from this checkpoint moves it (two instances never count a range twice).
      assertStatement("EXISTS (SELECT 1 FROM ledger_reconciliation WHERE id = 1 AND through_posting_id = ?)", [lo]),
      {
        sql: `INSERT INTO ledger_reconciled_balances (account_id, balance)
              SELECT a.id, ${EXPECTED} FROM ledger_accounts a WHERE a.id IN (${TOUCHED_ACCOUNTS})
              ON CONFLICT (account_id) DO UPDATE SET balance = excluded.balance`,
        args: [lo, hi],
      },
      { sql: "UPDATE ledger_reconciliation SET through_posting_id = ?, checked_at = ? WHERE id = 1", args: [hi, t] },
      ...findings.map((f) => ({
        sql: `INSERT INTO ledger_alarms (id, kind, subject, detail, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)
              ON CONFLICT (kind, subject) WHERE resolved_at IS NULL DO UPDATE SET detail = excluded.detail, last_seen_at = excluded.last_seen_at`,
        args: [newId(), f.kind, f.subject, f.detail, t, t],
      })),
      {
        sql: `UPDATE ledger_alarms SET resolved_at = ?, resolved_by = 'reconciliation'
              WHERE kind = 'open_transaction' AND resolved_at IS NULL AND subject NOT IN (SELECT transaction_id FROM ledger_open_transactions)`,
        args: [t],
      },
    ];
    try {
      await this.client.batch(statements, "write");
      return "recorded";
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return "moved";
      throw e;
    }
  }

  async openAlarms(): Promise<LedgerAlarm[]> {
    const rs = await this.client.execute(
      `SELECT id, kind, subject, detail, first_seen_at, last_seen_at FROM ledger_alarms WHERE resolved_at IS NULL
       ORDER BY last_seen_at DESC, id LIMIT ${MAX_ROWS}`,
    );
    return rs.rows.map((r) => ({
      id: String(r.id),
      kind: r.kind as LedgerAlarm["kind"],
      subject: String(r.subject),
      detail: String(r.detail),
      firstSeenAt: new Date(Number(r.first_seen_at)),
      lastSeenAt: new Date(Number(r.last_seen_at)),
    }));
  }
}
