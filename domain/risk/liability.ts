/**
 * The liability engine: what the house owes on every market if each outcome wins, from the open
 * (pending) bets, and the figures derived from it. Pure: the caller passes the markets with their
 * current prices, the open bets and the liability the placement write keeps per outcome.
 *
 * Liability is ONE figure (docs/money.md "Liability"): per outcome, the sum over the pending bets
 * with a leg on it of (potential return - stake), a multiple counted in full on every outcome it
 * touches. The placement write keeps it as a running total (outcome_liability, migrations 0026 and
 * 0049) and refuses a bet that takes an outcome past its market's limit; every screen shows that
 * same running total (the caller reads it and passes it in as `enforced`). So:
 * - an outcome's liability: its running total in the real book;
 * - a market's liability: its largest outcome liability, the figure its limit is checked against;
 *   limit usage = that / the market's own limit;
 * - events, sports, market types and the book add their markets' liabilities up (each market at
 *   its worst outcome). An event's sum is the figure its own limit is checked against (the placement
 *   write keeps it as a running total, event_liability): eventLimitFigures() gives it with the
 *   event's limit to every screen.
 * liabilityFromBets() computes the same sum from bets, for moments in the past (the 24-hour chart);
 * tests/api/one-liability-figure.test.ts checks that it agrees with the running totals now.
 *
 * The other figures are about payouts, and say so:
 * - each open bet is counted ONCE, in the market of its FIRST PENDING LEG (leg order as placed);
 *   multiples with a lost leg owe nothing and are ignored. So the sum over markets of every
 *   outcome's payout is exactly what the book pays if every open bet wins (potential payout).
 * - payout on an outcome: the current potential returns (void legs at 1.00) of the bets counted
 *   there; stakes taken on a market: the stakes of the bets counted in it; net of an outcome:
 *   payout - stakes taken (negative = the house wins if it wins).
 * - market exposure: the largest payout on one outcome (the worst-case gross payout).
 * - margin (overround) of the current prices: 1 - 1 / sum(1 / price), as a percent.
 */
import { returnFor, type OddsMilli } from "../shared/odds.ts";
import type { Cents } from "../shared/money.ts";
import type { RiskLevel } from "../shared/risk-level.ts";
import type { EventStatus, MarketStatus, MarketType, SportCode } from "../shared/types.ts";

export const DEFAULT_LIABILITY_LIMIT: Cents = 200_000_000; // 2,000,000.00, the product spec's default

export interface BookOutcome {
  id: string;
  name: string;
  priceMilli: OddsMilli;
}

export interface BookMarket {
  id: string;
  eventId: string;
  eventName: string;
  eventStatus: EventStatus;
  sport: SportCode;
  sportName: string;
  homeTeam: string;
  awayTeam: string;
  startTime: Date;
  type: MarketType;
  name: string;
  status: MarketStatus;
  liabilityLimit: Cents;
  /** The limit of the market's event as placement enforces it (its own, else the default); absent where none is kept. */
  eventLiabilityLimit?: Cents;
  updatedAt: Date;
  outcomes: BookOutcome[];
}

export interface BookLeg {
  marketId: string;
  outcomeId: string;
  oddsMilli: OddsMilli;
  result: "pending" | "won" | "lost" | "void";
}

export interface BookBet {
  id: string;
  userId: string;
  betType: "single" | "multiple";
  stake: Cents;
  potentialReturn: Cents;
  placedAt: Date;
  legs: BookLeg[];
}

export interface OutcomePosition {
  outcomeId: string;
  name: string;
  priceMilli: OddsMilli;
  /** What the house pays if this outcome wins. */
  payout: Cents;
  /** Stakes of the bets backing this outcome. */
  stakes: Cents;
  /** payout - all stakes taken on the market. */
  net: Cents;
  /** The outcome's liability: its running total in the real book, as placement enforces it. */
  liability: Cents;
}

