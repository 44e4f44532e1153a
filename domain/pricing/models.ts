/**
 * The scoring models behind the prices: from the state and the model, the distribution of the
 * final score difference (home minus away at the end of regulation) and of the final total, played
 * out exactly as the match engine plays the sport, from the same parameters (params.ts):
 *
 * - Soccer, hockey, basketball, AFL, NRL: each side's scoring events still to come are Poisson
 *   with mean (events per play second) x (play seconds left); an event is worth points from the
 *   sport's table, so a side's points are compound Poisson, computed exactly (Panjer's recursion),
 *   and the difference and total exactly from the two. Play seconds left count the expected
 *   stoppage not yet announced (soccer: 2' at half time, 4' at full time), and in overtime what
 *   is left of the period.
 * - MLB: the same with run-scoring plays, by half-innings: each side has its own half-innings left
 *   (the side at bat the rest of its half).
 * - NFL by drives (football.ts), golf by holes (golf.ts), limited-overs cricket by balls and
 *   wickets (cricket.ts), tennis by points (tennis.ts, priced in price.ts).
 * - No draw (model.drawPossible false): a level finish goes to extra time, which home wins with
 *   `tieHomeShare`: the first to score in sudden death (the rates' share), a whole overtime period
 *   played out (basketball), an extra inning (MLB), a playoff hole (golf), sudden-death drives (NFL).
 *
 * Low-scoring sports (soccer, hockey, MLB) also give each side's pmf of points still to come
 * (`poisson`), from which both teams to score and correct score are priced.
 */
import type { SportCode, MatchModel, MatchState } from "../shared/types.ts";
import { compoundPoisson, diffAndTotal, type IntDist } from "./dist.ts";
import { cricketOutlook } from "./cricket.ts";
import { footballOutlook } from "./football.ts";
import { golfOutlook } from "./golf.ts";
import {
  HALF_INNING_SECONDS, INNINGS, MLB_PLAYS, TIMED_RULES, expectedStoppage, expectedStoppageTotal, isTimedSport, meanValue,
  type TimedSport,
} from "./params.ts";

export const LOW_SCORING: ReadonlySet<SportCode> = new Set<SportCode>(["soccer", "hockey", "mlb"]);

export interface ScoreOutlook {
  /** Final home - away at the end of regulation. */
  diff: IntDist;
  /** Final home + away. */
  total: IntDist;
  /** Low-scoring only: each side's pmf of points still to come (index = points). */
  poisson?: { home: Float64Array; nHome: number; away: Float64Array; nAway: number };
  /** Home's chance of winning a level finish in extra time (sports without a draw). */
  tieHomeShare: number;
  /** Cricket: match sixes. */
  sixes?: IntDist;
}

const rate = (x: number) => Math.max(0, x);

/** Home's share of events (sudden death: whoever scores first), from the rates. */
function rateShare(model: MatchModel): number {
  const h = rate(model.homeRate);
  const a = rate(model.awayRate);
  return h + a > 0 ? h / (h + a) : 0.5;
}

/** P(home wins) over P(someone wins) of a difference distribution (an overtime period played out). */
function decidedShare(d: IntDist): number {
  const home = d.gt(0);
  const away = d.lt(0);
  return home + away > 0 ? home / (home + away) : 0.5;
}

function grid(state: MatchState, homeMean: number, awayMean: number, events: readonly { value: number; p: number }[], tieHomeShare: number): ScoreOutlook {
  const home = compoundPoisson(homeMean, events);
  const away = compoundPoisson(awayMean, events);
  const { diff, total } = diffAndTotal(home, away, state.home - state.away, state.home + state.away);
  const out: ScoreOutlook = { diff, total, tieHomeShare };
  if (LOW_SCORING.has(state.sport)) out.poisson = { home, nHome: home.length, away, nAway: away.length };
  return out;
}

/** Play seconds still to come in the period structure of a timed sport, and whether it is overtime. */
function playLeft(state: MatchState, sport: TimedSport): { seconds: number; overtime: boolean } {
  const rules = TIMED_RULES[sport];
  const regulation = state.length - (state.stoppage ?? 0);
  if (state.period > rules.periods) {
    const end = regulation + (state.period - rules.periods) * rules.overtime.seconds;
    return { seconds: Math.max(0, end - state.clock), overtime: true };
  }
  let seconds = Math.max(0, state.length - state.clock);
  for (let k = state.period; k <= rules.periods; k++) {
    const announced = k === state.period && (state.stoppage !== undefined || state.phase === "break");
    if (!announced) seconds += expectedStoppage(sport, k);
  }
  return { seconds, overtime: false };
}

