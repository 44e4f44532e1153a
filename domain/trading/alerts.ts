/**
 * The trading alerts: the engine (domain/risk/alerts.ts) runs over the current book and the last
 * 10 minutes of price history whenever the desk reads its figures (alerts list, overview, risk
 * metrics) and after a trader moves a price; one open alert is kept per subject and level, and
 * open alerts clear (resolved by "system") when their level is no longer reached or their event
 * finishes or settles (domain/risk/alerts.ts). Traders and admins acknowledge them (audited).
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { type TradingAlertRecord } from "../ports/index.ts";
import { bookSnapshot } from "../risk/book.ts";
import { aggregate } from "../risk/liability.ts";
import { alertsToResolve, bankrollOf, exposureAlerts, liabilityAlerts, steamAlerts } from "../risk/alerts.ts";
import { detectSteam, STEAM_LOOKBACK_MS } from "../risk/steam.ts";

export const TRADERS = ["admin", "trader"] as const;

/** Run the engine now; returns how many new alerts were stored. */
export async function scanAlerts(ctx: Ctx): Promise<number> {
  const risk = ctx.ports.risk;
  const trading = ctx.ports.trading;
  const now = ctx.clock.now();
  const [{ markets, positions }, house, base, moves] = await Promise.all([
    bookSnapshot(risk),
    risk.houseBalance(),
    risk.bankrollBase(),
    risk.priceMoves(new Date(now.getTime() - STEAM_LOOKBACK_MS)),
  ]);
  const names = new Map(markets.map((m) => [m.eventId, m.eventName]));
  const events = aggregate(positions, (p) => p.market.eventId).map((a) => ({
    eventId: a.key,
    eventName: names.get(a.key) ?? a.key,
    exposure: a.exposure,
  }));
  // Events still running: in the book and not finished. Alerts on any other event clear.
  const running = new Set(markets.filter((m) => m.eventStatus !== "finished").map((m) => m.eventId));
  const candidates = [
    ...liabilityAlerts(positions),
    ...exposureAlerts(events, bankrollOf(house, base)),
    ...steamAlerts(detectSteam(moves, now), new Map(markets.map((m) => [m.id, m]))),
  ].filter((c) => c.eventId === null || running.has(c.eventId));
  const open = await trading.openAlerts();
  await trading.resolveAlerts(alertsToResolve(open, candidates, running), "system", now);
  if (candidates.length === 0) return 0;
  return trading.raiseAlerts(candidates.map((c) => ({ ...c, id: ctx.ids.next("alr"), createdAt: now })));
}

/**
 * The number every screen shows as "Active alerts" (the desk, the risk tab): the engine run now,
 * then its open alerts counted. One function, so two screens read one engine the same way.
 */
export async function activeAlertCount(ctx: Ctx): Promise<number> {
  await scanAlerts(ctx);
  return ctx.ports.trading.activeAlertCount();
}

export async function listAlerts(
  ctx: Ctx,
  filter: { status: "active" | "acknowledged" | "all"; limit: number },
): Promise<Result<TradingAlertRecord[]>> {
  const who = requireRole(ctx.actor, TRADERS, "read trading alerts");
  if (!who.ok) return who;
  await scanAlerts(ctx);
  return ok(await ctx.ports.trading.listAlerts(filter));
}

export async function acknowledgeAlert(ctx: Ctx, alertId: string): Promise<Result<TradingAlertRecord>> {
  const who = requireRole(ctx.actor, TRADERS, "acknowledge trading alerts");
  if (!who.ok) return who;
  const actor = who.value;
  const trading = ctx.ports.trading;
  const alert = await trading.findAlert(alertId);
  if (!alert) return err(domainError("ALERT.NOT_FOUND", "No alert with that id"));
  if (alert.acknowledgedAt) return err(domainError("ALERT.ALREADY_ACKNOWLEDGED", "This alert has already been acknowledged"));
  const now = ctx.clock.now();
  const done = await trading.acknowledgeAlert(
    { alertId, by: actor.id, at: now },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: "alert.acknowledge",
      entityType: "trading_alert",
      entityId: alertId,
      before: { acknowledged: false },
      after: { acknowledged: true, type: alert.type, message: alert.message },
      createdAt: now,
    },
  );
  if (!done) return err(domainError("ALERT.ALREADY_ACKNOWLEDGED", "This alert has already been acknowledged"));
  return ok((await trading.findAlert(alertId))!);
}