export interface Position {
  /** Stakes taken on the market (open bets counted in it). */
  stakes: Cents;
  /** What the market's counted bets pay if every one of them wins (sum of the outcome payouts). */
  payout: Cents;
  bets: number;
  singles: number;
  multiples: number;
  exposure: Cents;
  /** The largest outcome liability: what the market's limit is checked against. */
  liability: Cents;
  /** The largest potential return of one bet counted in the market. */
  maxPayout: Cents;
  outcomes: OutcomePosition[];
}

export interface MarketPosition extends Position {
  market: BookMarket;
  /** Overround of the current prices, percent (2 decimals). */
  margin: number;
  /** liability / limit, percent (2 decimals). */
  limitUsage: number;
  riskValue: number;
  /** The payout figures from the single bets alone (the heatmap's market-type columns); its liability is the market's. */
  singlesOnly: Position;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Overround of a set of decimal prices as a percent: 1 - 1 / sum(1 / price). 0 for fewer than 2 prices. */
export function overroundPercent(pricesMilli: readonly OddsMilli[]): number {
  if (pricesMilli.length < 2) return 0;
  const book = pricesMilli.reduce((s, p) => s + 1000 / p, 0);
  return round2((1 - 1 / book) * 100);
}

/**
 * What an open bet would pay now if all its pending legs win: stake x the odds of its won and
 * pending legs (void legs count 1.00). 0 when a leg has lost.
 */
export function currentPotentialReturn(bet: Pick<BookBet, "stake" | "potentialReturn" | "legs">): Cents {
  if (bet.legs.some((l) => l.result === "lost")) return 0;
  if (!bet.legs.some((l) => l.result === "void")) return bet.potentialReturn;
  return returnFor(bet.stake, bet.legs.filter((l) => l.result !== "void").map((l) => l.oddsMilli));
}

/**
 * The risk value 0..100 of a liability against a limit: the larger of the limit usage in percent
 * and 20 x log10(1 + liability in whole currency units); 100.00 scores 40, 1,000.00 scores 60,
 * 10,000.00 scores 80, 100,000.00 or more 100. Without a limit only the log scale counts.
 */
export function riskValue(liability: Cents, limit: Cents | null): number {
  if (liability <= 0) return 0;
  const usage = limit && limit > 0 ? (100 * liability) / limit : 0;
  const scale = 20 * Math.log10(1 + liability / 100);
  return Math.max(0, Math.min(100, Math.round(Math.max(usage, scale))));
}

export type RiskBand = "critical" | "high" | "medium" | "low" | "minimal";
/** The spec's colour bands: above 80, above 60, above 40, above 20, and the rest. */
export function riskBand(value: number): RiskBand {
  if (value > 80) return "critical";
  if (value > 60) return "high";
  if (value > 40) return "medium";
  if (value > 20) return "low";
  return "minimal";
}
/** A risk level for lists: critical > 80, high > 60, medium > 40, else low. */
export function riskLevelOf(value: number): RiskLevel {
  const band = riskBand(value);
  return band === "minimal" ? "low" : band;
}

/**
 * The one leg a bet is counted on: its first pending leg (a single's only leg; a multiple's first
 * leg still to be decided). None when a leg has lost or no leg is pending.
 */
export function attributedLegs(bet: BookBet): BookLeg[] {
  if (bet.legs.some((l) => l.result === "lost")) return [];
  const first = bet.legs.find((l) => l.result === "pending");
  return first ? [first] : [];
}

/**
 * The liability of every outcome from the bets open at a moment: per outcome, the sum over the
 * pending bets with a leg on it of (potential return - stake), each leg of a multiple counted. This
 * is the sum the placement write keeps as a running total; use the running total for "now".
 */
export function liabilityFromBets(bets: readonly Pick<BookBet, "stake" | "potentialReturn" | "legs">[]): Map<string, Cents> {
  const out = new Map<string, Cents>();
  for (const bet of bets) for (const leg of bet.legs) out.set(leg.outcomeId, (out.get(leg.outcomeId) ?? 0) + bet.potentialReturn - bet.stake);
  return out;
}

function emptyPosition(market: BookMarket, enforced: ReadonlyMap<string, Cents>): Position {
  return {
    stakes: 0,
    payout: 0,
    bets: 0,
    singles: 0,
    multiples: 0,
    exposure: 0,
    liability: 0,
    maxPayout: 0,
    outcomes: market.outcomes.map((o) => ({
      outcomeId: o.id, name: o.name, priceMilli: o.priceMilli, payout: 0, stakes: 0, net: 0, liability: enforced.get(o.id) ?? 0,
    })),
  };
}

function addBet(p: Position, bet: BookBet, leg: BookLeg, payout: Cents) {
  const o = p.outcomes.find((x) => x.outcomeId === leg.outcomeId);
  if (!o) return;
  o.payout += payout;
  o.stakes += bet.stake;
  p.stakes += bet.stake;
  p.payout += payout;
  p.bets += 1;
  if (bet.betType === "multiple" && bet.legs.length > 1) p.multiples += 1;
  else p.singles += 1;
  p.maxPayout = Math.max(p.maxPayout, payout);
}

function finish(p: Position): Position {
  let exposure = 0;
  let liability = 0;
  for (const o of p.outcomes) {
    o.net = o.payout - p.stakes;
    exposure = Math.max(exposure, o.payout);
    liability = Math.max(liability, o.liability);
  }
  p.exposure = exposure;
  p.liability = liability;
  return p;
}

/**
 * The position of every given market from the open bets (bets on other markets are ignored) and
 * the liability of each outcome (`enforced`: the placement write's running totals, or
 * liabilityFromBets for a moment in the past).
 */
export function marketPositions(
  markets: readonly BookMarket[],
  bets: readonly BookBet[],
  enforced: ReadonlyMap<string, Cents>,
): MarketPosition[] {
  const all = new Map(markets.map((m) => [m.id, emptyPosition(m, enforced)]));
  const singles = new Map(markets.map((m) => [m.id, emptyPosition(m, enforced)]));
  for (const bet of bets) {
    const payout = currentPotentialReturn(bet);
    const isSingle = bet.betType === "single" || bet.legs.length === 1;
    for (const leg of attributedLegs(bet)) {
      const p = all.get(leg.marketId);
      if (!p) continue;
      addBet(p, bet, leg, payout);
      if (isSingle) addBet(singles.get(leg.marketId)!, bet, leg, payout);
    }
  }
  return markets.map((m) => {
    const p = finish(all.get(m.id)!);
    return {
      ...p,
      market: m,
      margin: overroundPercent(m.outcomes.map((o) => o.priceMilli)),
      limitUsage: m.liabilityLimit > 0 ? round2((100 * p.liability) / m.liabilityLimit) : 0,
      riskValue: riskValue(p.liability, m.liabilityLimit),
      singlesOnly: finish(singles.get(m.id)!),
    };
  });
}

export interface Aggregate {
  key: string;
  markets: number;
  stakes: Cents;
  bets: number;
  payout: Cents;
  exposure: Cents;
  /** The sum of its markets' liabilities (each market at its worst outcome). */
  liability: Cents;
  /**
   * The market nearest its own limit (highest usage, then largest liability): a group has no
   * limit of its own, so this is the limit that binds first. Null when no market has a limit.
   */
  tightest: MarketPosition | null;
  maxPayout: Cents;
  riskValue: number;
}

const nearerItsLimit = (a: MarketPosition, b: MarketPosition | null): boolean =>
  b === null || a.limitUsage > b.limitUsage || (a.limitUsage === b.limitUsage && a.liability > b.liability);

/** Sum market positions by a key (event id, sport, market type). */
export function aggregate(positions: readonly MarketPosition[], keyOf: (p: MarketPosition) => string): Aggregate[] {
  const out = new Map<string, Aggregate>();
  for (const p of positions) {
    const key = keyOf(p);
    const a = out.get(key) ?? { key, markets: 0, stakes: 0, bets: 0, payout: 0, exposure: 0, liability: 0, tightest: null, maxPayout: 0, riskValue: 0 };
    a.markets += 1;
    a.stakes += p.stakes;
    a.bets += p.bets;
    a.payout += p.payout;
    a.exposure += p.exposure;
    a.liability += p.liability;
    if (p.market.liabilityLimit > 0 && nearerItsLimit(p, a.tightest)) a.tightest = p;
    a.maxPayout = Math.max(a.maxPayout, p.maxPayout);
    a.riskValue = Math.max(a.riskValue, p.riskValue);
    out.set(key, a);
  }
  for (const a of out.values()) a.riskValue = Math.max(a.riskValue, riskValue(a.liability, null));
  return [...out.values()];
}

export interface BookTotals {
  /** What the book pays if every open bet wins (each bet once): the potential payout. */
  payout: Cents;
  /** Sum of the markets' worst-case payouts. */
  exposure: Cents;
  /** Sum of the markets' liabilities, each at its worst outcome (the figure limits are checked against). */
  liability: Cents;
  stakes: Cents;
  /** Stake-weighted overround of markets with bets; the plain mean over all markets when none has bets. */
  margin: number;
}

export function bookTotals(positions: readonly MarketPosition[]): BookTotals {
  let payout = 0;
  let exposure = 0;
  let liability = 0;
  let stakes = 0;
  let weighted = 0;
  for (const p of positions) {
    payout += p.payout;
    exposure += p.exposure;
    liability += p.liability;
    stakes += p.stakes;
    weighted += p.margin * p.stakes;
  }
  const priced = positions.filter((p) => p.market.outcomes.length >= 2);
  const margin =
    stakes > 0
      ? round2(weighted / stakes)
      : priced.length > 0
        ? round2(priced.reduce((s, p) => s + p.margin, 0) / priced.length)
        : 0;
  return { payout, exposure, liability, stakes, margin };
}

/** Stake shares of each outcome of a market, percent (2 decimals); all 0 with no stakes. */
export function publicPercentages(p: Position): Map<string, number> {
  const total = p.outcomes.reduce((s, o) => s + o.stakes, 0);
  return new Map(p.outcomes.map((o) => [o.outcomeId, total > 0 ? round2((100 * o.stakes) / total) : 0]));
}

/**
 * The book at an earlier moment: the bets that were open then (placed at or before `at`, not
 * settled before it), with their legs taken as pending. Used to replay exposure and liability
 * (liabilityFromBets) over time.
 */
export function openAt<T extends BookBet & { settledAt: Date | null }>(bets: readonly T[], at: Date): BookBet[] {
  const t = at.getTime();
  return bets
    .filter((b) => b.placedAt.getTime() <= t && (b.settledAt === null || b.settledAt.getTime() > t))
    .map((b) => ({ ...b, legs: b.legs.map((l) => ({ ...l, result: b.settledAt === null ? l.result : ("pending" as const) })) }));
}

export interface EventLimitFigure {
  eventId: string;
  eventName: string;
  /** The sum over the event's markets of each market's worst outcome liability. */
  liability: Cents;
  limit: Cents;
  /** liability / limit, percent (2 decimals). */
  limitUsage: number;
}

/**
 * Each event's liability against its own limit: the one function the desk, the risk tab and the
 * dashboard read, and the sum the placement write keeps as the event's running total (a market
 * missing from `positions` holds no liability, so the sums agree). Events without a limit are left out.
 */
export function eventLimitFigures(positions: readonly MarketPosition[]): Map<string, EventLimitFigure> {
  const out = new Map<string, EventLimitFigure>();
  for (const p of positions) {
    const limit = p.market.eventLiabilityLimit;
    if (limit === undefined) continue;
    const f = out.get(p.market.eventId) ?? { eventId: p.market.eventId, eventName: p.market.eventName, liability: 0, limit, limitUsage: 0 };
    f.liability += p.liability;
    f.limitUsage = limit > 0 ? round2((100 * f.liability) / limit) : 0;
    out.set(p.market.eventId, f);
  }
  return out;
}

/** The event nearest its limit (highest usage, then largest liability), or null. */
export function tightestEvent(figures: ReadonlyMap<string, EventLimitFigure>): EventLimitFigure | null {
  let best: EventLimitFigure | null = null;
  for (const f of figures.values())
    if (f.liability > 0 && (best === null || f.limitUsage > best.limitUsage || (f.limitUsage === best.limitUsage && f.liability > best.liability))) best = f;
  return best;
}
