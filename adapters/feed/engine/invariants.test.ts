/**
 * Engine invariants over 300 seeded matches per sport, each played in steps of a few seconds (fewer
 * than the shortest gap between two scoring events of any sport's rules, so each step sees at most
 * one): scores never decrease, the clock never runs back within a period and periods only move on,
 * a finished match stays finished, and each sport's impossible sequences never happen.
 */
import { describe, expect, it } from "vitest";
import type { MatchModel, MatchState, SportCode } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { DRIVE_MIN_SECONDS } from "../../../domain/pricing/football-params.ts";
import { INNINGS, PARS, PLAYOFF_PAR } from "../../../domain/pricing/params.ts";
import { initialState, modelFor } from "./index.ts";
import { halfInningOf } from "./mlb.ts";
import { LEAGUE, playOut, SPORTS } from "./testing.ts";

const MATCHES = 300;
type Step = { before: MatchState; after: MatchState };

/**
 * Failures are collected and compared once per sport: an expect() per step of 300 matches costs
 * more than playing them.
 */
let failures: string[] = [];
function check(ok: boolean, what: string, s?: MatchState): void {
  if (!ok && failures.length < 5) failures.push(`${what}${s ? ` at ${JSON.stringify(s)}` : ""}`);
}
/** Steps shorter than the shortest gap between two scoring events of the sport's rules where that matters. */
const STEP: Record<SportCode, number> = {
  soccer: 60, hockey: 60, basketball: 60, afl: 60, nrl: 60, nfl: 20, mlb: 30, cricket: 30, golf: 300, tennis: 120, racing: 20,
};

function trailOf(sport: SportCode, seed: number): { model: MatchModel; trail: Step[]; final: MatchState } {
  const random = mulberry32(90_000 + seed);
  const league = seed % 2 === 0 ? LEAGUE[sport] : sport === "basketball" ? "NBL" : sport === "cricket" ? "One-Day International" : LEAGUE[sport];
  const model = modelFor(sport, { homeShare: 0.1 + 0.8 * random(), league, runners: 3 + (seed % 10), random });
  const { trail, final } = playOut(initialState(sport, model, { league }), model, random, STEP[sport], true);
  return { model, trail, final };
}

/** What holds of every step in every sport. */
function expectGeneral({ before, after }: Step): void {
  check(after.home >= before.home, "home score went down", after);
  check(after.away >= before.away, "away score went down", after);
  check(after.period >= before.period, "period went back", after);
  if (after.period === before.period && !(after.sport === "soccer" && before.stoppage !== undefined && after.stoppage === undefined)) {
    check(after.clock >= before.clock - 1e-9, "clock ran back", after);
  }
  if (before.phase === "finished") check(JSON.stringify(after) === JSON.stringify(before), "a finished match changed", after);
  // Nothing is scored during an interval.
  if (before.phase === "break" && after.phase === "break" && after.period === before.period) {
    check(after.home === before.home && after.away === before.away, "scored in an interval", after);
  }
}

function expectFootball(trail: Step[]): void {
  let lastScore: { side: 0 | 1; clock: number; offensive: boolean } | null = null;
  for (const { before, after } of trail) {
    const dh = after.home - before.home;
    const da = after.away - before.away;
    if (dh === 0 && da === 0) continue;
    check(dh === 0 || da === 0, "both sides scored in one step", after); // one score a step at most: drives last DRIVE_MIN_SECONDS
    const last = after.football!.last!;
    const side = dh > 0 ? 0 : 1;
    check(last.side === side, "the last score is not the side that scored", after);
    check(last.points === dh + da, "the last score is not the points scored", after);
    const points: Record<string, number[]> = { touchdown: [6, 7, 8], field_goal: [3], return_touchdown: [7], safety: [2] };
    check(points[last.kind].includes(last.points), "points not of the kind of score", after);
    const offensive = last.kind === "touchdown" || last.kind === "field_goal";
    if (lastScore) {
      // Every score ends a drive, and no drive is shorter than DRIVE_MIN_SECONDS.
      check(last.clock - lastScore.clock >= DRIVE_MIN_SECONDS - 1e-6, "two scores closer than a drive", after);
      // One team's two offensive scores in a row have a drive of the other side between them.
      if (lastScore.side === side && offensive && lastScore.offensive) check(last.clock - lastScore.clock >= 2 * DRIVE_MIN_SECONDS - 1e-6, "one team scored twice on offence without a drive of the other between", after);
    }
    lastScore = { side, clock: last.clock, offensive };
  }
}

