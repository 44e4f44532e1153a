/**
 * The American football model: the final score's distribution from who has the ball, since when,
 * and the time left, drive by drive, exactly as the engine plays it (football-params.ts).
 *
 * - How many drives still end in a stretch of play: a drive lasts DRIVE_MIN_SECONDS plus an
 *   exponential time, so the k-th end comes at a known delay plus a Gamma(k) time and
 *   P(at least k ends) is a Poisson tail (drivesEndedAtLeast). The drive in progress has run
 *   clock - driveStart already.
 * - What they bring: a chain over drives of (points so far, who has the ball), each drive ending as
 *   the offence's table says (touchdown, field goal, nothing, or the defence's return touchdown or
 *   safety, with the possession rules of the engine), summed over the number of drives.
 * - Half time ends the first half's last drive and gives the ball to the side that did not receive
 *   the opening kick-off; before the toss both are averaged.
 * - A level match goes to sudden death: drives alternate until someone scores, so home's chance
 *   follows from the two tables and who has the ball (a coin toss before overtime).
 * Totals are on regulation (overtime points are not modelled).
 */
import { PmfDist } from "./dist.ts";
import {
  HALF_SECONDS, REGULATION_SECONDS, TOUCHDOWN_POINTS, driveTable, drivesEndedAtLeast, type DriveTable,
} from "./football-params.ts";
import type { FootballDetail, MatchModel, MatchState } from "../shared/types.ts";

interface Step {
  home: number;
  away: number;
  /** Whether the same side has the ball after it. */
  keep: boolean;
  p: number;
}

/** The ways a drive of `offence` (0 home, 1 away) ends: points to each side, who has the ball next. */
function stepsOf(table: DriveTable, offence: 0 | 1): Step[] {
  const pts = (own: number, theirs: number) => (offence === 0 ? { home: own, away: theirs } : { home: theirs, away: own });
  const steps: Step[] = TOUCHDOWN_POINTS.map((t) => ({ ...pts(t.value, 0), keep: false, p: table.touchdown * t.p }));
  steps.push({ ...pts(3, 0), keep: false, p: table.fieldGoal });
  steps.push({ ...pts(0, 0), keep: false, p: table.none });
  steps.push({ ...pts(0, 7), keep: true, p: table.returnTouchdown });
  steps.push({ ...pts(0, 2), keep: false, p: table.safety });
  return steps;
}

/** A pmf over offset, offset + 1, ... */
interface Increments {
  offset: number;
  pmf: Float64Array;
}

const MAX_POINTS_A_DRIVE = 8;
const NEGLIGIBLE = 1e-13;
/** More drives than can end in a half (40 s each at least). */
const MAX_DRIVES = Math.ceil(HALF_SECONDS / 40) + 2;

/** The same pmf without its negligible ends. */
function trim(x: Increments): Increments {
  let lo = 0;
  let hi = x.pmf.length - 1;
  while (lo < hi && x.pmf[lo] < NEGLIGIBLE) lo++;
  while (hi > lo && x.pmf[hi] < NEGLIGIBLE) hi--;
  return { offset: x.offset + lo, pmf: x.pmf.slice(lo, hi + 1) };
}

/**
 * The chain of drives from one side having the ball: after k drive ends, the points they brought
 * (as home - away, or home + away), whoever has the ball then. It depends on the model alone, so
 * it is built once (as far as asked) and kept: a state then only weighs its generations by how
 * likely each number of drives is.
 */
class DriveChain {
  readonly generations: Increments[] = [];
  private cur: Float64Array[];
  private lo: number;
  private hi: number;
  private readonly moves: { move: number; keep: boolean; p: number }[][];
  private readonly half: number;

