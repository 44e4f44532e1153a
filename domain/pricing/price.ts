/**
 * quoteMarket: fair probabilities of a market's outcomes from the state and the model (models.ts,
 * tennis.ts, racing below), then the margin (margin.ts, power method) at the market's target
 * overround, and whether the market is too short to offer (a price at or below 1.02).
 *
 * - An outcome that is impossible or already decided has probability 0 and is not offered (null);
 *   the distributions compute each side of a line directly, so a ruled-out outcome is exactly 0.
 *   No cut-off below that: a cut-off makes a long shot appear and disappear.
 * - Outcomes whose result is void (a whole-number line's push; a draw in a 2-way market of a
 *   sport where draws stand) are taken out: the others are priced from P(x) / (1 - P(void)).
 * - A market whose result is certain prices nothing (all null); so does a finished match.
 * - Sports without a draw (model.drawPossible false): a tie at the end of regulation goes to
 *   extra time, which home wins with the outlook's tieHomeShare (models.ts: what extra time plays
 *   in that sport). This also applies to the handicap (a tie becomes a 1-point win). Totals are on
 *   regulation (extra-time points are not modelled).
 * - Golf: fewer strokes win; the handicap is mirrored like the result: home -1.5 covers with at
 *   least 2 strokes fewer than away (home's strokes - line < away's strokes).
 * - Both teams to score and correct score are priced for the low-scoring sports (soccer, hockey,
 *   MLB) from the exact grid of the two sides' points; other sports don't offer them (all null).
 * - Racing, before the jump: race winner from model.runnerProbs (normalised over the listed
 *   runners; equal chances without them); winning margin in lengths as the engine draws it
 *   (racingMarginOdds). After the jump (live or finished) nothing is priced: the race is
 *   suspended, then graded.
 */
import { marginLine } from "./margin.ts";
import { type IntDist, MirrorDist, PmfDist, TieSplitDist } from "./dist.ts";
import { LOW_SCORING, scoreOutlook } from "./models.ts";
import { targetOverround } from "./overround.ts";
import { MEAN_MARGIN_LENGTHS } from "./params.ts";
import type { MarketSpec, MatchModel, MatchState, PriceLine } from "../shared/types.ts";
import { DEFAULT_SERVE_WIN, setsNeeded, tennisOutlook } from "./tennis.ts";

/**
 * P(winning margin over `line` lengths), P(under), as the engine draws it (params.ts): exponential
 * with mean MEAN_MARGIN_LENGTHS rounded to the nearest 0.05 (at least 0.05), a half length moved up
 * to the next 0.05. So over x.5 wins from a raw margin of x.475; a whole line can be landed on.
 */
export function racingMarginOdds(line: number): { over: number; under: number } {
  const tail = (x: number) => (x <= 0 ? 1 : Math.exp(-x / MEAN_MARGIN_LENGTHS));
  const l = Math.max(0, line);
  const twentieths = Math.round(l * 20);
  const halfLine = twentieths % 20 === 10;
  // The rounded margin m (in twentieths) is over the line from m >= 20l + 1, or m = 20l on a half line.
  const over = tail((halfLine ? twentieths - 0.5 : twentieths + 0.5) / 20);
  const under = twentieths <= 1 ? 0 : 1 - tail((twentieths - 0.5) / 20);
  return { over, under: Math.max(0, under) };
}

function allNull(n: number): PriceLine {
  return new Array(n).fill(null);
}

/** Probabilities per code, renormalised over what is not void. */
function normalise(p: number[]): number[] | null {
  let sum = 0;
  for (let i = 0; i < p.length; i++) {
    if (!(p[i] > 0)) p[i] = 0;
    sum += p[i];
  }
  if (!(sum > 0)) return null;
  for (let i = 0; i < p.length; i++) p[i] /= sum;
  return p;
}

/** Home's edge (home - away; golf away - home) at the end, ties settled by extra time when the sport has no draw. */
function finalEdge(diff: IntDist, tieHomeShare: number, state: MatchState, model: MatchModel): IntDist {
  const edge = state.sport === "golf" ? new MirrorDist(diff) : diff;
  return model.drawPossible ? edge : new TieSplitDist(edge, tieHomeShare);
}

function resultProbs(codes: readonly string[], pHome: number, pDraw: number, pAway: number): number[] {
  return codes.map((c) => (c === "home" ? pHome : c === "away" ? pAway : c === "draw" ? pDraw : 0));
}

function lineProbs(codes: readonly string[], dist: IntDist, threshold: number, up: string, down: string): number[] {
  const pUp = dist.gt(threshold);
  const pDown = dist.lt(threshold);
  return codes.map((c) => (c === up ? pUp : c === down ? pDown : 0));
}

