/**
 * The dashboard's figures (admin, trader), and the same figures as CSV: the export is built on the
 * server from what GET /api/dashboard/stats and the heatmap answer at that moment, so it can never
 * carry a browser's stale copy of them.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import { centsText, toCsv, type CsvCell } from "../tasks/csv.ts";
import { profitAndHold } from "./pnl.ts";
import { bookFigures, riskHeatmap, RISK_READERS, type RiskHeatmapView } from "./risk-views.ts";
import type { HeatmapRange } from "./heatmap.ts";
import type { EventLimitFigure } from "./liability.ts";

export interface DashboardFigures {
  totalBets: number;
  pendingBets: number;
  wonBets: number;
  lostBets: number;
  voidBets: number;
  totalStaked: number;
  totalReturned: number;
  grossRevenue: number;
  grossHoldPercent: number;
  /** What every pending bet would pay in total (stakes included): a payout, not a liability. */
  potentialPayout: number;
  /** The same figure under its old name, kept for existing clients. */
  openLiability: number;
  totalExposure: number;
  totalLiability: number;
  /** The event nearest its own liability limit (liability.ts eventLimitFigures), or null. */
  tightestEvent: EventLimitFigure | null;
  activeCustomers: number;
  liveEvents: number;
  upcomingEvents: number;
  finishedEvents: number;
  settlementRate: number;
}

export async function dashboardStats(ctx: Ctx): Promise<Result<DashboardFigures>> {
  const who = requireRole(ctx.actor, RISK_READERS, "read the dashboard");
  if (!who.ok) return who;
  const ports = ctx.ports;
  const [t, events, activeCustomers, book] = await Promise.all([
    ports.bets.totals(),
    ports.events.counts(),
    ports.users.countActiveCustomers(),
    bookFigures(ctx),
  ]);
  if (!book.ok) return book;
  const settledPnl = profitAndHold({ stakes: t.settledStakes, returns: t.totalReturned });
  const settled = t.totalBets - t.pendingBets;
  return ok({
    totalBets: t.totalBets,
    pendingBets: t.pendingBets,
    wonBets: t.wonBets,
    lostBets: t.lostBets,
    voidBets: t.voidBets,
    totalStaked: t.totalStaked,
    totalReturned: t.totalReturned,
    grossRevenue: settledPnl.pnl,
    grossHoldPercent: settledPnl.holdPercent,
    potentialPayout: book.value.payout,
    openLiability: book.value.payout,
    totalExposure: book.value.exposure,
    totalLiability: book.value.liability,
    tightestEvent: book.value.tightestEvent,
    activeCustomers,
    liveEvents: events.live,
    upcomingEvents: events.upcoming,
    finishedEvents: events.finished,
    settlementRate: t.totalBets === 0 ? 0 : settled / t.totalBets,
  });
}

/** The CSV's columns: a dashboard figure has no sport or market; a heatmap cell's figures have both. */
export const DASHBOARD_CSV_HEADER = ["section", "sport", "market", "metric", "value"] as const;

/** Money columns are plain decimals (cents / 100), counts and percentages as numbers. */
export function dashboardCsvRows(f: DashboardFigures, heat: RiskHeatmapView): CsvCell[][] {
  const money = (metric: string, cents: number): CsvCell[] => ["dashboard", "", "", metric, centsText(cents)];
  const count = (metric: string, n: number): CsvCell[] => ["dashboard", "", "", metric, n];
  const section = `heatmap_${heat.range}`;
  return [
    count("total_bets", f.totalBets),
    count("pending_bets", f.pendingBets),
    count("won_bets", f.wonBets),
    count("lost_bets", f.lostBets),
    count("void_bets", f.voidBets),
    count("active_customers", f.activeCustomers),
    count("live_events", f.liveEvents),
    count("upcoming_events", f.upcomingEvents),
    count("finished_events", f.finishedEvents),
    money("total_staked", f.totalStaked),
    money("total_returned", f.totalReturned),
    money("gross_revenue", f.grossRevenue),
    count("gross_hold_percent", f.grossHoldPercent),
    money("potential_payout", f.potentialPayout),
    money("total_exposure", f.totalExposure),
    money("total_liability", f.totalLiability),
    count("settlement_rate_percent", Math.round(f.settlementRate * 1000) / 10),
    ...heat.cells.flatMap((c): CsvCell[][] => [
      [section, c.sport, c.market, "liability", centsText(c.liability)],
      [section, c.sport, c.market, "exposure", centsText(c.exposure)],
      [section, c.sport, c.market, "active_bets", c.activeBets],
      [section, c.sport, c.market, "risk_value", c.riskValue],
    ]),
  ];
}

/** The dashboard as CSV: its figures now and the heatmap over `range`, from the same use cases as the screen. */
export async function dashboardCsv(ctx: Ctx, range: HeatmapRange): Promise<Result<string>> {
  const figures = await dashboardStats(ctx);
  if (!figures.ok) return figures;
  const heat = await riskHeatmap(ctx, range);
  if (!heat.ok) return heat;
  return ok(toCsv(DASHBOARD_CSV_HEADER, dashboardCsvRows(figures.value, heat.value)));
}
