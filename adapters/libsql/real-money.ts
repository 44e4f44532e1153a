/**
 * Operator figures count real customers only: demo accounts play with credit the house
 * grants them, so their bets, stakes, payments and P&L never enter an operator-facing total
 * (dashboard, trading desk, risk tab and heatmap, CRM, reports, payments, bet lists and ticker).
 * Every aggregate query takes its filter from here, so "demo" is defined once.
 *
 * The person-level lists take their filter from the caller's reach instead (reach.ts: real staff
 * see no demo account, demo staff only demo and sample ones). The placement write keeps demo bets'
 * liability in a book of their own (outcome_liability.demo, migration 0049), so the liability
 * screens read the real book's running totals directly; settlement settles demo bets like any
 * other (docs/money.md "Demo accounts in operator figures").
 */

/** The ids of demo users (a subquery SQLite evaluates once per statement). */
export const DEMO_USER_IDS = "SELECT id FROM users WHERE is_demo = 1";

/** SQL true when the user id in `column` (e.g. "b.user_id", a NOT NULL column) is not a demo user's. */
export const realCustomer = (column: string): string => `${column} NOT IN (${DEMO_USER_IDS})`;

/** The ids of ledger transactions with a posting on a demo user's account (found from the demo accounts). */
export const DEMO_TX_IDS = `SELECT demo_p.transaction_id FROM ledger_accounts demo_a JOIN ledger_postings demo_p ON demo_p.account_id = demo_a.id
  WHERE demo_a.user_id IN (${DEMO_USER_IDS})`;

/**
 * SQL true when the ledger transaction id in `column` moves no demo user's money: a transaction with
 * a posting on any demo user's account (a demo bet's stake or payout, the demo grant, its expiry)
 * is demo activity, and all its postings (the house's side too) are left out.
 */
export const realMoney = (column: string): string => `${column} NOT IN (${DEMO_TX_IDS})`;
