/**
 * Read use cases of the risk screens (admin and trader): the heatmap and the risk metrics.
 */
import { reachOf } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { bookSnapshot } from "./book.ts";
import { buildHeatmap, HEATMAP_COLUMNS, HEATMAP_ROWS, inRange, type HeatmapCell, type HeatmapRange } from "./heatmap.ts";
import {
  aggregate, bookTotals, eventLimitFigures, liabilityFromBets, marketPositions, openAt, riskLevelOf, tightestEvent, type Aggregate,
  type EventLimitFigure, type MarketPosition,
} from "./liability.ts";
import type { RiskLevel } from "../shared/risk-level.ts";
import { summarizeBettor, SHARP_THRESHOLD, WIN_RATE_ALERT, type BettorSummary } from "./sharp.ts";
import { activeAlertCount } from "../trading/alerts.ts";
import type { CustomerBets } from "../ports/index.ts";

export const RISK_READERS = ["admin", "trader"] as const;
/** The daily exposure limit of the product spec's business constants: 15M (display only). */
export const DAILY_EXPOSURE_LIMIT = 1_500_000_000;

export interface RiskHeatmapView {
  range: HeatmapRange;
  rows: string[];
  columns: string[];
  cells: HeatmapCell[];
  generatedAt: Date;
}

export async function riskHeatmap(ctx: Ctx, range: HeatmapRange): Promise<Result<RiskHeatmapView>> {
  const who = requireRole(ctx.actor, RISK_READERS, "read the risk heatmap");
  if (!who.ok) return who;
  const risk = ctx.ports.risk;
  const now = ctx.clock.now();
  const { markets, bets, liabilities } = await bookSnapshot(risk);
  return ok({
    range,
    rows: [...HEATMAP_ROWS],
    columns: [...HEATMAP_COLUMNS],
    cells: buildHeatmap(markets, inRange(bets, range, now), liabilities),
    generatedAt: now,
  });
}

export type CustomerFlag = "high_win_rate" | "sharp" | "beats_closing_line" | "large_stakes" | "limited" | "suspended";

export interface CustomerRiskView {
  userId: string;
  name: string;
  email: string;
  isActive: boolean;
  totalStaked: number;
  winRate: number;
  /** The sharp score (sharp.ts), the same number as the trading desk's sharp tracking. */
  sharpScore: number;
  /** Deprecated alias kept for API compatibility: the sharp score, raised to 70 on a high win rate. */
  riskScore: number;
  flags: CustomerFlag[];
  lastActivity: Date | null;
  stakeFactor: number;
  summary: BettorSummary;
}

/**
 * A customer's risk for the Customer Risk tab: the sharp score, raised to 70 when the win rate is
 * over the spec's 65 % alert level on 5 or more decided bets. Flags: high_win_rate (that case),
 * sharp (score >= 60), beats_closing_line (CLV >= 2 %), large_stakes (average stake at least 5x the
 * average of all customers), limited (stake factor below 1), suspended.
 */
export function customerRisks(customers: readonly CustomerBets[]): CustomerRiskView[] {
  const summaries = customers.map((c) => ({ c, s: summarizeBettor(c.bets) }));
  const withBets = summaries.filter((x) => x.s.totalBets > 0);
  const bookAvg = withBets.length > 0 ? withBets.reduce((a, x) => a + x.s.avgStake, 0) / withBets.length : 0;
  return summaries
    .filter((x) => x.s.totalBets > 0)
    .map(({ c, s }) => {
      const highWin = s.won + s.lost >= 5 && s.winRate > WIN_RATE_ALERT;
      const flags: CustomerFlag[] = [];
      if (highWin) flags.push("high_win_rate");
      if (s.sharpScore >= SHARP_THRESHOLD) flags.push("sharp");
      if (s.clv >= 2) flags.push("beats_closing_line");
      if (withBets.length > 1 && s.avgStake >= 5 * bookAvg) flags.push("large_stakes");
      if (c.stakeFactorPct < 100) flags.push("limited");
      if (!c.isActive) flags.push("suspended");
      return {
        userId: c.userId,
        name: `${c.firstName} ${c.lastName}`.trim() || c.email,
        email: c.email,
        isActive: c.isActive,
        totalStaked: s.totalStaked,
        winRate: s.winRate,
        sharpScore: s.sharpScore,
        riskScore: Math.max(s.sharpScore, highWin ? 70 : 0),
        flags,
        lastActivity: s.lastBet,
        stakeFactor: c.stakeFactorPct / 100,
        summary: s,
      };
    })
    .sort((a, b) => b.riskScore - a.riskScore || b.totalStaked - a.totalStaked);
}

