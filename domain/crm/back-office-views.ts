/** Payments and live in-play views for admins, from the ledger and the events table. */
import { reachOf } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import type { EventView } from "../shared/types.ts";
import type { LedgerPaymentRecord } from "../ports/index.ts";
import { paymentsSummary, type PaymentsSummaryView } from "./payments.ts";

export const PAYMENT_KINDS: LedgerPaymentRecord["kind"][] = ["deposit", "withdrawal", "deposit_bonus", "adjustment"];

export async function paymentsOverview(ctx: Ctx): Promise<Result<PaymentsSummaryView>> {
  const who = requireRole(ctx.actor, ["admin"], "see payments");
  if (!who.ok) return who;
  const [records, walletTotal] = await Promise.all([
    // The book's money: real customers' payments, whoever asks (a figure names nobody).
    ctx.ports.ledgerPayments.payments({ kinds: PAYMENT_KINDS, limit: 1_000_000, reach: "real" }),
    ctx.ports.ledgerPayments.walletTotal(),
  ]);
  return ok(paymentsSummary(records, walletTotal, ctx.clock.now()));
}

export async function paymentTransactions(
  ctx: Ctx,
  q: { type: LedgerPaymentRecord["kind"] | "all"; userId?: string; limit: number },
): Promise<Result<LedgerPaymentRecord[]>> {
  const who = requireRole(ctx.actor, ["admin"], "see payments");
  if (!who.ok) return who;
  const reach = reachOf(ctx.actor);
  return ok(await ctx.ports.ledgerPayments.payments({ kinds: q.type === "all" ? PAYMENT_KINDS : [q.type], userId: q.userId, limit: q.limit, reach }));
}

/** A live event with its real volume (sum of stakes) and how many bets arrived in the last 10 minutes. */
export interface LiveMatchView {
  event: EventView;
  volume: number;
  betCount: number;
  recentBets: number;
}

/** At least this many bets in the last 10 minutes marks a match 'High Activity'. */
export const HIGH_ACTIVITY_BETS = 5;

export async function liveInPlay(ctx: Ctx): Promise<Result<LiveMatchView[]>> {
  const who = requireRole(ctx.actor, ["admin"], "manage live in-play");
  if (!who.ok) return who;
  const events = await ctx.ports.events.list({ status: "live", limit: 100 });
  const ids = events.map((e) => e.id);
  const now = ctx.clock.now();
  const [volumes, recent, total] = await Promise.all([
    ctx.ports.events.volumes(ids),
    ctx.ports.reports.recentBetCounts(ids, new Date(now.getTime() - 10 * 60_000)),
    ctx.ports.reports.recentBetCounts(ids, new Date(0)),
  ]);
  return ok(
    events.map((e) => ({ event: e, volume: volumes.get(e.id) ?? 0, betCount: total.get(e.id) ?? 0, recentBets: recent.get(e.id) ?? 0 })),
  );
}
