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
 * De-duplication and clearing (domain/trading/alerts.ts): each liability and exposure candidate has
 * a subject (liability_limit:<market>, exposure:<event>) and a level (how many times over:
 * floor(liability / limit), floor(exposure / threshold)); the key is subject + level, and the store
 * keeps one OPEN alert per key, so growing exposure raises nothing new until it crosses a higher
 * level. An open alert clears (resolved by "system") when its subject's level falls below its own
 * or its event finishes or settles. Steam: the outcome and the run's first move (a run that keeps
 * growing is one alert); it clears when its event finishes.
 */
import type { Cents } from "../shared/money.ts";
import { formatOdds } from "../shared/odds.ts";
import { formatMoney } from "../shared/money.ts";
import type { MarketPosition } from "./liability.ts";
import type { SteamMove } from "./steam.ts";

export const EXPOSURE_ALERT_PERCENT = 3;

export type AlertType = "liability_limit" | "exposure" | "steam_move";
export type AlertSeverity = "info" | "warning" | "critical";

export interface AlertCandidate {
  key: string;
  /** What the alert is about, for de-duplication and clearing; null for steam moves. */
  subject: string | null;
  level: number;
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
      key: `liability_limit:${p.market.id}:L${Math.floor(p.liability / p.market.liabilityLimit)}`,
      subject: `liability_limit:${p.market.id}`,
      level: Math.floor(p.liability / p.market.liabilityLimit),
      type: "liability_limit" as const,
      severity: "critical" as const,
      message: `Liability on ${p.market.name} (${p.market.eventName}) is ${formatMoney(p.liability)}, over its limit of ${formatMoney(p.market.liabilityLimit)}`,
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
      key: `exposure:${e.eventId}:L${Math.floor(e.exposure / threshold)}`,
      subject: `exposure:${e.eventId}`,
      level: Math.floor(e.exposure / threshold),
      type: "exposure" as const,
      severity: e.exposure > 2 * threshold ? ("critical" as const) : ("warning" as const),
      message: `Exposure on ${e.eventName} is ${formatMoney(e.exposure)}, over ${EXPOSURE_ALERT_PERCENT}% of the bankroll (${formatMoney(threshold)} of ${formatMoney(bankroll)})`,
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
        subject: null,
        level: 1,
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

export interface OpenAlert {
  id: string;
  subject: string | null;
  level: number | null;
  eventId: string | null;
}

/**
 * Which open alerts clear now: those whose event is no longer running (finished, or gone from the
 * book because it settled), and those whose subject's current level is below their own (no
 * candidate for the subject at that level or higher).
 */
export function alertsToResolve(open: readonly OpenAlert[], candidates: readonly AlertCandidate[], runningEvents: ReadonlySet<string>): string[] {
  const levelOf = new Map<string, number>();
  for (const c of candidates) if (c.subject) levelOf.set(c.subject, Math.max(levelOf.get(c.subject) ?? 0, c.level));
  return open
    .filter((a) => {
      if (a.eventId !== null && !runningEvents.has(a.eventId)) return true;
      if (a.subject === null || a.level === null) return false;
      return (levelOf.get(a.subject) ?? 0) < a.level;
    })
    .map((a) => a.id);
}