export interface MarketRiskView {
  position: MarketPosition;
  riskLevel: RiskLevel;
  /** The market's event against its own limit (eventLimitFigures), or null. */
  event: EventLimitFigure | null;
}

export interface RiskMetricsView {
  totalPayout: number;
  totalExposure: number;
  totalLiability: number;
  profitMargin: number;
  activeAlerts: number;
  dailyExposureLimit: number;
  markets: MarketRiskView[];
  bySport: Aggregate[];
  byMarketType: Aggregate[];
  customers: CustomerRiskView[];
  series: { at: Date; exposure: number; liability: number }[];
  generatedAt: Date;
}

/** Exposure and liability of the book at each hour of the last `hours` hours (and now), replayed from the bets. */
export async function exposureSeries(ctx: Ctx, hours: number): Promise<{ at: Date; exposure: number; liability: number }[]> {
  const risk = ctx.ports.risk;
  const now = ctx.clock.now();
  const bets = await risk.betsOpenSince(new Date(now.getTime() - hours * 3_600_000));
  const ids = [...new Set(bets.flatMap((b) => b.legs.map((l) => l.marketId)))];
  const markets = await risk.marketsByIds(ids);
  const out: { at: Date; exposure: number; liability: number }[] = [];
  for (let h = hours; h >= 0; h--) {
    const at = new Date(now.getTime() - h * 3_600_000);
    // The past is replayed from the bets with the running totals' own sum (liabilityFromBets).
    const open = openAt(bets, at);
    const totals = bookTotals(marketPositions(markets, open, liabilityFromBets(open)));
    out.push({ at, exposure: totals.exposure, liability: totals.liability });
  }
  return out;
}

const byLiability = (xs: Aggregate[]) => xs.sort((a, b) => b.liability - a.liability || b.exposure - a.exposure || a.key.localeCompare(b.key));

export async function riskMetrics(ctx: Ctx): Promise<Result<RiskMetricsView>> {
  const who = requireRole(ctx.actor, RISK_READERS, "read the risk metrics");
  if (!who.ok) return who;
  const risk = ctx.ports.risk;
  const now = ctx.clock.now();
  const activeAlerts = await activeAlertCount(ctx);
  const [{ positions }, customers, series] = await Promise.all([
    bookSnapshot(risk),
    risk.customerBets(now, reachOf(ctx.actor)),
    exposureSeries(ctx, 24),
  ]);
  const totals = bookTotals(positions);
  const events = eventLimitFigures(positions);
  // Every market holding liability is listed (a multiple's later legs hold it where no bet is counted).
  const markets = positions
    .filter((p) => p.bets > 0 || p.liability > 0)
    .sort((a, b) => b.riskValue - a.riskValue || b.liability - a.liability || b.stakes - a.stakes)
    .slice(0, 50)
    .map((position) => ({ position, riskLevel: riskLevelOf(position.riskValue), event: events.get(position.market.eventId) ?? null }));
  return ok({
    totalPayout: totals.payout,
    totalExposure: totals.exposure,
    totalLiability: totals.liability,
    profitMargin: totals.margin,
    activeAlerts,
    dailyExposureLimit: DAILY_EXPOSURE_LIMIT,
    markets,
    bySport: byLiability(aggregate(positions, (p) => p.market.sportName)),
    byMarketType: byLiability(aggregate(positions, (p) => p.market.type)),
    customers: customerRisks(customers).slice(0, 50),
    series,
    generatedAt: now,
  });
}

export interface BookFiguresView {
  payout: number;
  exposure: number;
  liability: number;
  tightestEvent: EventLimitFigure | null;
}

/** The dashboard's open-book figures, from the same liability engine as the desk and the risk tab. */
export async function bookFigures(ctx: Ctx): Promise<Result<BookFiguresView>> {
  const who = requireRole(ctx.actor, RISK_READERS, "read the book");
  if (!who.ok) return who;
  const { positions } = await bookSnapshot(ctx.ports.risk);
  const t = bookTotals(positions);
  return ok({ payout: t.payout, exposure: t.exposure, liability: t.liability, tightestEvent: tightestEvent(eventLimitFigures(positions)) });
}
