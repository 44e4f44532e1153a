/**
 * The book as the risk screens read it: open markets with current prices, open bets, the liability
 * the placement write keeps per outcome, and the positions the liability engine computes from them.
 * Shared by the dashboard, the heatmap, the risk metrics, the trading overview and the alerts engine,
 * so every screen shows the liability placement enforces.
 */
import type { RiskBook } from "../ports/index.ts";
import { marketPositions, type BookBet, type BookMarket, type MarketPosition } from "./liability.ts";

export interface BookSnapshot {
  markets: BookMarket[];
  bets: BookBet[];
  /** Each outcome's liability: the placement write's running totals (the real book). */
  liabilities: Map<string, number>;
  positions: MarketPosition[];
}

export async function bookSnapshot(risk: RiskBook): Promise<BookSnapshot> {
  const [markets, bets, liabilities] = await Promise.all([risk.openMarkets(), risk.openBets(), risk.outcomeLiabilities()]);
  return { markets, bets, liabilities, positions: marketPositions(markets, bets, liabilities) };
}

/** Start of the UTC day of `now`. */
export const startOfUtcDay = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
