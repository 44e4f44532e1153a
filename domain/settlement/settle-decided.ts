/**
 * Settling what the match decided: a market whose every outcome has a result (the feed's match
 * state, or an operator's score, decided them: domain/pricing gradeMarket) is settled by the system
 * through the same path as an admin's settlement by market (settle-market.ts): the result is
 * recorded once, every pending bet on it is graded, singles and finished multiples are paid through
 * the ledger, multiples waiting on other legs keep the leg result. Run by the results job every few
 * seconds and right after an operator's score (update-event.ts); running it twice settles nothing twice.
 */
import type { SystemCtx } from "../shared/context.ts";
import { type MarketRecord } from "../ports/index.ts";
import type { MarketResult } from "./market-result.ts";
import { applyMarketResult } from "./settle-market.ts";
import { SYSTEM_SETTLER } from "./settler.ts";

/**
 * The market result the outcomes' results make: one winner (the rest lost), void (all void), or no
 * winner (all lost: a correct-score market without "Any other" whose score is not listed).
 * Null for anything else (a dead heat, several winners): that needs an operator.
 */
export function marketResultFromOutcomes(outcomes: MarketRecord["outcomes"]): MarketResult | null {
  if (outcomes.length === 0 || outcomes.some((o) => !o.result)) return null;
  if (outcomes.every((o) => o.result === "void")) return { kind: "void" };
  if (outcomes.every((o) => o.result === "lost")) return { kind: "no_winner" };
  const won = outcomes.filter((o) => o.result === "won");
  if (won.length === 1 && outcomes.every((o) => o.result === "won" || o.result === "lost")) return { kind: "winner", winningOutcomeId: won[0].id };
  return null;
}

export interface DecidedSettlement {
  markets: number;
  settled: number;
  paid: number;
  /** Markets decided in a way one result cannot express (left for an operator). */
  needsOperator: string[];
}

export async function settleDecidedMarkets(ctx: SystemCtx, opts: { limit?: number; eventId?: string } = {}): Promise<DecidedSettlement> {
  const markets = ctx.ports.markets;
  const out: DecidedSettlement = { markets: 0, settled: 0, paid: 0, needsOperator: [] };
  for (const id of await markets.decidedUnsettled(opts.limit ?? 100)) {
    const market = await markets.findById(id);
    if (!market || market.resultKind !== null || (opts.eventId && market.eventId !== opts.eventId)) continue;
    const result = marketResultFromOutcomes(market.outcomes);
    if (!result) {
      out.needsOperator.push(id);
      continue;
    }
    const done = await applyMarketResult(ctx, SYSTEM_SETTLER, market, result);
    if (!done.ok) continue;
    out.markets += 1;
    out.settled += done.value.settled;
    out.paid += done.value.paid;
  }
  return out;
}
