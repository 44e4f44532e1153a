/** Domain records to the JSON shapes of api/schemas. */
import { settlementTerms, termsChanged } from "../domain/settlement/final-field-terms.ts";
import { formatOdds } from "../domain/shared/odds.ts";
import { betRiskProfile } from "../domain/risk/bet-risk.ts";
import type { BetRecord, EventView, MarketStatus, MarketView, User } from "../domain/shared/types.ts";
import { displayClock } from "../domain/pricing/index.ts";
import type { Event, LiveOddsItem } from "./schemas/events.ts";
import type { AdminBet, Bet } from "./schemas/bets.ts";
import type { CurrentUser } from "./schemas/auth.ts";
import type { UserSettings } from "../domain/accounts/settings.ts";
import type { PaymentRecord } from "../domain/ports/payments.ts";
import type { CustomerPayment } from "./schemas/wallet.ts";

export const presentUser = (u: User, balance: number, settings: UserSettings): CurrentUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  isDemoUser: u.isDemo,
  isActive: u.isActive,
  verificationLevel: u.verificationLevel,
  balance,
  settings: { ...settings },
});

/**
 * Whether an event takes no bets now: suspended after a score change or while a race runs, or a
 * pre-match event past its start that the feed has not turned live (past-post).
 */
export const isSuspended = (e: EventView, now: Date): boolean =>
  (!!e.suspendedUntil && e.suspendedUntil.getTime() > now.getTime()) || (e.status === "upcoming" && e.startTime.getTime() <= now.getTime());

/** A race re-formed after a non-runner is suspended until it reopens (markets.reformed_at). */
const reforming = (m: MarketView, now: Date): boolean => !!m.reformedAt && m.reformedAt.getTime() >= now.getTime();

/** The market's status as a customer meets it: an open market of a suspended event, or of a race being re-formed, is suspended. */
const statusAt = (e: EventView, m: MarketView, now: Date): MarketStatus =>
  m.status === "open" && (isSuspended(e, now) || reforming(m, now)) ? "suspended" : m.status;

/**
 * The outcomes a customer is shown: an open or suspended market leaves out the outcomes the match
 * has decided (a correct score that can no longer happen); a closed market shows them all with their result.
 */
const shownOutcomes = (m: MarketView) =>
  // A withdrawn runner stays on the race card, marked withdrawn (Rule 4), with no price to take.
  (m.status === "closed" ? m.outcomes : m.outcomes.filter((o) => !o.result || o.withdrawn)).map((o) => ({
    id: o.id,
    name: o.name,
    odds: formatOdds(o.priceMilli),
    ...(o.result ? { result: o.result } : {}),
    ...(o.withdrawn ? { withdrawn: true } : {}),
  }));

export const presentEvent = (e: EventView, now: Date, inPlayDelayMs = 0): Event => ({
  id: e.id,
  sport: e.sport,
  sportName: e.sportName,
  league: e.league,
  homeTeam: e.homeTeam,
  awayTeam: e.awayTeam,
  name: e.name,
  description: e.description,
  startTime: e.startTime.toISOString(),
  status: e.status,
  minute: e.minute,
  homeScore: e.homeScore,
  awayScore: e.awayScore,
  featured: e.featured,
  clock: e.state ? displayClock(e.state) : null,
  suspended: isSuspended(e, now),
  inPlayDelaySeconds: e.status === "live" ? Math.ceil(inPlayDelayMs / 1000) : 0,
  markets: e.markets.map((m) => ({
    id: m.id,
    type: m.type,
    name: m.name,
    status: statusAt(e, m, now),
    ...(m.status === "suspended" && m.suspendedReason ? { suspendedReason: m.suspendedReason } : {}),
    line: m.line ?? null,
    ...(m.eachWay ? { eachWay: m.eachWay } : {}),
    ...(m.status === "open" && reforming(m, now) ? { reopensAt: m.reformedAt!.toISOString() } : {}),
    outcomes: shownOutcomes(m),
  })),
});

