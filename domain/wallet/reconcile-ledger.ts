/**
 * The ledger reconciliation: an independent check, after the fact, of what the database enforces
 * as money is written (docs/money.md, "What the database refuses"). Every pass reads the postings
 * written since the last one and raises an alarm for operators (kept in the database, shown in the
 * back office, and logged) on:
 *   - a transaction still open at rest: its postings do not balance yet. Between writes there is
 *     none; one can only be left by SQL sent with foreign keys off, and its accounts are held
 *     (LEDGER.ACCOUNT_HELD) until it balances;
 *   - a transaction whose postings do not sum to zero;
 *   - an account whose cached balance differs from the sum of its postings.
 * The rules are pure (ledgerFindings); the facts come from the LedgerAudit port.
 */
import type { Ctx, SystemCtx } from "../shared/context.ts";
import type { LedgerAlarm, LedgerFacts, LedgerFinding } from "../ports/ledger-audit.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import { centsToDecimalString as formatCents } from "../shared/money.ts";

/** What the facts of one pass say is wrong; nothing when the ledger is sound. */
export function ledgerFindings(f: Pick<LedgerFacts, "open" | "unbalanced" | "mismatched">): LedgerFinding[] {
  const open = f.open.map((o): LedgerFinding => ({
    kind: "open_transaction",
    subject: o.transactionId,
    detail: `Transaction ${o.transactionId} is still open: ${o.postings} posting(s)${o.expected === null ? "" : ` of ${o.expected}`} summing to ${formatCents(o.sum)}; its accounts are held until it balances`,
  }));
  const unbalanced = f.unbalanced
    .filter((u) => u.sum !== 0)
    .map((u): LedgerFinding => ({
      kind: "unbalanced_transaction",
      subject: u.transactionId,
      detail: `Transaction ${u.transactionId}'s postings sum to ${formatCents(u.sum)}, not zero`,
    }));
  const mismatched = f.mismatched
    .filter((m) => m.balance !== m.postings)
    .map((m): LedgerFinding => ({
      kind: "balance_mismatch",
      subject: m.accountId,
      detail: `Account ${m.accountId} shows ${formatCents(m.balance)} but its postings make ${formatCents(m.postings)}`,
    }));
  return [...open, ...unbalanced, ...mismatched];
}

export interface LedgerReconciliation {
  checkedFrom: number;
  checkedThrough: number;
  findings: LedgerFinding[];
}

/** One pass: read the new postings' facts, judge them, record the alarms and move the checkpoint. */
export async function reconcileLedger(ctx: SystemCtx): Promise<LedgerReconciliation> {
  const audit = ctx.ports.ledgerAudit;
  const facts = await audit.facts();
  const findings = ledgerFindings(facts);
  await audit.record(facts, findings, ctx.clock.now(), () => ctx.ids.next("lga"));
  return { checkedFrom: facts.fromPostingId, checkedThrough: facts.throughPostingId, findings };
}

/** The alarms operators have not resolved yet (staff only). */
export async function listLedgerAlarms(ctx: Ctx): Promise<Result<LedgerAlarm[]>> {
  const staff = requireRole(ctx.actor, ["admin", "trader"], "see ledger alarms");
  if (!staff.ok) return staff;
  return ok(await ctx.ports.ledgerAudit.openAlarms());
}
