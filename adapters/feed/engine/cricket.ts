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
import type { CricketDetail, MatchModel, MatchState } from "../../../domain/shared/types.ts";
import { INNINGS_BREAK_SECONDS, ballTables } from "../../../domain/pricing/cricket-params.ts";
import { SECONDS_PER_BALL } from "../../../domain/pricing/params.ts";
import { pick, type Random } from "./random.ts";
import { waitOutBreak } from "./setup.ts";

const EPSILON = 1e-9;

function ballsPerInningsOf(c: CricketDetail, length: number): number {
  return c.ballsPerInnings ?? Math.max(1, Math.round(length / (2 * SECONDS_PER_BALL)));
}

export function advanceCricket(s: MatchState, model: MatchModel, seconds: number, random: Random): void {
  const c = s.cricket!;
  const perInnings = ballsPerInningsOf(c, s.length);
  const tables = ballTables(model.homeRate, model.awayRate, model.sixesRate, perInnings);
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