function parseScore(code: string): [number, number] | null {
  const m = /^(\d+)-(\d+)$/.exec(code);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Racing before the jump: the winner from the runners' chances, the winning margin as the engine draws it. */
function racingProbs(spec: MarketSpec, state: MatchState, model: MatchModel): number[] | null {
  const codes = spec.codes;
  if (state.phase !== "pre") return null;
  if (spec.type === "full_time_result") {
    const rp = model.runnerProbs;
    return codes.map((c) => {
      const m = /^r(\d+)$/.exec(c);
      if (!m) return 0;
      const i = Number(m[1]) - 1;
      return rp ? (rp[i] ?? 0) : 1;
    });
  }
  if (spec.type === "over_under" && spec.line !== null) {
    const { over, under } = racingMarginOdds(spec.line);
    return codes.map((c) => (c === "over" ? over : c === "under" ? under : 0));
  }
  return null;
}

/** Tennis, from the exact set-by-set outlook; nothing once a player has won the match. */
function tennisProbs(spec: MarketSpec, state: MatchState, model: MatchModel): number[] | null {
  const codes = spec.codes;
  const t = state.tennis;
  const need = setsNeeded(t?.bestOf ?? 3);
  if (state.home >= need || state.away >= need) return null;
  const o = tennisOutlook(state, model.serveWin ?? DEFAULT_SERVE_WIN);
  switch (spec.type) {
    case "full_time_result":
      return resultProbs(codes, o.pHome, 0, 1 - o.pHome);
    case "over_under":
      if (spec.line === null) return null;
      return lineProbs(codes, new PmfDist(o.totalOffset, o.total), spec.line, "over", "under");
    case "handicap":
      if (spec.line === null) return null;
      return lineProbs(codes, new PmfDist(o.diffOffset, o.diff), -spec.line, "home", "away");
    default:
      return null;
  }
}

type ScoreGrid = NonNullable<ReturnType<typeof scoreOutlook>["poisson"]>;

/** Correct score from the grid of the two sides' remaining points; "other" takes every score not listed. */
function correctScoreProbs(codes: readonly string[], g: ScoreGrid, state: MatchState): number[] {
  let listed = 0;
  const probs = codes.map((c) => {
    const s = parseScore(c);
    if (!s) return 0;
    const i = s[0] - state.home;
    const j = s[1] - state.away;
    const p = i >= 0 && j >= 0 && i < g.nHome && j < g.nAway ? g.home[i] * g.away[j] : 0;
    listed += p;
    return p;
  });
  // "other": every score not listed (codes are assumed distinct).
  const other = Math.max(0, 1 - listed);
  return codes.map((c, k) => (c === "other" ? other : probs[k]));
}

/** Every scoring sport (not racing, not tennis), from the distributions of the score outlook. */
function scoreProbs(spec: MarketSpec, state: MatchState, model: MatchModel): number[] | null {
  const codes = spec.codes;
  const sport = state.sport;
  const o = scoreOutlook(state, model);
  if (spec.type === "over_under" && sport === "cricket") {
    if (spec.line === null || !o.sixes) return null;
    return lineProbs(codes, o.sixes, spec.line, "over", "under");
  }
  switch (spec.type) {
    case "full_time_result": {
      const edge = finalEdge(o.diff, o.tieHomeShare, state, model);
      return resultProbs(codes, edge.gt(0), edge.eq(0), edge.lt(0));
    }
    case "over_under":
      if (spec.line === null) return null;
      return lineProbs(codes, o.total, spec.line, "over", "under");
    case "handicap": {
      if (spec.line === null) return null;
      const edge = finalEdge(o.diff, o.tieHomeShare, state, model);
      // home covers when edge + line > 0 (golf: edge is away - home strokes, so home -1.5 must
      // take at least 2 strokes fewer, as golf match bets are quoted)
      return lineProbs(codes, edge, -spec.line, "home", "away");
    }
    case "both_teams_score": {
      if (!o.poisson || !LOW_SCORING.has(sport)) return null;
      const homeScores = state.home >= 1 ? 1 : 1 - o.poisson.home[0];
      const awayScores = state.away >= 1 ? 1 : 1 - o.poisson.away[0];
      const yes = homeScores * awayScores;
      return codes.map((c) => (c === "yes" ? yes : c === "no" ? 1 - yes : 0));
    }
    case "correct_score":
      if (!o.poisson || !LOW_SCORING.has(sport)) return null;
      return correctScoreProbs(codes, o.poisson, state);
  }
}

function fairProbs(spec: MarketSpec, state: MatchState, model: MatchModel): number[] | null {
  if (state.sport === "racing") return racingProbs(spec, state, model);
  if (state.sport === "tennis") return tennisProbs(spec, state, model);
  return scoreProbs(spec, state, model);
}

/**
 * The fair (no margin) probability of each outcome, renormalised over the outcomes that are not
 * void; null when the market offers nothing (finished, unsupported, or nothing but a void result).
 */
export function fairProbabilities(spec: MarketSpec, state: MatchState, model: MatchModel): number[] | null {
  if (state.phase === "finished") return null;
  const raw = fairProbs(spec, state, model);
  return raw ? normalise(raw) : null;
}

/**
 * A market's prices and whether it may be offered: `tooShort` when an outcome would be priced at
 * or below 1.02 (the market is then taken down, "price too short", never offered at 1.01 against a
 * capped other side). The prices are still given (for a trader's screen), never to be offered.
 */
export interface MarketQuote {
  prices: PriceLine;
  tooShort: boolean;
}

export function quoteMarket(spec: MarketSpec, state: MatchState, model: MatchModel): MarketQuote {
  const p = fairProbabilities(spec, state, model);
  if (!p) return { prices: allNull(spec.codes.length), tooShort: false };
  return marginLine(p, targetOverround(spec, state.sport));
}

/** The prices of quoteMarket (null = not offered); a caller that offers them must check `tooShort` there. */
export function priceMarket(spec: MarketSpec, state: MatchState, model: MatchModel): PriceLine {
  return quoteMarket(spec, state, model).prices;
}