/** A live-odds item: the event with its match-winner market as home / draw / away prices. */
export function presentLiveOdds(e: EventView, volume: number, now: Date): LiveOddsItem | null {
  const market = e.markets.find((m) => m.type === "full_time_result");
  if (!market || market.outcomes.length < 2) return null;
  const outs = market.outcomes;
  const byCode = (code: string) => outs.find((o) => o.code === code);
  const home = byCode("home") ?? outs[0];
  const away = byCode("away") ?? outs[outs.length - 1];
  const draw = byCode("draw") ?? (outs.length === 3 && !outs.some((o) => o.code) ? outs[1] : undefined);
  const lastUpdate = Math.max(e.updatedAt.getTime(), ...outs.map((o) => o.updatedAt.getTime()));
  return {
    id: e.id,
    sport: e.sport,
    sportName: e.sportName,
    league: e.league,
    homeTeam: e.homeTeam,
    awayTeam: e.awayTeam,
    name: e.name,
    startTime: e.startTime.toISOString(),
    status: e.status,
    minute: e.minute,
    homeScore: e.homeScore,
    awayScore: e.awayScore,
    volume,
    lastUpdate: new Date(lastUpdate).toISOString(),
    marketId: market.id,
    marketName: market.name,
    marketStatus: statusAt(e, market, now),
    ...(market.status === "suspended" && market.suspendedReason ? { marketSuspendedReason: market.suspendedReason } : {}),
    clock: e.state ? displayClock(e.state) : null,
    suspended: isSuspended(e, now),
    odds: {
      home: formatOdds(home.priceMilli),
      draw: draw ? formatOdds(draw.priceMilli) : null,
      away: formatOdds(away.priceMilli),
    },
    outcomes: shownOutcomes(market),
  };
}

export const presentBet = (b: BetRecord): Bet => ({
  id: b.id,
  betType: b.betType,
  stake: b.stake,
  totalOdds: formatOdds(b.totalOddsMilli),
  potentialReturn: b.potentialReturn,
  actualReturn: b.actualReturn,
  status: b.status,
  placedAt: b.placedAt.toISOString(),
  settledAt: b.settledAt ? b.settledAt.toISOString() : null,
  legs: b.legs.map((l) => ({
    id: l.id,
    eventId: l.eventId,
    eventName: l.eventName,
    marketName: l.marketName,
    selectionName: l.selectionName,
    odds: formatOdds(l.oddsMilli),
    result: l.result,
    ...(l.withdrawn ? { withdrawn: true } : {}),
    ...(l.rule4 ? { rule4: l.rule4 } : {}),
  })),
  ...(b.eachWay ? { eachWay: { ...b.eachWay, unitStake: b.stake / 2, ...settledOnOf(b) } } : {}),
  ...(b.rule4 ? { rule4: { deduction: b.rule4 } } : {}),
});

/** An each-way bet whose race lost runners after it was struck into a lower band: the terms it is settled on (final-field-terms.ts). */
function settledOnOf(b: BetRecord) {
  if (!b.eachWay || !b.eachWayField) return {};
  const t = settlementTerms(b.eachWay, b.eachWayField.atStrike, b.eachWayField.atOff);
  return termsChanged(b.eachWay, t) ? { settledOn: { fractionNum: t.fractionNum, fractionDen: t.fractionDen, places: t.places, runners: b.eachWayField.atOff } } : {};
}

export function presentAdminBet(b: BetRecord & { customer: { firstName: string; lastName: string; email: string; isDemo?: boolean } }): AdminBet {
  const single = b.legs.length === 1;
  return {
    ...presentBet(b),
    userId: b.userId,
    demo: b.customer.isDemo === true,
    customerName: `${b.customer.firstName} ${b.customer.lastName}`.trim(),
    customerEmail: b.customer.email,
    amount: b.stake,
    odds: formatOdds(b.totalOddsMilli),
    eventName: single ? b.legs[0].eventName : `Multiple (${b.legs.length} legs)`,
    marketName: single ? b.legs[0].marketName : "Multi",
    selectionName: single ? b.legs[0].selectionName : b.legs.map((l) => l.selectionName).join(" + "),
    riskProfile: betRiskProfile(b.stake, b.potentialReturn),
  };
}

export const presentCustomerPayment = (p: PaymentRecord & { stateLabel: string }): CustomerPayment => ({
  id: p.id,
  direction: p.direction,
  method: p.method,
  amount: p.amount,
  fee: p.fee,
  bonus: p.bonus,
  state: p.state,
  stateLabel: p.stateLabel,
  providerReference: p.providerReference,
  failureReason: p.failureReason,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
