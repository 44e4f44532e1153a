/**
 * The book as the risk screens read it: open markets with current prices, open bets, and the
 * positions the liability engine computes from them. Shared by the heatmap, the risk metrics, the
 * trading overview and the alerts engine.
 */
import type { RiskBook } from "../ports/index.ts";
import { marketPositions, type BookBet, type BookMarket, type MarketPosition } from "./liability.ts";

export interface BookSnapshot {
  markets: BookMarket[];
  bets: BookBet[];
  positions: MarketPosition[];
}

export async function bookSnapshot(risk: RiskBook): Promise<BookSnapshot> {
  const [markets, bets] = await Promise.all([risk.openMarkets(), risk.openBets()]);
  return { markets, bets, positions: marketPositions(markets, bets) };
}

/** Start of the UTC day of `now`. */
export const startOfUtcDay = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
