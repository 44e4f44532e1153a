/**
 * The same game multi (bet builder) pricer: legs of one event priced together from the joint
 * distribution of the final score, never as a product of correlated legs.
 *
 * Where a joint model exists (the low-scoring sports: soccer, hockey, MLB, whose final score is an
 * exact Poisson grid in models.ts), every leg is a predicate on the final score (its outcome code
 * and the market's line, as grade.ts grades it): home/draw/away on home - away (a sport without a
 * draw settles a level finish by extra time, home's share from the rates, as price.ts does),
 * over/under on the total, handicap on home - away + line, both teams to score on both >= 1,
 * correct score "H-A" on the exact score. In play the grid starts from the current score and the
 * time left, as price.ts prices the single markets.
 *
 * Refused, in this order (a stable code each):
 * - SGM.NOT_OFFERED: no joint model covers the combination (not a low-scoring sport, no model or
 *   state, a finished match, a market kind the grid does not model, a whole-number line that can
 *   push);
 * - SGM.SAME_MARKET: two legs of one market;
 * - SGM.CONTRADICTORY_LEGS: no final score makes every leg win (joint probability 0);
 * - SGM.CORRELATED_LEGS: a correct score with any other leg (the score decides them all), or a leg
 *   that implies another (every score that wins one wins the other: over 2.5 with over 1.5).
 *
 * - BET.SGM_PRICE_TOO_LOW: the combination is priced below 1.01 (all but certain).
 *
 * The price: p = P(every leg wins) from the grid, priced as one outcome (sgm-margin.ts): 1 / p less
 * the SGM margin for the number of legs, capped at the product of the legs' offered prices, rounded
 * down on the ladder. Quote, slip, placement and the re-pricing of a void leg's remaining legs
 * (subsetPrices, stored on the bet at placement, never above the full price) all use this function.
 */
import { MIN_ODDS_MILLI, combinedOddsMilli } from "../shared/odds.ts";
import type { MarketType, MatchModel, MatchState } from "../shared/types.ts";
import { LOW_SCORING, scoreOutlook } from "./models.ts";
import { sgmPriceFromProbability } from "./sgm-margin.ts";

export interface SgmLegSpec {
  /** What identifies the leg (an outcome id at quote time, a leg id when the bet is written). */
  key: string;
  marketId: string;
  type: MarketType;
  line: number | null;
  /** The outcome's code (state.ts); null when the outcome has none. */
  code: string | null;
  /** Every outcome code of the market (a correct score's "other" is every score not listed). */
  marketCodes: readonly string[];
  /** The leg's offered price in thousandths. */
  offeredMilli: number;
  /** For messages. */
  name?: string;
}

export type SgmRefusalCode = "SGM.NOT_OFFERED" | "SGM.SAME_MARKET" | "SGM.CONTRADICTORY_LEGS" | "SGM.CORRELATED_LEGS" | "BET.SGM_PRICE_TOO_LOW";
export type SgmPrice =
  | { ok: true; oddsMilli: number; probability: number }
  | { ok: false; code: SgmRefusalCode; message: string };

type Pred = (h: number, a: number, edge: number) => boolean;

