/**
 * Sports played on a clock in periods: soccer, hockey, basketball, NFL, AFL and NRL.
 *
 * Scoring is a Poisson process per side: the waiting time to the next scoring event is drawn
 * exactly (exponential), so a call of 300 sim seconds plays the same process as 300 calls of one
 * second, and every period ends exactly on its boundary. An event is worth points drawn from the
 * sport's table; a side's events come at (its rate / the sport's play seconds / the table's mean
 * value) per second, so a full match's expected points are the model's rate.
 *
 * The clock: `clock` counts play seconds; period k of regulation runs over [(k-1)L, kL] with
 * L = regulation / periods, and during a break it stands at the end of the period just played.
 * Soccer adds stoppage at 45' and 90' (1-3 and 3-5 minutes): it is put in `stoppage` and added to
 * `length` while it is played (the clock runs on to 45+s), and at the restart the clock returns to
 * 2700 with `length` back to 5400, so `length - clock` is always the play still to come.
 * Overtime periods follow regulation (clock past `length`, period > regulation periods).
 */
import type { MatchModel, MatchState } from "../../../domain/pricing/state.ts";
import type { SportCode } from "../../../domain/shared/types.ts";
import { drawLots, exponential, pick, uniformInt, type Random } from "./random.ts";
import { waitOutBreak } from "./setup.ts";

export type TimedSport = "soccer" | "hockey" | "basketball" | "nfl" | "afl" | "nrl";

export function isTimedSport(sport: SportCode): sport is TimedSport {
  return sport in RULES;
}

interface ScoreEvent {
  value: number;
  p: number;
}

interface Overtime {
  seconds: number;
  /** The interval before each overtime period. */
  break: number;
  /** The first score in overtime ends the match (NFL, NRL's golden point). */
  suddenDeath: boolean;
}

interface TimedRules {
  periods: number;
  /** The interval after regulation period k, at index k - 1. */
  breaks: readonly number[];
  /** How a tie is broken when the model has no draw (model.drawPossible false). */
  overtime: Overtime;
  events: readonly ScoreEvent[];
  /** Soccer: stoppage seconds added at the end of regulation period k, and their expected total. */
  stoppage?: (period: number, random: Random) => number;
  expectedStoppage: number;
}

const SUDDEN_DEATH: Overtime = { seconds: 300, break: 60, suddenDeath: true };

const RULES: Record<TimedSport, TimedRules> = {
  soccer: {
    periods: 2,
    breaks: [900],
    overtime: SUDDEN_DEATH, // only for a model without a draw
    events: [{ value: 1, p: 1 }],
    stoppage: (period, random) => 60 * (period === 1 ? uniformInt(random, 1, 3) : uniformInt(random, 3, 5)),
    expectedStoppage: 360,
  },
  hockey: { periods: 3, breaks: [600, 600], overtime: SUDDEN_DEATH, events: [{ value: 1, p: 1 }], expectedStoppage: 0 },
  basketball: {
    periods: 4,
    breaks: [120, 900, 120],
    overtime: { seconds: 300, break: 60, suddenDeath: false },
    // Free throws (counted as one-point events), two- and three-point baskets: ~1.9 points an event.
    events: [{ value: 1, p: 0.3 }, { value: 2, p: 0.48 }, { value: 3, p: 0.22 }],
    expectedStoppage: 0,
  },
  nfl: {
    periods: 4,
    breaks: [120, 780, 120],
    overtime: { seconds: 600, break: 120, suddenDeath: true },
    // Field goals and touchdowns with the extra point; now and then a missed kick, a two-point try or a safety.
    events: [{ value: 3, p: 0.38 }, { value: 7, p: 0.52 }, { value: 6, p: 0.05 }, { value: 8, p: 0.03 }, { value: 2, p: 0.02 }],
    expectedStoppage: 0,
  },
  afl: {
    periods: 4,
    breaks: [360, 1200, 360],
    overtime: SUDDEN_DEATH, // only for a model without a draw
    events: [{ value: 6, p: 0.54 }, { value: 1, p: 0.46 }], // goals and behinds
    expectedStoppage: 0,
  },
  nrl: {
    periods: 2,
    breaks: [600],
    overtime: { seconds: 300, break: 60, suddenDeath: true }, // golden point
    // Converted and unconverted tries, penalty goals, field goals.
    events: [{ value: 6, p: 0.55 }, { value: 4, p: 0.3 }, { value: 2, p: 0.12 }, { value: 1, p: 0.03 }],
    expectedStoppage: 0,
  },
};

