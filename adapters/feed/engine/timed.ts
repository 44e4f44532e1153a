/**
 * Sports played on a clock in periods: soccer, hockey, basketball, AFL and NRL (their rules and
 * scoring tables: domain/pricing/params.ts, which the pricing models read too).
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
import type { MatchModel, MatchState } from "../../../domain/shared/types.ts";
import {
  TIMED_RULES, expectedStoppageTotal, meanValue, type TimedRules, type TimedSport,
} from "../../../domain/pricing/params.ts";
import { drawLots, exponential, pick, uniformInt, type Random } from "./random.ts";
import { waitOutBreak } from "./setup.ts";

export { isTimedSport } from "../../../domain/pricing/params.ts";

/** After this many overtime periods still level, a degenerate model (rates of 0) is decided by a draw of lots. */
export const MAX_EXTRA_PERIODS = 30;

const EPSILON = 1e-9;

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
  const minutes = rules.stoppageMinutes?.[s.period - 1];
  if (minutes && s.period <= P && s.stoppage === undefined) {
    const extra = 60 * uniformInt(random, minutes[0], minutes[1]);
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
  const rules = TIMED_RULES[s.sport as TimedSport];
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
    const playSeconds = regulationOf(s) + expectedStoppageTotal(s.sport);
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
