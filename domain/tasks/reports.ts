/**
 * Reports and customer insights as CSV, from real data. Pure: the bulk-operation runner loads the
 * data through the ports and calls these, a chunk of rows at a time.
 */
import type { AuditEntry, BetRecord } from "../shared/types.ts";
import type { CustomerAggregate, FraudAlertRecord, LedgerPaymentRecord, RiskProfileRecord } from "../ports/index.ts";
import { customerProfile, segmentOf } from "../crm/segments.ts";
import { centsText, type CsvCell } from "./csv.ts";

export type DateRange = "today" | "week" | "month" | "quarter" | "custom";
export type ReportType = "financial" | "customer_activity" | "risk_metrics" | "regulatory";
export type AnalysisType = "comprehensive" | "sharp_detection" | "pattern_analysis" | "clv_analysis";
export type InsightSegment = "all" | "high_value" | "new_customers" | "suspicious";

const DAY = 86_400_000;

/** A report period: today = since 00:00 UTC; week/month/quarter = the last 7/30/90 days; custom = from..to (at most 366 days). */
export function resolvePeriod(range: DateRange, now: Date, from?: Date, to?: Date): { from: Date; to: Date } | null {
  switch (range) {
    case "today":
      return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())), to: now };
    case "week":
      return { from: new Date(now.getTime() - 7 * DAY), to: now };
    case "month":
      return { from: new Date(now.getTime() - 30 * DAY), to: now };
    case "quarter":
      return { from: new Date(now.getTime() - 90 * DAY), to: now };
    case "custom":
      if (!from || !to || from.getTime() >= to.getTime() || to.getTime() - from.getTime() > 366 * DAY) return null;
      return { from, to };
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : "");
const day = (d: Date) => d.toISOString().slice(0, 10);
const pct = (x: number) => Math.round(x * 10) / 10;

// ---- financial ------------------------------------------------------------------------------

export const FINANCIAL_HEADER = [
  "date", "bets_placed", "stakes", "settled_bets", "returns", "gross_revenue", "open_liability", "deposits", "withdrawals", "bonuses",
];

/** One row per UTC day of the period, then a TOTAL row. Money columns are decimals (cents / 100). */
export function financialRows(bets: readonly BetRecord[], payments: readonly LedgerPaymentRecord[], period: { from: Date; to: Date }): CsvCell[][] {
  type Acc = { bets: number; stakes: number; settled: number; returns: number; settledStakes: number; liability: number; deposits: number; withdrawals: number; bonuses: number };
  const zero = (): Acc => ({ bets: 0, stakes: 0, settled: 0, returns: 0, settledStakes: 0, liability: 0, deposits: 0, withdrawals: 0, bonuses: 0 });
  const days = new Map<string, Acc>();
  for (let t = Date.UTC(period.from.getUTCFullYear(), period.from.getUTCMonth(), period.from.getUTCDate()); t <= period.to.getTime(); t += DAY)
    days.set(day(new Date(t)), zero());
  const at = (d: Date) => {
    const k = day(d);
    if (!days.has(k)) days.set(k, zero());
    return days.get(k)!;
  };
  for (const b of bets) {
    const a = at(b.placedAt);
    a.bets += 1;
    a.stakes += b.stake;
    if (b.status === "pending") a.liability += b.potentialReturn;
    else {
      a.settled += 1;
      a.settledStakes += b.stake;
      a.returns += b.actualReturn ?? 0;
    }
  }
  for (const p of payments) {
    const a = at(p.createdAt);
    if (p.kind === "deposit") a.deposits += Math.abs(p.amount);
    else if (p.kind === "withdrawal") a.withdrawals += Math.abs(p.amount);
    else if (p.amount > 0) a.bonuses += p.amount;
  }
  const total = zero();
  const rows: CsvCell[][] = [];
  for (const [k, a] of [...days.entries()].sort(([x], [y]) => x.localeCompare(y))) {
    for (const key of Object.keys(total) as (keyof Acc)[]) total[key] += a[key];
    rows.push(row(k, a));
  }
  rows.push(row("TOTAL", total));
  return rows;
  function row(label: string, a: Acc): CsvCell[] {
    return [label, a.bets, centsText(a.stakes), a.settled, centsText(a.returns), centsText(a.settledStakes - a.returns),
      centsText(a.liability), centsText(a.deposits), centsText(a.withdrawals), centsText(a.bonuses)];
  }
}