/**
 * Variance of a side's points over their mean, as the engine plays them (events are Poisson, so
 * it is E[value^2] / E[value]): 1 for soccer and hockey, ~2.2 basketball, ~6.1 NFL, ~5.4 AFL,
 * ~5.3 NRL. Pricing's normal approximation matches the engine with these dispersion factors.
 */
export function pointsDispersion(sport: TimedSport): number {
  const events = RULES[sport].events;
  let p = 0;
  let m1 = 0;
  let m2 = 0;
  for (const e of events) {
    p += e.p;
    m1 += e.p * e.value;
    m2 += e.p * e.value * e.value;
  }
  return m2 / p / (m1 / p);
}

/** After this many overtime periods still level, a degenerate model (rates of 0) is decided by a draw of lots. */
export const MAX_EXTRA_PERIODS = 30;

const EPSILON = 1e-9;

function meanValue(events: readonly ScoreEvent[]): number {
  let total = 0;
  let mean = 0;
  for (const e of events) {
    total += e.p;
    mean += e.p * e.value;
  }
  return mean / total;
}

function regulationOf(s: MatchState): number {
  return s.length - (s.stoppage ?? 0);
}

function periodStart(period: number, regulation: number, rules: TimedRules): number {
  const perPeriod = regulation / rules.periods;
  if (period <= rules.periods) return (period - 1) * perPeriod;
  return regulation + (period - rules.periods - 1) * rules.overtime.seconds;
}

function periodEnd(s: MatchState, rules: TimedRules): number {
  const regulation = regulationOf(s);
  if (s.period <= rules.periods) return (s.period * regulation) / rules.periods + (s.stoppage ?? 0);
  return regulation + (s.period - rules.periods) * rules.overtime.seconds;
}

function finish(s: MatchState): void {
  s.phase = "finished";
  delete s.breakLeft;
}

function resume(s: MatchState, rules: TimedRules): void {
  const regulation = regulationOf(s);
  s.length = regulation;
  delete s.stoppage;
  delete s.breakLeft;
  s.period += 1;
  s.phase = "live";
  s.clock = periodStart(s.period, regulation, rules);
}

function startBreak(s: MatchState, rules: TimedRules, seconds: number): void {
  if (seconds > 0) {
    s.phase = "break";
    s.breakLeft = seconds;
  } else resume(s, rules);
}

function endOfPeriod(s: MatchState, model: MatchModel, rules: TimedRules, random: Random): void {
  const P = rules.periods;
  if (rules.stoppage && s.period <= P && s.stoppage === undefined) {
    const extra = rules.stoppage(s.period, random);
    if (extra > 0) {
      s.stoppage = extra;
      s.length += extra;
      return; // play on to the end of stoppage time
    }
  }
  if (s.period < P) return startBreak(s, rules, rules.breaks[s.period - 1] ?? 0);
  if (s.home !== s.away || model.drawPossible) return finish(s);
  if (s.period - P >= MAX_EXTRA_PERIODS) {
    if (drawLots(random, model.homeRate, model.awayRate) === 0) s.home += 1;
    else s.away += 1;
    return finish(s);
  }
  startBreak(s, rules, rules.overtime.break);
}

/** Plays `seconds` of sim time on `s` (the caller's private copy). */
export function advanceTimed(s: MatchState, model: MatchModel, seconds: number, random: Random): void {
  const rules = RULES[s.sport as TimedSport];
  const perEvent = meanValue(rules.events);
  let left = seconds;
  while (left > EPSILON && s.phase !== "finished") {
    if (s.phase === "break") {
      const after = waitOutBreak(s, left);
      if (after === null) return;
      left = after;
      resume(s, rules);
      continue;
    }
    const playSeconds = regulationOf(s) + rules.expectedStoppage;
    const home = Math.max(0, model.homeRate) / playSeconds / perEvent;
    const away = Math.max(0, model.awayRate) / playSeconds / perEvent;
    const end = periodEnd(s, rules);
    const span = Math.max(0, Math.min(end - s.clock, left));
    const wait = exponential(random, home + away);
    if (wait < span) {
      s.clock += wait;
      left -= wait;
      const value = pick(random, rules.events);
      if (random() * (home + away) < home) s.home += value;
      else s.away += value;
      if (s.period > rules.periods && rules.overtime.suddenDeath) finish(s);
      continue;
    }
    s.clock += span;
    left -= span;
    if (s.clock >= end - EPSILON) {
      s.clock = end;
      endOfPeriod(s, model, rules, random);
    }
  }
}
