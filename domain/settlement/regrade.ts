/**
 * Re-grading a bet when its market's result is corrected (resettle) or withdrawn (unsettle):
 * every leg on the market takes its result from the market's new result (gradeBetForMarket, as
 * settlement by market does) or goes back to pending, and the bet is graded again from all its
 * legs (gradeBet). Returns null when nothing about the bet would change.
 */
import type { Cents } from "../shared/money.ts";
import type { BetType, DeadHeat } from "../shared/types.ts";
import { gradeBet, type LegResult } from "./grade.ts";
import { gradeBetForMarket, type MarketGradableLeg, type MarketResult } from "./market-result.ts";
import type { EachWayTerms } from "./each-way.ts";

/**
 * An each-way (or Rule 4) single: its one leg on the market is graded from the result by
 * gradeBetForMarket with its terms, exactly as settlement by market grades it (placed runners included).
 */
function regradeRacingSingle(
  bet: Parameters<typeof regradeForMarket>[0],
  marketId: string,
  result: MarketResult | null,
): Regrade | null {
  const pendingLegs = bet.legs.map((l) => ({ ...l, result: "pending" as LegResult }));
  const g = result ? gradeBetForMarket({ ...bet, legs: pendingLegs }, marketId, result) : null;
  const next: Regrade =
    g && g.kind === "settle"
      ? {
          status: g.status,
          actualReturn: g.actualReturn,
          legResults: pendingLegs.map((l) => {
            const e = g.legResults.find((x) => x.legId === l.id);
            return { legId: l.id, result: e?.result ?? "pending", deadHeat: e?.deadHeat ?? null };
          }),
        }
      : { status: "pending", actualReturn: null, legResults: pendingLegs.map((l) => ({ legId: l.id, result: "pending" as LegResult })) };
  const same = next.status === bet.status && (next.status === "pending" || next.actualReturn === bet.actualReturn) && bet.legs.every((l, i) => l.result === next.legResults[i].result);
  return same ? null : next;
}

export interface Regrade {
  status: "pending" | "won" | "lost" | "void";
  /** null when the bet is pending again. */
  actualReturn: Cents | null;
  /** Every leg; a won leg that dead-heated carries its factor (any other has none: a stale one is dropped). */
  legResults: { legId: string; result: LegResult; deadHeat?: DeadHeat | null }[];
}

/** A dead-heat factor that divides the stake (a factor of 1 is a plain win). */
const factorOf = (l: { result: LegResult; deadHeat?: DeadHeat | null }): DeadHeat | null =>
  l.result === "won" && l.deadHeat && l.deadHeat.num < l.deadHeat.den ? l.deadHeat : null;
const sameFactor = (a: DeadHeat | null, b: DeadHeat | null) => (a === null ? b === null : b !== null && a.num * b.den === b.num * a.den);

export function regradeForMarket(
  bet: {
    status: string; stake: Cents; actualReturn: Cents | null; legs: readonly MarketGradableLeg[]; betType: BetType; sgmPrices?: Readonly<Record<string, number>> | null;
    eachWay?: EachWayTerms | null; rule4?: number | null; eachWayField?: { atStrike: number; atOff: number } | null;
  },
  marketId: string,
  result: MarketResult | null,
  /** Results of the bet's other markets that are recorded: a multiple settled lost early never had those legs graded. */
  otherResults: ReadonlyMap<string, MarketResult> = new Map(),
): Regrade | null {
  if (!bet.legs.some((l) => l.marketId === marketId)) return null;
  if (bet.eachWay || bet.rule4) return regradeRacingSingle(bet, marketId, result);
  // The market's legs start again from pending with no factor: a dead heat resettled to a plain
  // result (or another dead heat) must not keep the old factor.
  let legs = bet.legs.map((l) => (l.marketId === marketId ? { ...l, result: "pending" as LegResult, deadHeat: null } : l));
  const apply = (id: string, r: MarketResult) => {
    const g = gradeBetForMarket({ stake: bet.stake, legs, betType: bet.betType, sgmPrices: bet.sgmPrices }, id, r);
    if (g.kind === "untouched") return;
    const byId = new Map(g.legResults.map((x) => [x.legId, x]));
    legs = legs.map((l) => {
      const x = byId.get(l.id);
      return x ? { ...l, result: x.result as LegResult, deadHeat: x.deadHeat ?? null } : l;
    });
  };
  if (result) apply(marketId, result);
  for (const [id, r] of otherResults) if (id !== marketId && legs.some((l) => l.marketId === id && l.result === "pending")) apply(id, r);
  const graded = gradeBet(bet.stake, legs, bet.betType, bet.sgmPrices);
  const next: Regrade = {
    status: graded.status,
    actualReturn: graded.status === "pending" ? null : graded.actualReturn,
    legResults: legs.map((l) => {
      const f = factorOf(l);
      return f ? { legId: l.id, result: l.result, deadHeat: f } : { legId: l.id, result: l.result };
    }),
  };
  const same =
    next.status === bet.status &&
    (next.status === "pending" || next.actualReturn === bet.actualReturn) &&
    bet.legs.every((l, i) => l.result === legs[i].result && sameFactor(factorOf(l), factorOf(legs[i])));
  return same ? null : next;
}
