/**
 * P&L and hold, one formula for every screen (docs/money.md "Liability", P&L and hold):
 * over a window, take the bets SETTLED in it (settled_at in [from, to); all settled bets when no
 * window): P&L = their stakes - what they returned to customers (winnings, refunds of void bets,
 * cash-outs); hold % = P&L / those stakes x 100 (2 decimals; 0 with no stakes). So a positive P&L
 * always goes with a positive hold, and both describe the same bets.
 */
import type { Cents } from "../shared/money.ts";

export interface SettledTotals {
  stakes: Cents;
  returns: Cents;
}

export function profitAndHold(t: SettledTotals): { pnl: Cents; holdPercent: number } {
  const pnl = t.stakes - t.returns;
  return { pnl, holdPercent: t.stakes > 0 ? Math.round((10_000 * pnl) / t.stakes) / 100 : 0 };
}
