/** Domain records to the JSON shapes of api/schemas. */
import { formatOdds } from "../domain/shared/odds.ts";
import { betRiskProfile } from "../domain/risk/bet-risk.ts";
import type { BetRecord, EventView, User } from "../domain/shared/types.ts";
import type { Event, LiveOddsItem } from "./schemas/events.ts";
import type { AdminBet, Bet } from "./schemas/bets.ts";
import type { CurrentUser } from "./schemas/auth.ts";
import type { UserSettings } from "../domain/accounts/settings.ts";
import type { PaymentRecord } from "../domain/ports/wallet.ts";
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

export const presentEvent = (e: EventView): Event => ({
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
  markets: e.markets.map((m) => ({
    id: m.id,
    type: m.type,
    name: m.name,
    status: m.status,
    outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, odds: formatOdds(o.priceMilli) })),
  })),
});

/** A live-odds item: the event with its match-winner market as home / draw / away prices. */
export function presentLiveOdds(e: EventView, volume: number): LiveOddsItem | null {
  const market = e.markets.find((m) => m.type === "full_time_result");
  if (!market || market.outcomes.length < 2) return null;
  const outs = market.outcomes;
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
    marketStatus: market.status,
    odds: {
      home: formatOdds(outs[0].priceMilli),
      draw: outs.length === 3 ? formatOdds(outs[1].priceMilli) : null,
      away: formatOdds(outs[outs.length - 1].priceMilli),
    },
    outcomes: outs.map((o) => ({ id: o.id, name: o.name, odds: formatOdds(o.priceMilli) })),
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
  })),
});

export function presentAdminBet(b: BetRecord & { customer: { firstName: string; lastName: string; email: string } }): AdminBet {
  const single = b.legs.length === 1;
  return {
    ...presentBet(b),
    userId: b.userId,
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
