/**
 * adjustOdds: set an outcome's price or move it one tick, as a trader. The write is a compare and
 * set on the price the trader's decision was based on (the demo feed moves live prices too): if
 * the price moved meanwhile, a tick is recomputed from the new price and retried (up to 3 times);
 * a set price is retried as is. Audited in the same write; the price history trigger keeps the
 * old and new price. Suspended markets can be re-priced; closed markets cannot.
 */
import { requireSharedWithinReach } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { formatOdds, parseOdds } from "../shared/odds.ts";
import { tickPrice } from "./odds.ts";
import { scanAlerts, TRADERS } from "./alerts.ts";
import { checkBook, type PriceConfirmation } from "./price-sanity.ts";

export type AdjustOddsInput = ({ outcomeId: string; odds: string } | { outcomeId: string; direction: "up" | "down" }) & {
  /** Needed when the new price takes the market's book outside the price-sanity range; audited. */
  confirm?: PriceConfirmation;
};

export interface AdjustedOutcome {
  id: string;
  name: string;
  priceMilli: number;
  previousMilli: number;
  marketId: string;
  eventId: string;
  updatedAt: Date;
}

export async function adjustOdds(ctx: Ctx, input: AdjustOddsInput): Promise<Result<AdjustedOutcome>> {
  const who = requireRole(ctx.actor, TRADERS, "adjust odds");
  if (!who.ok) return who;
  const actor = who.value;
  const trading = ctx.ports.trading;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [o] = await ctx.ports.events.pricedOutcomes([input.outcomeId]);
    if (!o) return err(domainError("MARKET.OUTCOME_NOT_FOUND", "No outcome with that id"));
    if (attempt === 0) {
      const shared = await requireSharedWithinReach(ctx, { marketId: o.marketId });
      if (!shared.ok) return shared;
    }
    if (o.marketStatus === "closed" || o.eventStatus === "finished")
      return err(domainError("MARKET.CLOSED", `The ${o.marketName} market is closed; its prices can no longer change`));
    let target: number | null;
    if ("odds" in input) {
      target = parseOdds(input.odds);
      if (target === null) return err(domainError("ODDS.OUT_OF_RANGE", "Odds must be between 1.01 and 1000"));
    } else {
      target = tickPrice(o.priceMilli, input.direction);
      if (target === null)
        return err(
          domainError(
            "ODDS.OUT_OF_RANGE",
            input.direction === "down" ? "1.01 is the lowest price an outcome can have" : "1000.00 is the highest price an outcome can have",
          ),
        );
    }
    if (target === o.priceMilli) return err(domainError("ODDS.UNCHANGED", `${o.outcomeName} is already at ${formatOdds(target)}`));
    // The market's book with the new price, over its open outcomes (no result yet).
    const market = await ctx.ports.markets.findById(o.marketId);
    const open = (market?.outcomes ?? []).filter((x) => !x.result);
    const sanity = checkBook(
      open.map((x) => (x.id === o.outcomeId ? target : x.priceMilli)),
      input.confirm,
    );
    if (!sanity.ok) return sanity;
    const now = ctx.clock.now();
    const written = await trading.setPrice(
      { outcomeId: o.outcomeId, fromMilli: o.priceMilli, toMilli: target, at: now },
      {
        id: ctx.ids.next("aud"),
        actorId: actor.id,
        actorRole: actor.role,
        action: "odds.adjust",
        entityType: "outcome",
        entityId: o.outcomeId,
        before: { odds: formatOdds(o.priceMilli) },
        after: {
          odds: formatOdds(target),
          ...("direction" in input ? { direction: input.direction } : {}),
          marketId: o.marketId,
          overround: sanity.value.overround,
          ...(sanity.value.confirmedReason ? { overroundConfirmedReason: sanity.value.confirmedReason } : {}),
        },
        createdAt: now,
      },
    );
    if (written === "closed")
      return err(domainError("MARKET.CLOSED", `The ${o.marketName} market is closed; its prices can no longer change`));
    if (written === "moved") continue;
    await scanAlerts(ctx);
    return ok({
      id: o.outcomeId,
      name: o.outcomeName,
      priceMilli: target,
      previousMilli: o.priceMilli,
      marketId: o.marketId,
      eventId: o.eventId,
      updatedAt: now,
    });
  }
  return err(domainError("ODDS.MOVED", "The price kept moving while you adjusted it; try again"));
}
