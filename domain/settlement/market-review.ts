/**
 * Markets under review: unsettling a market (correct-market.ts unsettleMarket) withdraws a disputed
 * result and holds the market, so the results job (settle-decided.ts) and bulk settlement leave it
 * alone. It leaves review in one of two ways, both audited:
 *   - an operator gives it a result: resettle it (correct-market.ts resettleMarket) or settle it
 *     (settle-market.ts); recording a result by a person ends the review in the same write;
 *   - an operator releases it back to automatic settlement: the hold goes, and if the match state
 *     has decided every outcome the system settles it from them at once (as the results job would).
 * The database keeps the hold against the system settler whatever it read (migration 0046).
 */
import { requireSharedWithinReach } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { MarketRecord, MarketUnderReview } from "../ports/index.ts";
import { settleDecidedMarkets } from "./settle-decided.ts";

export async function marketsUnderReview(ctx: Ctx): Promise<Result<MarketUnderReview[]>> {
  const who = requireRole(ctx.actor, ["admin"], "see markets under review");
  if (!who.ok) return who;
  return ok(await ctx.ports.markets.underReview(500));
}

export interface ReleasedMarket {
  market: MarketRecord;
  /** The system settled it from its decided outcomes right away. */
  settled: boolean;
}

export async function releaseMarket(ctx: Ctx, marketId: string, input: { reason: string }): Promise<Result<ReleasedMarket>> {
  const who = requireRole(ctx.actor, ["admin"], "release markets under review");
  if (!who.ok) return who;
  const actor = who.value;
  const markets = ctx.ports.markets;
  const market = await markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  const shared = await requireSharedWithinReach(ctx, { marketId });
  if (!shared.ok) return shared;
  const notUnderReview = () => err(domainError("MARKET.NOT_UNDER_REVIEW", `The ${market.name} market is not under review`));
  if (!market.underReview) return notUnderReview();
  const now = ctx.clock.now();
  const released = await markets.releaseReview(marketId, {
    id: ctx.ids.next("aud"),
    actorId: actor.id,
    actorRole: actor.role,
    action: "market.release",
    entityType: "market",
    entityId: marketId,
    before: { underReview: { since: market.underReview.since.toISOString(), by: market.underReview.by, reason: market.underReview.reason } },
    after: { underReview: null, reason: input.reason.trim() },
    createdAt: now,
  });
  if (released === "not_under_review") return notUnderReview();
  // Back to automatic settlement: what the results job would do on its next pass, done now.
  await settleDecidedMarkets(ctx, { eventId: market.eventId });
  const fresh = (await markets.findById(marketId))!;
  return ok({ market: fresh, settled: fresh.resultKind !== null });
}
