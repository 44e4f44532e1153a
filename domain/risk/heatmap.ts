/**
 * The risk heatmap of the admin dashboard: rows Soccer, Tennis, Basketball,
 * Racing, Rugby, Cricket; columns FT Win, O/U, Handicap, Player, Parlay.
 *
 * Mapping from the real catalogue:
 * - rows: soccer, tennis, basketball, racing, nrl (rugby league = "Rugby"), cricket. Other sports
 *   (NFL, hockey, baseball, AFL, golf) have no row in the spec and are left out of the heatmap
 *   (they are in the risk-metrics market list).
 * - columns: FT Win = full_time_result, O/U = over_under, Handicap = handicap, from SINGLE bets
 *   only; Parlay = the multiples whose first pending leg (where liability.ts counts them, once) is
 *   on a market of that sport; Player = player
 *   markets, which the catalogue does not offer, so the cell is 0 with no bets. Both-teams-to-score
 *   and correct-score markets have no column.
 * - a cell's liability (FT Win, O/U, Handicap) = the sum of its markets' liabilities now, each at
 *   its worst outcome: the running totals placement enforces (liability.ts), so the cell shows the
 *   figure the risk tab and the desk show for the same markets. It counts every bet on those
 *   markets (singles and the multiples with a leg there), whatever the range.
 * - a Parlay cell's liability = the sum over its multiples of (potential return - stake): what
 *   each adds to the running total of every outcome it touches.
 * - a cell's riskValue = the larger of its markets' own risk values (limit usage) and the log-scale
 *   score of the cell's summed liability (see liability.ts riskValue); Parlay cells use the log
 *   scale only. margin = the plain mean overround of the cell's markets (all of them, with or
 *   without bets).
 * The range (1h, 24h, 7d before now) chooses the bets whose activity the cell shows (active bets,
 * average stake, exposure, largest payout, and the Parlay cell's multiples).
 */
import type { Cents } from "../shared/money.ts";
import type { MarketType, SportCode } from "../shared/types.ts";
import {
  attributedLegs, currentPotentialReturn, marketPositions, overroundPercent, riskBand, riskValue,
  type BookBet, type BookMarket, type RiskBand,
} from "./liability.ts";

export const HEATMAP_ROWS = ["Soccer", "Tennis", "Basketball", "Racing", "Rugby", "Cricket"] as const;
export const HEATMAP_COLUMNS = ["FT Win", "O/U", "Handicap", "Player", "Parlay"] as const;
export type HeatmapRowLabel = (typeof HEATMAP_ROWS)[number];
export type HeatmapColumnLabel = (typeof HEATMAP_COLUMNS)[number];
export type HeatmapRange = "1h" | "24h" | "7d";

export const RANGE_MS: Record<HeatmapRange, number> = { "1h": 3_600_000, "24h": 86_400_000, "7d": 7 * 86_400_000 };

export const ROW_OF_SPORT: Partial<Record<SportCode, HeatmapRowLabel>> = {
  soccer: "Soccer",
  tennis: "Tennis",
  basketball: "Basketball",
  racing: "Racing",
  nrl: "Rugby",
  cricket: "Cricket",
};
export const COLUMN_OF_TYPE: Partial<Record<MarketType, HeatmapColumnLabel>> = {
  full_time_result: "FT Win",
  over_under: "O/U",
  handicap: "Handicap",
};

export interface HeatmapCell {
  sport: HeatmapRowLabel;
  market: HeatmapColumnLabel;
  riskValue: number;
  band: RiskBand;
  exposure: Cents;
  liability: Cents;
  activeBets: number;
  averageStake: Cents;
  maxPayout: Cents;
  margin: number;
  marketIds: string[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Bets placed at or after `now - range`. */
export function inRange<T extends { placedAt: Date }>(bets: readonly T[], range: HeatmapRange, now: Date): T[] {
  const from = now.getTime() - RANGE_MS[range];
  return bets.filter((b) => b.placedAt.getTime() >= from);
}

/**
 * Every cell of the heatmap (rows x columns, in order) from open markets, open bets already
 * filtered to the range, and each outcome's liability now (the placement write's running totals).
 */
export function buildHeatmap(markets: readonly BookMarket[], bets: readonly BookBet[], enforced: ReadonlyMap<string, Cents>): HeatmapCell[] {
  const positions = marketPositions(markets, bets, enforced);
  const marketsById = new Map(markets.map((m) => [m.id, m]));
  const cells: HeatmapCell[] = [];
  for (const row of HEATMAP_ROWS) {
    for (const column of HEATMAP_COLUMNS) {
      if (column === "Parlay") {
        cells.push(parlayCell(row, bets, marketsById));
        continue;
      }
      const inCell = positions.filter((p) => ROW_OF_SPORT[p.market.sport] === row && COLUMN_OF_TYPE[p.market.type] === column);
      let exposure = 0;
      let liability = 0;
      let activeBets = 0;
      let stakes = 0;
      let maxPayout = 0;
      let value = 0;
      for (const p of inCell) {
        const s = p.singlesOnly;
        exposure += s.exposure;
        liability += p.liability;
        activeBets += s.bets;
        stakes += s.stakes;
        maxPayout = Math.max(maxPayout, s.maxPayout);
        value = Math.max(value, p.riskValue);
      }
      value = Math.max(value, riskValue(liability, null));
      const withLiability = inCell.filter((p) => p.liability > 0 || p.singlesOnly.bets > 0).sort((a, b) => b.liability - a.liability);
      const without = inCell.filter((p) => !withLiability.includes(p));
      cells.push({
        sport: row,
        market: column,
        riskValue: value,
        band: riskBand(value),
        exposure,
        liability,
        activeBets,
        averageStake: activeBets > 0 ? Math.floor(stakes / activeBets) : 0,
        maxPayout,
        margin: inCell.length > 0 ? round2(inCell.reduce((s, p) => s + p.margin, 0) / inCell.length) : 0,
        marketIds: [...withLiability, ...without].map((p) => p.market.id),
      });
    }
  }
  return cells;
}

function parlayCell(row: HeatmapRowLabel, bets: readonly BookBet[], marketsById: Map<string, BookMarket>): HeatmapCell {
  let exposure = 0;
  let liability = 0;
  let count = 0;
  let stakes = 0;
  let maxPayout = 0;
  const marketIds = new Set<string>();
  for (const bet of bets) {
    if (!(bet.betType === "multiple" && bet.legs.length > 1)) continue;
    const legsHere = attributedLegs(bet).filter((l) => {
      const m = marketsById.get(l.marketId);
      return m !== undefined && ROW_OF_SPORT[m.sport] === row;
    });
    if (legsHere.length === 0) continue;
    const payout = currentPotentialReturn(bet);
    count += 1;
    stakes += bet.stake;
    exposure += payout;
    liability += bet.potentialReturn - bet.stake;
    maxPayout = Math.max(maxPayout, payout);
    for (const l of legsHere) marketIds.add(l.marketId);
  }
  const ids = [...marketIds];
  const margins = ids.map((id) => overroundPercent(marketsById.get(id)!.outcomes.map((o) => o.priceMilli)));
  const value = riskValue(liability, null);
  return {
    sport: row,
    market: "Parlay",
    riskValue: value,
    band: riskBand(value),
    exposure,
    liability,
    activeBets: count,
    averageStake: count > 0 ? Math.floor(stakes / count) : 0,
    maxPayout,
    margin: margins.length > 0 ? round2(margins.reduce((a, b) => a + b, 0) / margins.length) : 0,
    marketIds: ids,
  };
}