// ---- customer activity ---------------------------------------------------------------------------

export const CUSTOMER_ACTIVITY_HEADER = [
  "customer_id", "email", "name", "status", "joined", "segment", "bets_in_period", "staked_in_period", "returns_in_period",
  "lifetime_bets", "lifetime_staked", "lifetime_value", "deposits", "withdrawals", "last_bet_at",
];

export function customerActivityRows(customers: readonly CustomerAggregate[], betsInPeriod: readonly BetRecord[], now: Date): CsvCell[][] {
  const by = new Map<string, { n: number; staked: number; returns: number }>();
  for (const b of betsInPeriod) {
    const a = by.get(b.userId) ?? { n: 0, staked: 0, returns: 0 };
    a.n += 1;
    a.staked += b.stake;
    a.returns += b.status === "pending" ? 0 : (b.actualReturn ?? 0);
    by.set(b.userId, a);
  }
  return customers.map((c) => {
    const p = by.get(c.user.id) ?? { n: 0, staked: 0, returns: 0 };
    return [c.user.id, c.user.email, `${c.user.firstName} ${c.user.lastName}`, c.user.isActive ? "active" : "suspended",
      iso(c.user.createdAt), segmentOf(c, now), p.n, centsText(p.staked), centsText(p.returns), c.betCount, centsText(c.totalStaked),
      centsText(c.settledStakes - c.totalReturned), centsText(c.depositTotal), centsText(c.withdrawalTotal), iso(c.lastBetAt)];
  });
}

// ---- risk metrics --------------------------------------------------------------------------------

export const RISK_METRICS_HEADER = [
  "customer_id", "email", "risk_level", "risk_score", "open_alerts", "alerts_in_period", "win_rate_pct", "settled_bets",
  "pending_bets", "pending_liability", "lifetime_staked", "lifetime_value", "kyc", "status",
];

export function riskMetricsRows(customers: readonly CustomerAggregate[], alertsInPeriod: readonly FraudAlertRecord[], now: Date): CsvCell[][] {
  const count = new Map<string, number>();
  for (const a of alertsInPeriod) count.set(a.userId, (count.get(a.userId) ?? 0) + 1);
  return [...customers]
    .sort((a, b) => b.riskScore - a.riskScore || a.user.email.localeCompare(b.user.email))
    .map((c) => {
      const p = customerProfile(c, now);
      return [c.user.id, c.user.email, c.riskLevel, c.riskScore, c.openAlerts, count.get(c.user.id) ?? 0, p.winRate,
        c.wonBets + c.lostBets + c.voidBets, c.pendingBets, centsText(c.pendingLiability), centsText(c.totalStaked), centsText(p.ltv),
        p.kyc, c.user.isActive ? "active" : "suspended"];
    });
}

// ---- regulatory ------------------------------------------------------------------------------------

export const REGULATORY_HEADER = ["at", "actor_id", "actor_role", "action", "entity_type", "entity_id", "before", "after"];

/** The operator audit trail of the period: every change with who made it, before and after. */
export function regulatoryRows(entries: readonly AuditEntry[]): CsvCell[][] {
  const j = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));
  return entries.map((e) => [iso(e.createdAt), e.actorId ?? "", e.actorRole, e.action, e.entityType, e.entityId, j(e.before), j(e.after)]);
}

// ---- customer insight and risk analysis -----------------------------------------------------------

export interface ClosingLine {
  userId: string;
  oddsMilli: number;
  closingMilli: number;
}

/** Closing-line value per customer: the mean of (odds taken / closing odds - 1) in percent, and the share of legs that beat the close. */
export function clvByCustomer(lines: readonly ClosingLine[]): Map<string, { legs: number; avgClv: number; beatClose: number }> {
  const acc = new Map<string, { legs: number; sum: number; beat: number }>();
  for (const l of lines) {
    if (l.closingMilli <= 0) continue;
    const a = acc.get(l.userId) ?? { legs: 0, sum: 0, beat: 0 };
    a.legs += 1;
    a.sum += l.oddsMilli / l.closingMilli - 1;
    if (l.oddsMilli > l.closingMilli) a.beat += 1;
    acc.set(l.userId, a);
  }
  return new Map([...acc].map(([k, a]) => [k, { legs: a.legs, avgClv: pct((a.sum / a.legs) * 100), beatClose: pct((a.beat / a.legs) * 100) }]));
}

