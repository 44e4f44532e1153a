/**
 * American football by drives (the rules and their figures: domain/pricing/football-params.ts).
 * `clock` counts game seconds: quarter k runs over [(k-1)900, k900], overtime period j from
 * 3600 + (j-1)600. `football.possession` has the ball since `football.driveStart`. A drive's end is
 * drawn exactly: nothing can end it in its first DRIVE_MIN_SECONDS, then its end comes at a
 * constant rate (exponential), so one call of 300 s plays the same process as 300 calls of 1 s.
 */
import type { DriveKind, FootballDetail, MatchModel, MatchState } from "../../../domain/shared/types.ts";
import {
  DRIVE_EXTRA_SECONDS, DRIVE_MIN_SECONDS, FOOTBALL_BREAKS, FOOTBALL_OVERTIME, QUARTER_SECONDS, REGULATION_SECONDS,
  TOUCHDOWN_POINTS, driveTable, type DriveTable,
} from "../../../domain/pricing/football-params.ts";
import { drawLots, exponential, pick, type Random } from "./random.ts";
import { freshFootball, waitOutBreak } from "./setup.ts";

const PERIODS = 4;
/** After this many overtime periods still level, a degenerate model (rates of 0) is decided by lot. */
const MAX_EXTRA_PERIODS = 30;
const EPSILON = 1e-9;

function periodEnd(period: number): number {
  if (period <= PERIODS) return period * QUARTER_SECONDS;
  return REGULATION_SECONDS + (period - PERIODS) * FOOTBALL_OVERTIME.seconds;
}

function periodStart(period: number): number {
  return period <= PERIODS ? (period - 1) * QUARTER_SECONDS : periodEnd(period - 1);
}

const toss = (random: Random): 0 | 1 => (random() < 0.5 ? 0 : 1);
const other = (side: 0 | 1): 0 | 1 => (1 - side) as 0 | 1;

/** How a drive of `offence` ends, drawn from its table; the score it brings and who has the ball next. */
function endDrive(s: MatchState, f: FootballDetail, table: DriveTable, random: Random): void {
  const kind = pick<DriveKind>(random, [
    { value: "touchdown", p: table.touchdown },
    { value: "field_goal", p: table.fieldGoal },
    { value: "return_touchdown", p: table.returnTouchdown },
    { value: "safety", p: table.safety },
    { value: "none", p: table.none },
  ]);
  const offence = f.possession;
  let scorer: 0 | 1 | null = null;
  let points = 0;
  if (kind === "touchdown") [scorer, points] = [offence, pick(random, TOUCHDOWN_POINTS)];
  else if (kind === "field_goal") [scorer, points] = [offence, 3];
  else if (kind === "return_touchdown") [scorer, points] = [other(offence), 7];
  else if (kind === "safety") [scorer, points] = [other(offence), 2];
  if (scorer !== null) {
    if (scorer === 0) s.home += points;
    else s.away += points;
    f.last = { side: scorer, kind, points, clock: s.clock, period: s.period };
  }
  // The scoring defence kicks off to the same offence after a return touchdown; otherwise the ball changes hands.
  f.possession = kind === "return_touchdown" ? offence : other(offence);
  f.driveStart = s.clock;
  if (scorer !== null && s.period > PERIODS) s.phase = "finished"; // sudden death
}

function resume(s: MatchState, f: FootballDetail, random: Random): void {
  delete s.breakLeft;
  s.period += 1;
  s.phase = "live";
  s.clock = periodStart(s.period);
  if (s.period === 3) {
    f.possession = other(f.receivedFirst ?? 0);
    f.driveStart = s.clock;
  } else if (s.period > PERIODS) {
    f.possession = toss(random);
    f.driveStart = s.clock;
  }
}

function endOfPeriod(s: MatchState, f: FootballDetail, model: MatchModel, random: Random): void {
  if (s.period < PERIODS) {
    s.phase = "break";
    s.breakLeft = FOOTBALL_BREAKS[s.period - 1];
    return;
  }
  if (s.home !== s.away || model.drawPossible) {
    s.phase = "finished";
    delete s.breakLeft;
    return;
  }
  if (s.period - PERIODS >= MAX_EXTRA_PERIODS) {
    if (drawLots(random, model.homeRate, model.awayRate) === 0) s.home += 1;
    else s.away += 1;
    s.phase = "finished";
    return;
  }
  s.phase = "break";
  s.breakLeft = FOOTBALL_OVERTIME.break;
}

/** Plays `seconds` of sim time on `s` (the caller's private copy). */
export function advanceFootball(s: MatchState, model: MatchModel, seconds: number, random: Random): void {
  const f = (s.football ??= freshFootball());
  const tables = [driveTable(model.homeRate), driveTable(model.awayRate)];
  let left = seconds;
  while (left > EPSILON && s.phase !== "finished") {
    if (s.phase === "break") {
      const after = waitOutBreak(s, left);
      if (after === null) return;
      left = after;
      resume(s, f, random);
      continue;
    }
    if (f.receivedFirst === null) {
      f.receivedFirst = toss(random); // the opening kick-off
      f.possession = f.receivedFirst;
      f.driveStart = s.clock;
    }
    const end = periodEnd(s.period);
    const span = Math.max(0, Math.min(end - s.clock, left));
    const quiet = Math.max(0, DRIVE_MIN_SECONDS - (s.clock - f.driveStart)); // nothing ends a drive this soon
    const wait = quiet < span ? quiet + exponential(random, 1 / DRIVE_EXTRA_SECONDS) : Infinity;
    if (wait < span) {
      s.clock += wait;
      left -= wait;
      endDrive(s, f, tables[f.possession], random);
      continue;
    }
    s.clock += span;
    left -= span;
    if (s.clock >= end - EPSILON) {
      s.clock = end;
      if (s.period === 2 || s.period >= PERIODS) f.driveStart = end; // the half ends the drive, without a score
      endOfPeriod(s, f, model, random);
    }
  }
}
