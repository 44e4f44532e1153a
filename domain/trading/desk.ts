/**
 * Read use cases of the trading desk: the overview (header cards and per-event exposure), sharp
 * tracking and the odds-control list.
 *
 * Overview per event (events in the book with open bets, or with a steam move):
 * - totalLiability: the sum of the event's market liabilities, each market at its worst outcome
 *   (liability.ts: the running totals placement enforces);
 * - eventLimit: totalLiability against the event's own limit (liability.ts eventLimitFigures, the
 *   figure placement enforces: BET.EVENT_LIMIT), with its usage;
 * - tightestMarket: the event's market nearest its own limit, with its liability, limit and usage;
 * - home / draw / away exposure: payout owed on each match-winner outcome;
 * - publicPercentage: each match-winner outcome's share of the stakes on that market;
 * - sharpMoney: an open bet on the event by a customer whose sharp score is >= 60 (sharp.ts);
 * - steamMove: a steam move (steam.ts) on one of its markets in the last 10 minutes;
 * - riskLevel: from the event's risk value; "sharp" when sharp money is on it and the level would
 *   be low or medium.
 * Header cards: potential payout, exposure and liability (sums over markets, liability.ts), daily
 * P&L and hold % from one formula (domain/risk/pnl.ts) over the bets settled today (UTC), active
 * alerts (the one engine's count, activeAlertCount in alerts.ts, which the risk tab reads too).
 */
import { reachOf } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { EventView } from "../shared/types.ts";
import { bookSnapshot, startOfUtcDay } from "../risk/book.ts";
import { aggregate, bookTotals, eventLimitFigures, publicPercentages, riskLevelOf, type Aggregate, type MarketPosition } from "../risk/liability.ts";
import { summarizeBettor, SHARP_THRESHOLD, type BettorSummary } from "../risk/sharp.ts";
import { detectSteam, STEAM_LOOKBACK_MS } from "../risk/steam.ts";
import { bankrollOf } from "../risk/alerts.ts";
import { activeAlertCount, TRADERS } from "./alerts.ts";
import { profitAndHold } from "../risk/pnl.ts";

export interface EventExposureView {
  eventId: string;
  eventName: string;
  sport: string;
  sportName: string;
  homeTeam: string;
  awayTeam: string;
  status: "upcoming" | "live" | "finished";
  startTime: Date;
  marketId: string | null;
  totalLiability: number;
  eventLimit: { liability: number; limit: number; limitUsage: number } | null;
  tightestMarket: { marketId: string; marketName: string; liability: number; limit: number; limitUsage: number } | null;
  homeExposure: number;
  drawExposure: number | null;
  awayExposure: number;
  /** Every outcome of the match-winner market by its name (racing: the runners), with its price and stakes. */
  outcomes: { outcomeId: string; name: string; priceMilli: number; stakes: number; payout: number; net: number; liability: number }[];
  payout: number;
  exposure: number;
  volume: number;
  publicPercentage: { home: number; draw: number | null; away: number };
  riskLevel: "low" | "medium" | "high" | "critical" | "sharp";
  riskValue: number;
  sharpMoney: boolean;
  steamMove: boolean;
}

export interface TradingOverviewView {
  /** What the book pays if every open bet wins (the dashboard's open liability). */
  totalPayout: number;
  totalExposure: number;
  totalLiability: number;
  dailyPnl: number;
  holdPercent: number;
  activeAlerts: number;
  bankroll: number;
  markets: EventExposureView[];
  generatedAt: Date;
}

function matchWinnerFigures(p: MarketPosition | undefined) {
  if (!p || p.outcomes.length < 2) return { home: 0, draw: null, away: 0, pub: { home: 0, draw: null, away: 0 } };
  const shares = publicPercentages(p);
  const outs = p.outcomes;
  const three = outs.length === 3;
  const last = outs[outs.length - 1];
  return {
    home: outs[0].payout,
    draw: three ? outs[1].payout : null,
    away: last.payout,
    pub: {
      home: shares.get(outs[0].outcomeId) ?? 0,
      draw: three ? (shares.get(outs[1].outcomeId) ?? 0) : null,
      away: shares.get(last.outcomeId) ?? 0,
    },
  };
}

type RiskPort = Ctx["ports"]["risk"];

/** The events with an open bet by a sharp customer (sharp score at or over the threshold). */
function sharpEventsOf(
  customers: Awaited<ReturnType<RiskPort["customerBets"]>>,
  bets: Awaited<ReturnType<typeof bookSnapshot>>["bets"],
  eventOfMarket: ReadonlyMap<string, string>,
): Set<string> {
  const sharpUsers = new Set(
    customers.filter((c) => summarizeBettor(c.bets).sharpScore >= SHARP_THRESHOLD).map((c) => c.userId),
  );
  const sharpEvents = new Set<string>();
  for (const b of bets) {
    if (!sharpUsers.has(b.userId)) continue;
    for (const l of b.legs) if (l.result === "pending" && eventOfMarket.has(l.marketId)) sharpEvents.add(eventOfMarket.get(l.marketId)!);
  }
  return sharpEvents;
}