function expectBaseball(trail: Step[], final: MatchState): void {
  for (const { before, after } of trail) {
    const index = halfInningOf(before);
    if (halfInningOf(after) !== index || after.phase === "finished" && after.clock !== before.clock && halfInningOf(after) !== index) continue;
    // Only the side at bat scores: away in the top (even), home in the bottom (odd).
    if (index % 2 === 0) check(after.home === before.home, "home scored in the top of an inning", after);
    else check(after.away === before.away, "away scored in the bottom of an inning", after);
  }
  // A walk-off ends the game at once: home finishes at most four runs ahead in the bottom of the 9th or later.
  const index = Math.min(halfInningOf(final), Math.floor((final.clock - 1e-6) / (final.length / (2 * INNINGS))));
  if (final.home > final.away && index % 2 === 1 && index >= 2 * INNINGS - 1) check(final.home - final.away <= 4, "a walk-off did not end the game", final);
}

function expectCricket(trail: Step[], final: MatchState): void {
  for (const { before, after } of trail) {
    const b = before.cricket!;
    const a = after.cricket!;
    check(a.wickets <= 10, "more than ten wickets", after);
    check(a.balls <= a.ballsPerInnings!, "more balls than the innings has", after);
    check(a.sixes >= b.sixes, "sixes went down", after);
    check(a.innings >= b.innings, "innings went back", after);
    if (a.innings === b.innings && !(b.innings === 1 && b.balls === 0)) {
      // (the toss, before the first ball, decides who bats first)
      check(a.batting === b.batting, "the batting side changed within an innings", after);
      // Only the batting side scores.
      if (a.batting === 0) check(after.away === before.away, "the fielding side scored", after);
      else check(after.home === before.home, "the fielding side scored", after);
    }
  }
  // The chase stops as soon as the target is passed: by a six at most.
  const c = final.cricket!;
  const chasing = c.batting === 0 ? final.home : final.away;
  const target = c.batting === 0 ? final.away : final.home;
  if (c.innings === 2 && chasing > target) check(chasing - target <= 6, "the chase went on past the target", final);
}

function expectGolf(trail: Step[]): void {
  for (const { before, after } of trail) {
    if (after.home === before.home && after.away === before.away) continue;
    // Both players' strokes land together as a hole ends: its par, two over at most, two under at least.
    const par = before.period <= 18 ? PARS[before.period - 1] : PLAYOFF_PAR;
    for (const d of [after.home - before.home, after.away - before.away]) {
      check(d >= par - 2, "more than two under par on a hole", after);
      check(d <= par + 2, "more than two over par on a hole", after);
    }
  }
}

function expectTennis(trail: Step[]): void {
  for (const { after } of trail) {
    const t = after.tennis!;
    for (const [w, l] of t.sets.map(([h, a]) => [Math.max(h, a), Math.min(h, a)])) {
      check((w === 6 && l <= 4) || (w === 7 && (l === 5 || l === 6)), "a set score tennis cannot have", after);
    }
    check(after.home + after.away === t.sets.length, "sets won are not the sets played", after);
    check(Math.max(...t.games) <= 7, "more than seven games in a set", after);
  }
}

describe.each(SPORTS)("%s: invariants over 300 seeded matches", (sport) => {
  it("scores never decrease, the clock never runs back, a finished match stays finished, nothing impossible happens", () => {
    failures = [];
    for (let seed = 0; seed < MATCHES; seed++) {
      const { model, trail, final } = trailOf(sport, seed);
      check(final.phase === "finished", "did not finish", final);
      for (const step of trail) expectGeneral(step);
      if (!model.drawPossible && sport !== "racing") check(final.home !== final.away, "a level finish where there is no draw", final);
      if (sport === "nfl") expectFootball(trail);
      if (sport === "mlb") expectBaseball(trail, final);
      if (sport === "cricket") expectCricket(trail, final);
      if (sport === "golf") expectGolf(trail);
      if (sport === "tennis") expectTennis(trail);
    }
    expect(failures).toEqual([]);
  });
});
