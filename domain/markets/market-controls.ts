/**
 * Market controls for admins and traders: the per-market liability limit, suspending a market (it
 * takes no bets: the placement guard accepts legs only on open markets) and reopening it (not one
 * the feed holds down as "price too short": MARKET.PRICE_TOO_SHORT), and the bets on a market.
 * Every change is audited in the same write.
 */
import { reachOf, requireSharedWithinReach } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { type MarketRecord } from "../ports/index.ts";
import type { BetRecord, MarketStatus } from "../shared/types.ts";
import { MARKET_MAKERS } from "./create-market.ts";
import { formatMoney } from "../shared/money.ts";
import { approvalNote, fourEyes, type ApprovalPending, type Approving } from "../approvals/four-eyes.ts";

/**
 * A limit raised above the four-eyes threshold (risk_settings approval_limit_threshold) waits for an
 * admin's approval (approvals/four-eyes.ts); lowering a limit, or raising it within the threshold,
 * applies at once.
 */
export async function setMarketLimit(ctx: Ctx, marketId: string, limit: number, approving?: Approving): Promise<Result<MarketRecord | ApprovalPending>> {
  const who = requireRole(ctx.actor, MARKET_MAKERS, "set market limits");
  if (!who.ok) return who;
  const actor = who.value;
  if (!Number.isSafeInteger(limit) || limit < 100)
    return err(domainError("REQUEST.INVALID", "The limit must be a whole number of cents, at least 100", { field: "liabilityLimit" }));
  const markets = ctx.ports.markets;
  const market = await markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  const shared = await requireSharedWithinReach(ctx, { marketId });
  if (!shared.ok) return shared;
  if (market.liabilityLimit === limit) return ok(market);
  const raising = limit > market.liabilityLimit;
  const gate = await fourEyes(ctx, actor, approving, {
    kind: "market_limit",
    subjectType: "market",
    subjectId: marketId,
    amount: raising ? limit : 0,
    threshold: "limit",
    summary: `Raise the limit of ${market.eventName} · ${market.name} from ${formatMoney(market.liabilityLimit)} to ${formatMoney(limit)}`,
    input: { liabilityLimit: limit },
    against: { liabilityLimit: market.liabilityLimit },
  });
  if (!gate.ok) return gate;
  if (!gate.value.apply) return ok(gate.value.pending);
  const claim = gate.value.claim;
  const now = ctx.clock.now();
  const done = await markets.setLimit(
    { marketId, limit, at: now, approval: claim },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: "market.limit",
      entityType: "market",
      entityId: marketId,
      before: { liabilityLimit: market.liabilityLimit },
      after: { liabilityLimit: limit, ...approvalNote(claim, approving) },
      createdAt: now,
    },
  );
  if (done === "approval_decided") return err(domainError("APPROVAL.ALREADY_DECIDED", "This request was decided by someone else meanwhile"));
  if (done === "not_found") return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  return ok((await markets.findById(marketId))!);
}

async function moveMarket(ctx: Ctx, marketId: string, from: MarketStatus, to: MarketStatus, verb: string): Promise<Result<MarketRecord>> {
  const who = requireRole(ctx.actor, MARKET_MAKERS, `${verb} markets`);
  if (!who.ok) return who;
  const actor = who.value;
  const markets = ctx.ports.markets;
  const market = await markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  if (market.status !== from)
    return err(domainError("MARKET.INVALID_TRANSITION", `The ${market.name} market is ${market.status}; only ${from} markets can be ${to === "open" ? "reopened" : to}`));
  // The feed took it down because a price would be 1.02 or shorter: reopening it by hand would
  // offer its last prices, which the match has left behind. It reopens when the price lengthens.
  if (to === "open" && market.suspendedReason === "price_too_short")
    return err(domainError("MARKET.PRICE_TOO_SHORT", `The ${market.name} market is suspended because its price is too short; it reopens by itself when the price lengthens`));
  const now = ctx.clock.now();
  const done = await markets.changeStatus(
    { marketId, from, to, at: now },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: to === "suspended" ? "market.suspend" : "market.reopen",
      entityType: "market",
      entityId: marketId,
      before: { status: from },
      after: { status: to },
      createdAt: now,
    },
  );
  if (!done) return err(domainError("MARKET.INVALID_TRANSITION", `The ${market.name} market changed meanwhile; reload and try again`));
  return ok((await markets.findById(marketId))!);
}

export const suspendMarket = (ctx: Ctx, marketId: string) => moveMarket(ctx, marketId, "open", "suspended", "suspend");
export const reopenMarket = (ctx: Ctx, marketId: string) => moveMarket(ctx, marketId, "suspended", "open", "reopen");

export async function marketBets(
  ctx: Ctx,
  marketId: string,
  limit: number,
): Promise<Result<(BetRecord & { customer: { firstName: string; lastName: string; email: string } })[]>> {
  const who = requireRole(ctx.actor, MARKET_MAKERS, "see the bets on a market");
  if (!who.ok) return who;
  const markets = ctx.ports.markets;
  const market = await markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  return ok(await markets.betsOn(marketId, limit, reachOf(ctx.actor)));
}

export async function getMarket(ctx: Ctx, marketId: string): Promise<Result<MarketRecord>> {
  const who = requireRole(ctx.actor, MARKET_MAKERS, "see markets");
  if (!who.ok) return who;
  const market = await ctx.ports.markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  return ok(market);
}