function timedOutlook(state: MatchState, model: MatchModel, sport: TimedSport): ScoreOutlook {
  const rules = TIMED_RULES[sport];
  const regulation = state.length - (state.stoppage ?? 0);
  const perEvent = meanValue(rules.events);
  const perSecond = (r: number) => rate(r) / (regulation + expectedStoppageTotal(sport)) / perEvent;
  const left = state.phase === "pre" ? { seconds: regulation + expectedStoppageTotal(sport), overtime: false } : playLeft(state, sport);
  let tieHomeShare = rateShare(model);
  if (!model.drawPossible && !rules.overtime.suddenDeath) {
    const ot = rules.overtime.seconds;
    const period = diffAndTotal(compoundPoisson(perSecond(model.homeRate) * ot, rules.events), compoundPoisson(perSecond(model.awayRate) * ot, rules.events), 0, 0);
    tieHomeShare = decidedShare(period.diff);
  }
  if (left.overtime && rules.overtime.suddenDeath) return grid(state, 0, 0, rules.events, tieHomeShare);
  return grid(state, perSecond(model.homeRate) * left.seconds, perSecond(model.awayRate) * left.seconds, rules.events, tieHomeShare);
}

/** Half-innings (or parts of one) each side still bats: [home, away]. */
function halvesLeft(state: MatchState): [number, number] {
  if (state.phase === "pre") return [INNINGS, INNINGS];
  const half = state.length / (2 * INNINGS) || HALF_INNING_SECONDS;
  const index = Math.floor(state.clock / half);
  const part = Math.max(0, Math.min(1, (index + 1) - state.clock / half));
  const last = Math.max(2 * INNINGS - 1, index % 2 === 0 ? index + 1 : index); // extra innings: this one only
  let home = 0;
  let away = 0;
  for (let j = index; j <= last; j++) {
    const share = j === index ? part : 1;
    if (j % 2 === 0) away += share;
    else home += share;
  }
  return [home, away];
}

function baseballOutlook(state: MatchState, model: MatchModel): ScoreOutlook {
  const perPlay = meanValue(MLB_PLAYS);
  const perHalf = (r: number) => rate(r) / INNINGS / perPlay;
  const [home, away] = halvesLeft(state);
  const inning = diffAndTotal(compoundPoisson(perHalf(model.homeRate), MLB_PLAYS), compoundPoisson(perHalf(model.awayRate), MLB_PLAYS), 0, 0);
  return grid(state, perHalf(model.homeRate) * home, perHalf(model.awayRate) * away, MLB_PLAYS, decidedShare(inning.diff));
}

// Pricing runs each market of an event from the same state: the outlook is kept for the next call.
let last: { state: MatchState; model: MatchModel; key: string; outlook: ScoreOutlook } | null = null;

/** The final score's outlook (kept while the same state and model are asked about again). */
export function scoreOutlook(state: MatchState, model: MatchModel): ScoreOutlook {
  const key = JSON.stringify(state) + JSON.stringify(model);
  if (last && last.state === state && last.model === model && last.key === key) return last.outlook;
  const outlook = computeOutlook(state, model);
  last = { state, model, key, outlook };
  return outlook;
}

function computeOutlook(state: MatchState, model: MatchModel): ScoreOutlook {
  const sport = state.sport;
  if (sport === "nfl") return footballOutlook(state, model);
  if (sport === "golf") return golfOutlook(state, model);
  if (sport === "mlb") return baseballOutlook(state, model);
  if (sport === "cricket" && state.cricket) {
    const c = state.cricket;
    const perInnings = c.ballsPerInnings ?? Math.max(1, Math.round(state.length / 60));
    return { ...cricketOutlook(state, model, perInnings), tieHomeShare: rateShare(model) };
  }
  if (isTimedSport(sport)) return timedOutlook(state, model, sport);
  // A sport without a scoring model here (tennis and racing are priced elsewhere): the score stands.
  return grid(state, 0, 0, [{ value: 1, p: 1 }], rateShare(model));
}
