/**
 * Limited-overs cricket, ball by ball: a legal ball every SECONDS_PER_BALL of clock. Each side
 * bats one innings of `ballsPerInnings` balls or until 10 wickets fall; the second innings ends as
 * soon as the chasing side passes the target. A tie stands (the model's draw). home/away are runs.
 *
 * The toss is the first thing played (at clock 0): either side may bat first. A ball is a wicket,
 * a dot, 1, 2, 3, a four or a six; the batting side's mean runs per ball is its rate divided by
 * the balls of an innings, sixes come at the model's sixesRate (split by the sides' rates) and
 * wickets at ~6.5 an innings in a T20 and ~8 in a one-day innings. Clock: innings 2 starts at
 * ballsPerInnings x SECONDS_PER_BALL whenever innings 1 ended (all out early moves the clock on),
 * after a break (phase "break") of INNINGS_BREAK_SECONDS.
 */
import type { CricketDetail, MatchModel, MatchState } from "../../../domain/pricing/state.ts";
import { pick, type Random } from "./random.ts";
import { SECONDS_PER_BALL, waitOutBreak } from "./setup.ts";

export const INNINGS_BREAK_SECONDS = 600;
const EPSILON = 1e-9;

type Ball = { runs: number; six: boolean; wicket: boolean };

/** The outcomes of a legal ball for a side expected to score `rate` runs in an innings. */
export function ballTable(rate: number, sixesPerBall: number, ballsPerInnings: number): { value: Ball; p: number }[] {
  const short = ballsPerInnings <= 150;
  const mean = Math.max(0, rate) / ballsPerInnings;
  const wicket = short ? 0.054 : 0.027;
  let six = Math.max(0, Math.min(sixesPerBall, mean / 6));
  let four = Math.max(0, Math.min(short ? 0.11 : 0.07, (mean - 6 * six) / 4));
  const rest = Math.max(0, mean - 6 * six - 4 * four); // run in singles, twos and threes
  let one = 0.75 * rest;
  let two = (0.22 * rest) / 2;
  let three = (0.03 * rest) / 3;
  const used = wicket + six + four + one + two + three;
  if (used > 1) {
    // An absurd rate: scale the scoring balls down to fit (the mean then falls short of the rate).
    const k = (1 - wicket) / (used - wicket);
    six *= k;
    four *= k;
    one *= k;
    two *= k;
    three *= k;
  }
  const dot = Math.max(0, 1 - (wicket + six + four + one + two + three));
  return [
    { value: { runs: 0, six: false, wicket: true }, p: wicket },
    { value: { runs: 0, six: false, wicket: false }, p: dot },
    { value: { runs: 1, six: false, wicket: false }, p: one },
    { value: { runs: 2, six: false, wicket: false }, p: two },
    { value: { runs: 3, six: false, wicket: false }, p: three },
    { value: { runs: 4, six: false, wicket: false }, p: four },
    { value: { runs: 6, six: true, wicket: false }, p: six },
  ];
}

function ballsPerInningsOf(c: CricketDetail, length: number): number {
  return c.ballsPerInnings ?? Math.max(1, Math.round(length / (2 * SECONDS_PER_BALL)));
}

export function advanceCricket(s: MatchState, model: MatchModel, seconds: number, random: Random): void {
  const c = s.cricket!;
  const perInnings = ballsPerInningsOf(c, s.length);
  const totalRate = Math.max(0, model.homeRate) + Math.max(0, model.awayRate);
  const sixes = model.sixesRate ?? (perInnings <= 150 ? 12 : 9);
  const tables = ([0, 1] as const).map((side) => {
    const rate = side === 0 ? model.homeRate : model.awayRate;
    const sixesPerBall = totalRate > 0 ? (sixes * (Math.max(0, rate) / totalRate)) / perInnings : 0;
    return ballTable(rate, sixesPerBall, perInnings);
  });
  let left = seconds;
  while (left > EPSILON && s.phase !== "finished") {
    if (s.phase === "break") {
      const after = waitOutBreak(s, left);
      if (after === null) return;
      left = after;
      s.phase = "live";
      s.period = 2;
      c.innings = 2;
      c.batting = (1 - c.batting) as 0 | 1;
      c.balls = 0;
      c.wickets = 0;
      s.clock = perInnings * SECONDS_PER_BALL;
      continue;
    }
    if (c.innings === 1 && c.balls === 0 && s.clock === 0) c.batting = random() < 0.5 ? 0 : 1; // the toss
    const next = ((c.innings - 1) * perInnings + c.balls + 1) * SECONDS_PER_BALL;
    const span = Math.max(0, Math.min(next - s.clock, left));
    s.clock += span;
    left -= span;
    if (s.clock < next - EPSILON) continue;
    s.clock = next;
    const ball = pick(random, tables[c.batting]);
    c.balls += 1;
    if (ball.wicket) c.wickets += 1;
    if (ball.six) c.sixes += 1;
    if (c.batting === 0) s.home += ball.runs;
    else s.away += ball.runs;
    const batting = c.batting === 0 ? s.home : s.away;
    const fielding = c.batting === 0 ? s.away : s.home;
    const over = c.balls >= perInnings || c.wickets >= 10;
    if (c.innings === 2 && (batting > fielding || over)) s.phase = "finished";
    else if (over) {
      s.phase = "break";
      s.breakLeft = INNINGS_BREAK_SECONDS;
    }
  }
}