/** One event's row: its positions summed, its tightest market and its match-winner figures. */
function eventView(
  a: Aggregate,
  ps: MarketPosition[],
  eventLimit: EventExposureView["eventLimit"],
  sharp: boolean,
  steam: boolean,
): EventExposureView {
  const m = ps[0].market;
  const mw = ps.find((p) => p.market.type === "full_time_result");
  const fig = matchWinnerFigures(mw);
  const level = riskLevelOf(a.riskValue);
  return {
    eventId: a.key,
    eventName: m.eventName,
    sport: m.sport,
    sportName: m.sportName,
    homeTeam: m.homeTeam,
    awayTeam: m.awayTeam,
    status: m.eventStatus,
    startTime: m.startTime,
    marketId: mw?.market.id ?? null,
    totalLiability: a.liability,
    eventLimit,
    tightestMarket: a.tightest
      ? {
          marketId: a.tightest.market.id,
          marketName: a.tightest.market.name,
          liability: a.tightest.liability,
          limit: a.tightest.market.liabilityLimit,
          limitUsage: a.tightest.limitUsage,
        }
      : null,
    homeExposure: fig.home,
    drawExposure: fig.draw,
    awayExposure: fig.away,
    outcomes: (mw ?? ps[0]).outcomes.map((o) => ({
      outcomeId: o.outcomeId, name: o.name, priceMilli: o.priceMilli, stakes: o.stakes, payout: o.payout, net: o.net, liability: o.liability,
    })),
    payout: a.payout,
    exposure: a.exposure,
    volume: a.stakes,
    publicPercentage: fig.pub,
    riskLevel: sharp && (level === "low" || level === "medium") ? "sharp" : level,
    riskValue: a.riskValue,
    sharpMoney: sharp,
    steamMove: steam,
  };
}

export async function tradingOverview(ctx: Ctx): Promise<Result<TradingOverviewView>> {
  const who = requireRole(ctx.actor, TRADERS, "use the trading desk");
  if (!who.ok) return who;
  const risk = ctx.ports.risk;
  const now = ctx.clock.now();
  const activeAlerts = await activeAlertCount(ctx);
  const [{ markets, bets, positions }, customers, moves, settled, house, base] = await Promise.all([
    bookSnapshot(risk),
    // Sharp money on an event is a figure of the book: the real customers', whoever reads it.
    risk.customerBets(now, "real"),
    risk.priceMoves(new Date(now.getTime() - STEAM_LOOKBACK_MS)),
    risk.settledTotals({ from: startOfUtcDay(now), to: new Date(now.getTime() + 1) }),
    risk.houseBalance(),
    risk.bankrollBase(),
  ]);
  const eventOfMarket = new Map(markets.map((m) => [m.id, m.eventId]));
  const sharpEvents = sharpEventsOf(customers, bets, eventOfMarket);
  const steamEvents = new Set(
    detectSteam(moves, now).flatMap((s) => (eventOfMarket.has(s.marketId) ? [eventOfMarket.get(s.marketId)!] : [])),
  );
  const byEvent = new Map<string, MarketPosition[]>();
  for (const p of positions) byEvent.set(p.market.eventId, [...(byEvent.get(p.market.eventId) ?? []), p]);
  const views: EventExposureView[] = [];
  const eventLimits = eventLimitFigures(positions);
  for (const a of aggregate(positions, (p) => p.market.eventId)) {
    const steam = steamEvents.has(a.key);
    if (a.bets === 0 && !steam) continue;
    views.push(eventView(a, byEvent.get(a.key)!, eventFigure(eventLimits.get(a.key)), sharpEvents.has(a.key), steam));
  }
  views.sort((x, y) => y.totalLiability - x.totalLiability || y.volume - x.volume);
  const totals = bookTotals(positions);
  return ok({
    totalExposure: totals.exposure,
    totalLiability: totals.liability,
    totalPayout: totals.payout,
    dailyPnl: profitAndHold(settled).pnl,
    holdPercent: profitAndHold(settled).holdPercent,
    activeAlerts,
    bankroll: bankrollOf(house, base),
    markets: views.slice(0, 30),
    generatedAt: now,
  });
}

export interface SharpBettorView extends BettorSummary {
  userId: string;
  username: string;
  email: string;
  stakeFactor: number;
}

export async function sharpBettors(ctx: Ctx): Promise<Result<SharpBettorView[]>> {
  const who = requireRole(ctx.actor, TRADERS, "read sharp tracking");
  if (!who.ok) return who;
  const risk = ctx.ports.risk;
  const customers = await risk.customerBets(ctx.clock.now(), reachOf(ctx.actor));
  return ok(
    customers
      .filter((c) => c.bets.length > 0)
      .map((c) => ({
        ...summarizeBettor(c.bets),
        userId: c.userId,
        username: `${c.firstName} ${c.lastName.slice(0, 1)}${c.lastName ? "." : ""}`.trim() || c.email,
        email: c.email,
        stakeFactor: c.stakeFactorPct / 100,
      }))
      .sort((a, b) => b.sharpScore - a.sharpScore || b.clv - a.clv || b.totalBets - a.totalBets),
  );
}

/** The first `count` live events that have a match-winner market, with their volumes. */
export async function oddsControl(ctx: Ctx, count = 6): Promise<Result<{ event: EventView; volume: number }[]>> {
  const who = requireRole(ctx.actor, TRADERS, "use odds control");
  if (!who.ok) return who;
  const live = (await ctx.ports.events.list({ status: "live", limit: 200 })).filter((e) =>
    e.markets.some((m) => m.type === "full_time_result" && m.outcomes.length >= 2),
  );
  const first = live.slice(0, count);
  const volumes = await ctx.ports.events.volumes(first.map((e) => e.id));
  return ok(first.map((event) => ({ event, volume: volumes.get(event.id) ?? 0 })));
}

const eventFigure = (f: { liability: number; limit: number; limitUsage: number } | undefined) =>
  f ? { liability: f.liability, limit: f.limit, limitUsage: f.limitUsage } : null;