/** Sharp: 10+ settled bets with a win rate over 55% and a positive return, or an average CLV over 2% on 10+ legs. */
export function isSharp(c: CustomerAggregate, clv: { legs: number; avgClv: number } | undefined): boolean {
  const settled = c.wonBets + c.lostBets;
  const winRate = settled === 0 ? 0 : c.wonBets / settled;
  const profit = c.totalReturned - c.settledStakes;
  return (settled >= 10 && winRate > 0.55 && profit > 0) || (!!clv && clv.legs >= 10 && clv.avgClv > 2);
}

export function inInsightSegment(c: CustomerAggregate, segment: InsightSegment, now: Date): boolean {
  switch (segment) {
    case "all":
      return true;
    case "high_value":
      return segmentOf(c, now) === "high_value";
    case "new_customers":
      return now.getTime() - c.user.createdAt.getTime() <= 30 * DAY;
    case "suspicious":
      return c.riskLevel === "high" || c.riskLevel === "critical" || c.openAlerts > 0;
  }
}

const EXTRA: Record<Exclude<AnalysisType, "comprehensive">, string[]> = {
  sharp_detection: ["settled_bets", "win_rate_pct", "profit", "roi_pct", "avg_clv_pct", "sharp"],
  pattern_analysis: ["first_bet_at", "last_bet_at", "active_days", "bets_per_week", "bets_last_30d", "pending_bets", "favorite_markets"],
  clv_analysis: ["legs_with_closing_line", "avg_clv_pct", "beat_close_pct"],
};

export function insightHeader(kind: "customer_insight" | "risk_analysis", analysis: AnalysisType): string[] {
  const base = kind === "customer_insight"
    ? ["customer_id", "email", "segment", "vip", "kyc", "bets", "staked", "avg_stake", "lifetime_value", "deposits", "withdrawals", "bonus_used"]
    : ["customer_id", "email", "risk_level", "risk_score", "open_alerts", "factors", "pending_liability", "staked", "lifetime_value", "kyc", "status"];
  const extra = analysis === "comprehensive" ? [...new Set(Object.values(EXTRA).flat())] : EXTRA[analysis];
  return [...base, ...extra];
}

export function insightRow(
  kind: "customer_insight" | "risk_analysis",
  analysis: AnalysisType,
  c: CustomerAggregate,
  clv: { legs: number; avgClv: number; beatClose: number } | undefined,
  profile: RiskProfileRecord | undefined,
  now: Date,
): CsvCell[] {
  const p = customerProfile(c, now);
  const base: CsvCell[] = kind === "customer_insight"
    ? [c.user.id, c.user.email, p.segment, p.vip, p.kyc, c.betCount, centsText(c.totalStaked), centsText(p.avgStake), centsText(p.ltv),
      centsText(c.depositTotal), centsText(c.withdrawalTotal), centsText(c.bonusTotal)]
    : [c.user.id, c.user.email, c.riskLevel, c.riskScore, c.openAlerts, (profile?.factors ?? []).join("; "), centsText(c.pendingLiability),
      centsText(c.totalStaked), centsText(p.ltv), p.kyc, c.user.isActive ? "active" : "suspended"];
  const profit = c.totalReturned - c.settledStakes;
  const span = c.firstBetAt && c.lastBetAt ? Math.max(1, Math.ceil((c.lastBetAt.getTime() - c.firstBetAt.getTime()) / DAY)) : 0;
  const values: Record<string, CsvCell> = {
    settled_bets: c.wonBets + c.lostBets + c.voidBets,
    win_rate_pct: p.winRate,
    profit: centsText(profit),
    roi_pct: c.settledStakes === 0 ? 0 : pct((profit / c.settledStakes) * 100),
    avg_clv_pct: clv ? clv.avgClv : "",
    sharp: isSharp(c, clv),
    first_bet_at: iso(c.firstBetAt),
    last_bet_at: iso(c.lastBetAt),
    active_days: span,
    bets_per_week: span === 0 ? c.betCount : pct((c.betCount / span) * 7),
    bets_last_30d: c.recentBets,
    pending_bets: c.pendingBets,
    favorite_markets: c.favoriteMarkets.join("; "),
    legs_with_closing_line: clv ? clv.legs : 0,
    beat_close_pct: clv ? clv.beatClose : "",
  };
  const header = insightHeader(kind, analysis);
  return [...base, ...header.slice(base.length).map((h) => values[h])];
}