  constructor(pos: 0 | 1, steps: readonly Step[][], total: boolean) {
    this.half = total ? 0 : MAX_POINTS_A_DRIVE * MAX_DRIVES;
    const width = this.half + MAX_POINTS_A_DRIVE * MAX_DRIVES + 1;
    this.cur = [new Float64Array(width), new Float64Array(width)];
    this.cur[pos][this.half] = 1;
    this.lo = this.half;
    this.hi = this.half;
    this.moves = steps.map((list) => list.filter((st) => st.p > 0).map((st) => ({ move: total ? st.home + st.away : st.home - st.away, keep: st.keep, p: st.p })));
    this.record();
  }

  private record(): void {
    const [c0, c1] = this.cur;
    const pmf = new Float64Array(this.hi - this.lo + 1);
    for (let x = this.lo; x <= this.hi; x++) pmf[x - this.lo] = c0[x] + c1[x];
    this.generations.push({ offset: this.lo - this.half, pmf });
  }

  /** Generation k (built on demand, at most MAX_DRIVES). */
  upTo(k: number): Increments[] {
    while (this.generations.length <= Math.min(k, MAX_DRIVES)) {
      const width = this.cur[0].length;
      const next = [new Float64Array(width), new Float64Array(width)];
      const lo = Math.max(0, this.lo - MAX_POINTS_A_DRIVE);
      const hi = Math.min(width - 1, this.hi + MAX_POINTS_A_DRIVE);
      for (const side of [0, 1] as const) {
        const from = this.cur[side];
        for (const m of this.moves[side]) {
          const to = next[m.keep ? side : 1 - side];
          for (let x = this.lo; x <= this.hi; x++) to[x + m.move] += from[x] * m.p;
        }
      }
      this.cur = next;
      this.lo = lo;
      this.hi = hi;
      // Scores far out carry no mass worth the work: keep to where the chain still has some.
      while (this.lo < this.hi && next[0][this.lo] < NEGLIGIBLE && next[1][this.lo] < NEGLIGIBLE) this.lo++;
      while (this.hi > this.lo && next[0][this.hi] < NEGLIGIBLE && next[1][this.hi] < NEGLIGIBLE) this.hi--;
      this.record();
    }
    return this.generations;
  }
}

// Chains by model, side with the ball and measure; a few live matches at a time, so a small cache.
const chains = new Map<string, DriveChain>();

function chainOf(model: MatchModel, pos: 0 | 1, steps: readonly Step[][], total: boolean): DriveChain {
  const key = `${model.homeRate}|${model.awayRate}|${pos}|${total ? "t" : "d"}`;
  let hit = chains.get(key);
  if (!hit) {
    if (chains.size >= 64) chains.delete(chains.keys().next().value!);
    hit = new DriveChain(pos, steps, total);
    chains.set(key, hit);
  }
  return hit;
}

/**
 * The points (as home - away, or home + away) the drives ending within `seconds` bring, from `pos`
 * having had the ball for `elapsed` seconds: the chain's generations weighed by P(k drives end).
 */
function segment(seconds: number, elapsed: number, pos: 0 | 1, model: MatchModel, steps: readonly Step[][], total: boolean): Increments {
  const atLeast: number[] = [1];
  for (let k = 1; k <= MAX_DRIVES; k++) {
    const p = drivesEndedAtLeast(k, seconds, elapsed);
    if (p < 1e-11) break;
    atLeast.push(p);
  }
  const drives = atLeast.length - 1;
  const generations = chainOf(model, pos, steps, total).upTo(drives);
  let lo = Infinity;
  let hi = -Infinity;
  const weights = atLeast.map((p, k) => p - (atLeast[k + 1] ?? 0));
  weights.forEach((w, k) => {
    if (w <= 0) return;
    lo = Math.min(lo, generations[k].offset);
    hi = Math.max(hi, generations[k].offset + generations[k].pmf.length - 1);
  });
  const out = new Float64Array(hi - lo + 1);
  weights.forEach((w, k) => {
    if (w <= 0) return;
    const g = generations[k];
    for (let i = 0; i < g.pmf.length; i++) out[g.offset - lo + i] += w * g.pmf[i];
  });
  return trim({ offset: lo, pmf: out });
}