function parseScore(code: string): [number, number] | null {
  const m = /^(\d+)-(\d+)$/.exec(code);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The leg as a predicate on the final score (h, a) and home's edge after any extra time. */
function predicateOf(leg: SgmLegSpec): Pred | null {
  const c = leg.code;
  if (c === null) return null;
  const line = leg.line;
  switch (leg.type) {
    case "full_time_result":
      if (c === "home") return (_h, _a, e) => e > 0;
      if (c === "away") return (_h, _a, e) => e < 0;
      if (c === "draw") return (_h, _a, e) => e === 0;
      return null;
    case "over_under":
      if (line === null || Number.isInteger(line)) return null;
      if (c === "over") return (h, a) => h + a > line;
      if (c === "under") return (h, a) => h + a < line;
      return null;
    case "handicap":
      if (line === null || Number.isInteger(line)) return null;
      if (c === "home") return (_h, _a, e) => e + line > 0;
      if (c === "away") return (_h, _a, e) => e + line < 0;
      return null;
    case "both_teams_score":
      if (c === "yes") return (h, a) => h >= 1 && a >= 1;
      if (c === "no") return (h, a) => h < 1 || a < 1;
      return null;
    case "correct_score": {
      if (c === "other") {
        const listed = leg.marketCodes.map(parseScore).filter((s): s is [number, number] => s !== null);
        return (h, a) => !listed.some((s) => s[0] === h && s[1] === a);
      }
      const s = parseScore(c);
      return s ? (h, a) => h === s[0] && a === s[1] : null;
    }
  }
}

/** A final score (with extra time's winner where it matters), its probability and which legs it wins. */
interface Cell {
  p: number;
  mask: number;
}

/** The final-score grid as cells with a bitmask of the legs each wins; null when not modelled. */
export function sgmCells(legs: readonly SgmLegSpec[], state: MatchState, model: MatchModel): Cell[] | null {
  if (!LOW_SCORING.has(state.sport) || model.sport !== state.sport || state.phase === "finished") return null;
  const preds: Pred[] = [];
  for (const l of legs) {
    const p = predicateOf(l);
    if (!p) return null;
    preds.push(p);
  }
  const o = scoreOutlook(state, model);
  const g = o.poisson;
  if (!g) return null;
  // The outlook's arrays are shared scratch: read them now.
  const rh = Math.max(0, model.homeRate);
  const ra = Math.max(0, model.awayRate);
  const homeShare = rh + ra > 0 ? rh / (rh + ra) : 0.5;
  const cells: Cell[] = [];
  const maskOf = (h: number, a: number, e: number) => {
    let m = 0;
    for (let k = 0; k < preds.length; k++) if (preds[k](h, a, e)) m |= 1 << k;
    return m;
  };
  for (let i = 0; i < g.nHome; i++) {
    for (let j = 0; j < g.nAway; j++) {
      const p = g.home[i] * g.away[j];
      if (!(p > 0)) continue;
      const h = state.home + i;
      const a = state.away + j;
      if (h === a && !model.drawPossible) {
        // Extra time decides a level finish: home wins it with homeShare (price.ts's TieSplitDist).
        if (homeShare > 0) cells.push({ p: p * homeShare, mask: maskOf(h, a, 1) });
        if (homeShare < 1) cells.push({ p: p * (1 - homeShare), mask: maskOf(h, a, -1) });
      } else cells.push({ p, mask: maskOf(h, a, h - a) });
    }
  }
  return cells;
}

/** P(every one of `count` legs wins): the cells in which all of them win. */
function allWin(cells: readonly Cell[], count: number): number {
  const all = (1 << count) - 1;
  let p = 0;
  for (const c of cells) if ((c.mask & all) === all) p += c.p;
  return p;
}

/**
 * P(every leg wins), or null when no joint model covers the legs.
 * @internal The tests' handle on the joint probability checkSgmLegs computes (from the same cells).
 */
export function sgmJointProbability(legs: readonly SgmLegSpec[], state: MatchState, model: MatchModel): number | null {
  const cells = sgmCells(legs, state, model);
  return cells ? allWin(cells, legs.length) : null;
}

const nameOf = (l: SgmLegSpec) => l.name ?? l.code ?? l.key;

/** The refusal for a combination, or the joint probability when it may be offered. */
export function checkSgmLegs(
  legs: readonly SgmLegSpec[],
  state: MatchState,
  model: MatchModel,
): { ok: true; probability: number } | { ok: false; code: SgmRefusalCode; message: string } {
  const cells = sgmCells(legs, state, model);
  if (!cells)
    return { ok: false, code: "SGM.NOT_OFFERED", message: "This combination cannot be priced as a same game multi for this event" };
  if (new Set(legs.map((l) => l.marketId)).size !== legs.length)
    return { ok: false, code: "SGM.SAME_MARKET", message: "A same game multi takes one selection per market" };
  const p = allWin(cells, legs.length);
  if (!(p > 0))
    return { ok: false, code: "SGM.CONTRADICTORY_LEGS", message: "These selections can never all win together" };
  const score = legs.find((l) => l.type === "correct_score");
  if (score)
    return {
      ok: false,
      code: "SGM.CORRELATED_LEGS",
      message: `A correct score (${nameOf(score)}) decides every other selection of the match: it cannot be combined with them`,
    };
  for (let i = 0; i < legs.length; i++) {
    for (let j = 0; j < legs.length; j++) {
      if (i === j) continue;
      const bi = 1 << i;
      const bj = 1 << j;
      // i implies j: no possible score wins i without winning j.
      if (!cells.some((c) => (c.mask & bi) !== 0 && (c.mask & bj) === 0))
        return {
          ok: false,
          code: "SGM.CORRELATED_LEGS",
          message: `${nameOf(legs[i])} already implies ${nameOf(legs[j])}: combine selections that add something`,
        };
    }
  }
  return { ok: true, probability: p };
}

/** The price of a same game multi, or why it is refused (the one function quote, slip, placement and grading use). */
export function priceSgm(legs: readonly SgmLegSpec[], state: MatchState, model: MatchModel): SgmPrice {
  const checked = checkSgmLegs(legs, state, model);
  if (!checked.ok) return checked;
  const cap = combinedOddsMilli(legs.map((l) => l.offeredMilli));
  const oddsMilli = sgmPriceFromProbability(checked.probability, legs.length, cap);
  if (oddsMilli === null)
    return { ok: false, code: "BET.SGM_PRICE_TOO_LOW", message: "These selections are all but certain together: priced below 1.01, they are not offered" };
  return { ok: true, oddsMilli, probability: checked.probability };
}

/** The key of a set of legs in a subset price table: their keys, sorted, joined by "|". */
export const subsetKey = (keys: readonly string[]): string => [...keys].sort().join("|");

/**
 * The price of every non-empty subset of the legs, computed at placement and stored on the bet, so
 * grading re-prices the legs left after a void leg from the model as it stood when the bet was
 * placed: one leg is its own offered price, several are priceSgm's price of those legs (a subset
 * all but certain is 1.01; a won bet returns at least its stake anyway). Every subset is capped at
 * `fullMilli`, the whole bet's price: fewer legs never pay more than all of them would have (a
 * subset's smaller margin or a leg's own market price could otherwise put it above the quote, past
 * the bet's potential return). At most 15 prices for 4 legs.
 */
export function subsetPrices(legs: readonly SgmLegSpec[], state: MatchState, model: MatchModel, fullMilli: number): Record<string, number> {
  const out: Record<string, number> = {};
  const n = legs.length;
  for (let m = 1; m < 1 << n; m++) {
    const sub = legs.filter((_, i) => (m & (1 << i)) !== 0);
    let price: number;
    if (sub.length === n) price = fullMilli;
    else if (sub.length === 1) price = sub[0].offeredMilli;
    else {
      const q = priceSgm(sub, state, model);
      price = q.ok ? q.oddsMilli : q.code === "BET.SGM_PRICE_TOO_LOW" ? MIN_ODDS_MILLI : combinedOddsMilli(sub.map((l) => l.offeredMilli));
    }
    out[subsetKey(sub.map((l) => l.key))] = Math.max(MIN_ODDS_MILLI, Math.min(price, fullMilli));
  }
  return out;
}

/**
 * The subset table of a same game multi placed before tables were stored: no model state from its
 * placement survives, so each subset is the struck price scaled by the subset's share of the legs'
 * product, floor(struck x product(subset) / product(all legs)), at least 1.01 and never above the
 * struck price (the same ratio cash-out uses for an SGM's price now). The full set is the struck price.
 */
export function struckSubsetPrices(legs: readonly { id: string; oddsMilli: number }[], struckMilli: number): Record<string, number> {
  const out: Record<string, number> = {};
  const n = legs.length;
  const all = legs.reduce((p, l) => p * BigInt(l.oddsMilli), 1n);
  for (let m = 1; m < 1 << n; m++) {
    const sub = legs.filter((_, i) => (m & (1 << i)) !== 0);
    const own = sub.reduce((p, l) => p * BigInt(l.oddsMilli), 1n) * 1000n ** BigInt(n - sub.length);
    const scaled = all > 0n ? Number((BigInt(struckMilli) * own) / all) : struckMilli;
    out[subsetKey(sub.map((l) => l.id))] = sub.length === n ? struckMilli : Math.max(MIN_ODDS_MILLI, Math.min(scaled, struckMilli));
  }
  return out;
}
