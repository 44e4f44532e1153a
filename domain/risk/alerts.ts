/**
 * The trading alerts engine: turns the book and the price history into alerts.
 *
 * Rules:
 * - liability_limit: a market whose liability (see liability.ts) is over its limit. Critical.
 * - exposure: an event whose exposure (the sum of its markets' worst-case payouts) is over 3 % of
 *   the house bankroll. Warning; critical at twice that. The bankroll is the house ledger
 *   account's balance plus a configured base (risk_settings.bankroll_base), never below 0.
 * - steam_move: a steam move (steam.ts) on an outcome. Info; warning at 10 % or more.
 *
 * Each candidate carries a dedupe key; the store keeps one alert per key, so running the engine
 * again raises nothing new until the situation changes:
 * - liability: market, limit and how many times over the limit (floor(liability / limit)), so a
 *   lowered limit or a liability that doubles raises a new alert;
 * - exposure: event and floor(exposure / threshold);
 * - steam: the outcome and the run's first move (a run that keeps growing is one alert).
 */
import type { Cents } from "../shared/money.ts";
import { formatOdds } from "../shared/odds.ts";
import { formatAmount } from "./format.ts";
import type { MarketPosition } from "./liability.ts";
import type { SteamMove } from "./steam.ts";

export const EXPOSURE_ALERT_PERCENT = 3;

export type AlertType = "liability_limit" | "exposure" | "steam_move";
export type AlertSeverity = "info" | "warning" | "critical";

export interface AlertCandidate {
  key: string;
  type: AlertType;
  severity: AlertSeverity;
  message: string;
  eventId: string | null;
  eventName: string | null;
  marketId: string | null;
}

export const bankrollOf = (houseBalance: Cents, base: Cents): Cents => Math.max(0, houseBalance + base);
export const exposureThreshold = (bankroll: Cents): Cents => Math.floor((bankroll * EXPOSURE_ALERT_PERCENT) / 100);

export function liabilityAlerts(positions: readonly MarketPosition[]): AlertCandidate[] {
  return positions
    .filter((p) => p.market.liabilityLimit > 0 && p.liability > p.market.liabilityLimit)
    .map((p) => ({
      key: `liability_limit:${p.market.id}:${p.market.liabilityLimit}:${Math.floor(p.liability / p.market.liabilityLimit)}`,
      type: "liability_limit" as const,
      severity: "critical" as const,
      message: `Liability on ${p.market.name} (${p.market.eventName}) is ${formatAmount(p.liability)}, over its limit of ${formatAmount(p.market.liabilityLimit)}`,
      eventId: p.market.eventId,
      eventName: p.market.eventName,
      marketId: p.market.id,
    }));
}

export function exposureAlerts(
  events: readonly { eventId: string; eventName: string; exposure: Cents }[],
  bankroll: Cents,
): AlertCandidate[] {
  const threshold = exposureThreshold(bankroll);
  if (threshold <= 0) return [];
  return events
    .filter((e) => e.exposure > threshold)
    .map((e) => ({
      key: `exposure:${e.eventId}:${Math.floor(e.exposure / threshold)}`,
      type: "exposure" as const,
      severity: e.exposure > 2 * threshold ? ("critical" as const) : ("warning" as const),
      message: `Exposure on ${e.eventName} is ${formatAmount(e.exposure)}, over ${EXPOSURE_ALERT_PERCENT}% of the bankroll (${formatAmount(threshold)} of ${formatAmount(bankroll)})`,
      eventId: e.eventId,
      eventName: e.eventName,
      marketId: null,
    }));
}

export function steamAlerts(
  steams: readonly SteamMove[],
  markets: ReadonlyMap<string, { eventId: string; eventName: string; name: string; outcomes: readonly { id: string; name: string }[] }>,
): AlertCandidate[] {
  return steams.flatMap((s) => {
    const m = markets.get(s.marketId);
    if (!m) return [];
    const outcome = m.outcomes.find((o) => o.id === s.outcomeId)?.name ?? s.outcomeId;
    return [
      {
        key: `steam_move:${s.outcomeId}:${s.firstMoveId}`,
        type: "steam_move" as const,
        severity: s.changePercent >= 10 ? ("warning" as const) : ("info" as const),
        message: `Steam move: ${outcome} (${m.name}) ${s.direction} from ${formatOdds(s.fromMilli)} to ${formatOdds(s.toMilli)} in ${s.moves} moves (${s.changePercent}%)`,
        eventId: m.eventId,
        eventName: m.eventName,
        marketId: s.marketId,
      },
    ];
  });
}