function convolve(a: Increments, b: Increments): Increments {
  const out = new Float64Array(a.pmf.length + b.pmf.length - 1);
  for (let i = 0; i < a.pmf.length; i++) {
    const p = a.pmf[i];
    if (p < 1e-18) continue;
    for (let j = 0; j < b.pmf.length; j++) out[i + j] += p * b.pmf[j];
  }
  return trim({ offset: a.offset + b.offset, pmf: out });
}

function mix(a: Increments, b: Increments): Increments {
  const offset = Math.min(a.offset, b.offset);
  const end = Math.max(a.offset + a.pmf.length, b.offset + b.pmf.length);
  const out = new Float64Array(end - offset);
  for (let i = 0; i < a.pmf.length; i++) out[a.offset - offset + i] += a.pmf[i] / 2;
  for (let i = 0; i < b.pmf.length; i++) out[b.offset - offset + i] += b.pmf[i] / 2;
  return { offset, pmf: out };
}

/** P(home wins sudden death) with `pos` about to have (or having) the ball. */
export function suddenDeathHome(home: DriveTable, away: DriveTable, pos: 0 | 1): number {
  const a = home.touchdown + home.fieldGoal; // home scores on its drive
  const b = home.returnTouchdown + home.safety; // away's defence scores on it
  const c = away.touchdown + away.fieldGoal;
  const d = away.returnTouchdown + away.safety;
  const onHomeBall = (a + (1 - a - b) * d) / (1 - (1 - a - b) * (1 - c - d));
  const onAwayBall = d + (1 - c - d) * onHomeBall;
  return pos === 0 ? onHomeBall : onAwayBall;
}

/** The rest of regulation from the state: points as home - away (or total) still to come. */
function restOfRegulation(state: MatchState, f: FootballDetail, model: MatchModel, steps: readonly Step[][], total: boolean): Increments {
  const clock = Math.min(state.clock, REGULATION_SECONDS);
  const elapsed = Math.max(0, clock - f.driveStart);
  if (clock >= HALF_SECONDS && state.period >= 3) return segment(REGULATION_SECONDS - clock, elapsed, f.possession, model, steps, total);
  const firstHalf = (pos: 0 | 1, receivedFirst: 0 | 1) =>
    convolve(segment(HALF_SECONDS - clock, elapsed, pos, model, steps, total), segment(HALF_SECONDS, 0, (1 - receivedFirst) as 0 | 1, model, steps, total));
  if (f.receivedFirst === null) return mix(firstHalf(0, 0), firstHalf(1, 1)); // the toss is still to come
  return firstHalf(f.possession, f.receivedFirst);
}

export function footballOutlook(state: MatchState, model: MatchModel): { diff: PmfDist; total: PmfDist; tieHomeShare: number } {
  const tables = [driveTable(model.homeRate), driveTable(model.awayRate)];
  const steps = [stepsOf(tables[0], 0), stepsOf(tables[1], 1)];
  const f: FootballDetail = state.football ?? { possession: 0, driveStart: state.clock, receivedFirst: state.clock > 0 ? 0 : null, last: null };
  const overtime = state.period > 4;
  const toss = (suddenDeathHome(tables[0], tables[1], 0) + suddenDeathHome(tables[0], tables[1], 1)) / 2;
  const tieHomeShare = overtime && state.phase === "live" ? suddenDeathHome(tables[0], tables[1], f.possession) : toss;
  if (overtime) {
    const still: Increments = { offset: 0, pmf: Float64Array.of(1) };
    return { diff: new PmfDist(state.home - state.away, still.pmf), total: new PmfDist(state.home + state.away, still.pmf), tieHomeShare };
  }
  const d = restOfRegulation(state, f, model, steps, false);
  const t = restOfRegulation(state, f, model, steps, true);
  return {
    diff: new PmfDist(state.home - state.away + d.offset, d.pmf),
    total: new PmfDist(state.home + state.away + t.offset, t.pmf),
    tieHomeShare,
  };
}
