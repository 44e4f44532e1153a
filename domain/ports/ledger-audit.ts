/**
 * The ledger reconciliation's view of the database (domain/wallet/reconcile-ledger.ts): what the
 * postings written since the last pass say, and the alarms raised for operators.
 */

export type LedgerAlarmKind = "open_transaction" | "unbalanced_transaction" | "balance_mismatch";
/** One thing a pass found wrong: the port records it as an alarm. */
export interface LedgerFinding {
  kind: LedgerAlarmKind;
  /** The transaction or the account concerned. */
  subject: string;
  detail: string;
}

/** What one pass reads, in one consistent snapshot. */
export interface LedgerFacts {
  /** The postings checked: after `fromPostingId`, up to and including `throughPostingId`. */
  fromPostingId: number;
  throughPostingId: number;
  /** Transactions still open at rest (between writes there should be none). */
  open: { transactionId: string; sum: number; postings: number; expected: number | null }[];
  /** Transactions with a posting in the range whose postings (all of them) do not sum to zero, open ones aside. */
  unbalanced: { transactionId: string; sum: number }[];
  /** Accounts whose cached balance differs from what their postings make it. */
  mismatched: { accountId: string; balance: number; postings: number }[];
}

export interface LedgerAlarm extends LedgerFinding {
  id: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export interface LedgerAudit {
  /** Read the facts of the postings written since the last pass (the whole ledger on the first). */
  facts(): Promise<LedgerFacts>;
  /**
   * Advance the checkpoint past `facts` and record the findings as alarms: an alarm already open for
   * the same subject is refreshed, not repeated; an open-transaction alarm whose transaction has
   * since closed is resolved. "moved" when another pass (another instance) advanced it first.
   */
  record(facts: LedgerFacts, findings: LedgerFinding[], at: Date, newId: () => string): Promise<"recorded" | "moved">;
  /** Alarms not resolved yet, newest first. */
  openAlarms(): Promise<LedgerAlarm[]>;
}
