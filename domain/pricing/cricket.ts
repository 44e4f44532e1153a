/**
 * The limited-overs cricket model (cricket-params.ts has the game): each side's runs still to come,
 * from the balls and wickets it has left, ball by ball as the engine bowls them.
 *
 * - A side with n balls and k wickets in hand faces balls until the k-th wicket or the n-th ball;
 *   the number M of its balls that are not wickets has an exact distribution (a chain over balls
 *   and wickets), and each of them scores from the side's ball table, so its remaining runs have
 *   mean mu x E[M] and variance sigma^2 x E[M] + mu^2 x Var[M] (mu, sigma of a scoring ball).
 * - The final difference and total are normal with those moments (continuity-corrected), a tie
 *   standing as the draw. The chase stopping once the target is passed does not change who wins.
 * - Match sixes: Poisson with each side's six chance per ball x the balls it expects still to face,
 *   on top of those already hit.
 */
import { type IntDist, NormalDist, PmfDist, poissonInto } from "./dist.ts";
import { ballTables } from "./cricket-params.ts";
import type { MatchModel, MatchState } from "../shared/types.ts";

interface Remaining {
  runsMean: number;
  runsVar: number;
  balls: number;
}

const memo = new Map<string, { mean: number; variance: number }>();

/** E[M] and Var[M]: balls that are not wickets, out of n, stopping at the k-th wicket. */
function scoringBalls(n: number, k: number, wicket: number): { mean: number; variance: number } {
  if (n <= 0 || k <= 0) return { mean: 0, variance: 0 };
  const key = `${n}|${k}|${wicket}`;
  const hit = memo.get(key);
  if (hit) return hit;
  if (memo.size > 4096) memo.clear();
  const value = chain(n, k, wicket);
  memo.set(key, value);
  return value;
}

function chain(n: number, k: number, wicket: number): { mean: number; variance: number } {
  // alive[w]: P(w wickets down and still batting) after j balls; each ends with M = j - w.
  let alive = new Float64Array(k);
  alive[0] = 1;
  let m1 = 0;
  let m2 = 0;
  for (let j = 0; j < n; j++) {
    const next = new Float64Array(k);
    for (let w = 0; w < k; w++) {
      const p = alive[w];
      if (p === 0) continue;
      next[w] += p * (1 - wicket);
      if (w + 1 < k) next[w + 1] += p * wicket;
      else {
        const m = j - w; // all out on ball j + 1: the balls before it that were not wickets
        m1 += p * wicket * m;
        m2 += p * wicket * m * m;
      }
    }
    alive = next;
  }
  for (let w = 0; w < k; w++) {
    const m = n - w;
    m1 += alive[w] * m;
    m2 += alive[w] * m * m;
  }
  return { mean: m1, variance: Math.max(0, m2 - m1 * m1) };
}

function remainingOf(table: ReturnType<typeof ballTables>[number], n: number, k: number): Remaining {
  const wicket = table[0].p;
  let mu = 0;
  let m2 = 0;
  for (const b of table) if (!b.value.wicket) {
    mu += (b.p / (1 - wicket)) * b.value.runs;
    m2 += (b.p / (1 - wicket)) * b.value.runs ** 2;
  }
  const sigma2 = m2 - mu * mu;
  const m = scoringBalls(n, k, wicket);
  return { runsMean: mu * m.mean, runsVar: sigma2 * m.mean + mu * mu * m.variance, balls: m.mean / (1 - wicket) };
}

/** Each side's balls and wickets still to come: [home, away] as [balls, wickets in hand]. */
function resources(state: MatchState, perInnings: number): [[number, number], [number, number]] {
  const c = state.cricket!;
  const full: [number, number] = [perInnings, 10];
  const none: [number, number] = [0, 0];
  if (state.phase === "pre") return [full, full];
  const batting: [number, number] = [Math.max(0, perInnings - c.balls), Math.max(0, 10 - c.wickets)];
  const other = c.innings <= 1 ? full : none;
  return c.batting === 0 ? [batting, other] : [other, batting];
}

export interface CricketOutlook {
  diff: IntDist;
  total: IntDist;
  sixes: IntDist;
}

export function cricketOutlook(state: MatchState, model: MatchModel, perInnings: number): CricketOutlook {
  const tables = ballTables(model.homeRate, model.awayRate, model.sixesRate, perInnings);
  const [h, a] = resources(state, perInnings);
  const home = remainingOf(tables[0], h[0], h[1]);
  const away = remainingOf(tables[1], a[0], a[1]);
  const sd = Math.sqrt(home.runsVar + away.runsVar);
  const sixesMean = tables[0][6].p * home.balls + tables[1][6].p * away.balls;
  const buf = new Float64Array(128);
  const n = poissonInto(buf, sixesMean);
  return {
    diff: new NormalDist(state.home - state.away, home.runsMean - away.runsMean, sd, false),
    total: new NormalDist(state.home + state.away, home.runsMean + away.runsMean, sd, true),
    sixes: new PmfDist(state.cricket?.sixes ?? 0, buf, n),
  };
}
