/**
 * Tennis from the point up: each point is won by its server with probability serveWin[server],
 * independently (the usual Markov model). From the state we compute exactly:
 * - the probability of winning the current game (deuce in closed form) or tie-break (deuce in
 *   closed form: from a tied score past 6-6 the next two points are served one by each player),
 * - the distribution of the current set's final score (a forward pass over the game scores, the
 *   server alternating each game, a tie-break at 6-6 in every set, the final set included),
 * - then, over the remaining sets, the match winner and the distributions of the match's total
 *   games and home-minus-away games difference (each a 1-D array carried per sets-won state:
 *   a set adds its games to both marginals, so the marginals propagate independently and exactly).
 *
 * Conventions read from the state (domain/shared/types.ts): home/away are sets won; tennis.sets
 * holds completed sets only, tennis.games the set in progress. In a tie-break `server` is the
 * server of the NEXT point (it changes after the first point, then every two points); the player
 * who served the tie-break's first point receives first in the next set.
 *
 * A fresh set's outcome distribution depends only on serveWin and who serves first: it is
 * memoised per serveWin pair (a small bounded cache; pricing a tennis event runs every few seconds).
 */
import type { MatchState, TennisDetail } from "../shared/types.ts";

export const DEFAULT_SERVE_WIN: [number, number] = [0.64, 0.64];

export function defaultTennis(bestOf: 3 | 5 = 3): TennisDetail {
  return { bestOf, sets: [], games: [0, 0], points: [0, 0], server: 0, tiebreak: false };
}

export function setsNeeded(bestOf: number): number {
  return Math.floor(bestOf / 2) + 1;
}

/** P(server wins the game) from server's points s and receiver's points r; p = server's point win. */
export function gameWin(p: number, s: number, r: number): number {
  if (s >= 4 && s - r >= 2) return 1;
  if (r >= 4 && r - s >= 2) return 0;
  const q = 1 - p;
  if (s >= 3 && r >= 3) {
    const deuce = (p * p) / (p * p + q * q);
    const d = s - r;
    if (d === 0) return deuce;
    return d > 0 ? p + q * deuce : p * deuce;
  }
  return p * gameWin(p, s + 1, r) + q * gameWin(p, s, r + 1);
}

/** Server of tie-break point n (0-based) when s0 served the first point. */
function tbServer(n: number, s0: 0 | 1): 0 | 1 {
  return ((n + 1) >> 1) % 2 === 0 ? s0 : ((1 - s0) as 0 | 1);
}

/** Who served the tie-break's first point, from the server of point n. */
export function tbFirstServer(n: number, serverOfN: 0 | 1): 0 | 1 {
  return ((n + 1) >> 1) % 2 === 0 ? serverOfN : ((1 - serverOfN) as 0 | 1);
}

/** P(home wins the tie-break) from points (a, b), s0 = first server, sw = serveWin. */
export function tiebreakWin(sw: readonly [number, number], s0: 0 | 1, a: number, b: number): number {
  const memo = new Float64Array(64).fill(-1);
  const home = (n: number) => (tbServer(n, s0) === 0 ? sw[0] : 1 - sw[1]);
  const go = (x: number, y: number): number => {
    if (x >= 7 && x - y >= 2) return 1;
    if (y >= 7 && y - x >= 2) return 0;
    if (x >= 6 && x === y) {
      const n = x + y; // even: the next two points are served one by each player
      const w = home(n) * home(n + 1);
      const l = (1 - home(n)) * (1 - home(n + 1));
      return w / (w + l);
    }
    const key = x < 8 && y < 8 ? x * 8 + y : -1;
    if (key >= 0 && memo[key] >= 0) return memo[key];
    const p = home(x + y);
    const v = p * go(x + 1, y) + (1 - p) * go(x, y + 1);
    if (key >= 0) memo[key] = v;
    return v;
  };
  return go(a, b);
}

/** A set's final score with its probability and who serves first in the next set. */
interface SetOutcome {
  h: number;
  a: number;
  p: number;
  next: 0 | 1;
}

function setOver(x: number, y: number): boolean {
  return x === 7 || y === 7 || (x === 6 && y <= 4) || (y === 6 && x <= 4);
}

/**
 * The distribution of a set's final score from games (gh, ga), the current game served by `sv` and
 * won by home with probability g0 (the game in progress, or a tie-break at 6-6).
 */
function setOutcomes(sw: readonly [number, number], gh: number, ga: number, sv: 0 | 1, g0: number): SetOutcome[] {
  if (setOver(gh, ga)) return [{ h: gh, a: ga, p: 1, next: sv }];
  const hold0 = gameWin(sw[0], 0, 0);
  const hold1 = gameWin(sw[1], 0, 0);
  const mass = new Float64Array(64); // 8 x 8 game scores
  mass[gh * 8 + ga] = 1;
  const out: SetOutcome[] = [];
  const start = gh + ga;
  for (let t = start; t <= 12; t++) {
    for (let x = Math.max(0, t - 7); x <= Math.min(7, t); x++) {
      const y = t - x;
      const m = mass[x * 8 + y];
      if (m === 0) continue;
      const server: 0 | 1 = (t - start) % 2 === 0 ? sv : ((1 - sv) as 0 | 1);
      if (setOver(x, y)) {
        out.push({ h: x, a: y, p: m, next: server });
        continue;
      }
      let pw: number;
      if (t === start) pw = g0;
      else if (x === 6 && y === 6) pw = tiebreakWin(sw, server, 0, 0);
      else pw = server === 0 ? hold0 : 1 - hold1;
      mass[(x + 1) * 8 + y] += m * pw;
      mass[x * 8 + y + 1] += m * (1 - pw);
    }
  }
  // 13 games (7-6 / 6-7) are terminal and reached at t = 13.
  for (const [x, y] of [[7, 6], [6, 7]] as const) {
    const m = mass[x * 8 + y];
    if (m > 0) out.push({ h: x, a: y, p: m, next: (13 - start) % 2 === 0 ? sv : ((1 - sv) as 0 | 1) });
  }
  return out;
}

const freshCache = new Map<string, [SetOutcome[], SetOutcome[]]>();

function freshSets(sw: readonly [number, number]): [SetOutcome[], SetOutcome[]] {
  const key = `${sw[0]}|${sw[1]}`;
  let v = freshCache.get(key);
  if (!v) {
    v = [
      setOutcomes(sw, 0, 0, 0, gameWin(sw[0], 0, 0)),
      setOutcomes(sw, 0, 0, 1, 1 - gameWin(sw[1], 0, 0)),
    ];
    if (freshCache.size >= 256) freshCache.clear();
    freshCache.set(key, v);
  }
  return v;
}

export interface TennisOutlook {
  /** P(home wins the match). */
  pHome: number;
  /** Final total games: pmf over offset + i. */
  totalOffset: number;
  total: Float64Array;
  /** Final home-minus-away games: pmf over diffOffset + i. */
  diffOffset: number;
  diff: Float64Array;
}

const MAX_SET_GAMES = 13;

const outlookCache = new Map<string, TennisOutlook>();

/**
 * The match outlook from the state and serveWin. An event's markets (result, total games, games
 * handicap) are priced from the same outlook: the last few are kept by value (a small bounded
 * cache keyed by the score and serveWin), so a tick computes each event's DP once. Callers only
 * read the arrays.
 */
export function tennisOutlook(state: MatchState, serveWin: readonly [number, number]): TennisOutlook {
  const t = state.tennis ?? defaultTennis();
  const key = `${state.home},${state.away}|${t.bestOf}|${JSON.stringify(t.sets)}|${t.games[0]},${t.games[1]}|${t.points[0]},${t.points[1]}|${t.server}|${t.tiebreak ? 1 : 0}|${serveWin[0]},${serveWin[1]}`;
  const hit = outlookCache.get(key);
  if (hit) return hit;
  const out = computeOutlook(state, t, serveWin);
  if (outlookCache.size >= 64) outlookCache.delete(outlookCache.keys().next().value as string);
  outlookCache.set(key, out);
  return out;
}

/** The outlook of a match already won: nothing more is played, so every pmf is a point mass. */
function decidedOutlook(homeWon: boolean, totalOffset: number, diffOffset: number): TennisOutlook {
  const total = new Float64Array(1);
  total[0] = 1;
  const diff = new Float64Array(1);
  diff[0] = 1;
  return { pHome: homeWon ? 1 : 0, totalOffset, total, diffOffset, diff };
}

/** How the set in progress can end, from its games and the point score of the game (or tie-break) being played. */
function currentSetOutcomes(t: TennisDetail, serveWin: readonly [number, number]): SetOutcome[] {
  const sv = t.server;
  let g0: number;
  const [ph, pa] = t.points;
  if (t.tiebreak) {
    const s0 = tbFirstServer(ph + pa, sv);
    g0 = tiebreakWin(serveWin, s0, ph, pa);
  } else if (sv === 0) {
    g0 = gameWin(serveWin[0], ph, pa);
  } else {
    g0 = 1 - gameWin(serveWin[1], pa, ph);
  }
  // In a tie-break the "server" of the set's 13th game, for the next set, is its first server.
  const gameServer: 0 | 1 = t.tiebreak ? tbFirstServer(ph + pa, sv) : sv;
  return setOutcomes(serveWin, t.games[0], t.games[1], gameServer, g0);
}

/**
 * The set-by-set walk over the rest of a match: per unfinished state (sets home, sets away, next
 * server) the marginals of the games still to come, and what has reached the end of the match.
 */
interface SetWalk {
  need: number;
  span: number;
  dSize: number;
  tSize: number;
  /** One pair of marginals per state: index ((h * need + a) * 2 + s). */
  dm: Float64Array;
  tm: Float64Array;
  finalD: Float64Array;
  finalT: Float64Array;
  pHome: number;
}

function newSetWalk(need: number, setsLeft: number): SetWalk {
  const span = setsLeft * MAX_SET_GAMES;
  const dSize = 2 * span + 1; // additional diff in [-span, span]
  const tSize = span + 1; // additional total in [0, span]
  const states = need * need * 2;
  return {
    need,
    span,
    dSize,
    tSize,
    dm: new Float64Array(states * dSize),
    tm: new Float64Array(states * tSize),
    finalD: new Float64Array(dSize),
    finalT: new Float64Array(tSize),
    pHome: 0,
  };
}

/** Moves `weight` of a state (its marginals at `fromIdx`, or a point mass) through set outcome o. */
function addSet(w: SetWalk, fromIdx: number, weight: number, o: SetOutcome, sh: number, sa: number): void {
  const { need, span, dSize, tSize, dm, tm } = w;
  const homeWon = o.h > o.a;
  const nh = sh + (homeWon ? 1 : 0);
  const na = sa + (homeWon ? 0 : 1);
  const shiftD = o.h - o.a;
  const shiftT = o.h + o.a;
  let targetD = w.finalD;
  let targetT = w.finalT;
  let dOff = 0;
  let tOff = 0;
  if (nh >= need || na >= need) {
    if (nh >= need) w.pHome += weight * o.p;
  } else {
    const idx = (nh * need + na) * 2 + o.next;
    targetD = dm;
    targetT = tm;
    dOff = idx * dSize;
    tOff = idx * tSize;
  }
  if (fromIdx < 0) {
    targetD[dOff + span + shiftD] += weight * o.p;
    targetT[tOff + shiftT] += weight * o.p;
    return;
  }
  const fd = fromIdx * dSize;
  for (let i = 0; i < dSize; i++) {
    const v = dm[fd + i];
    if (v !== 0) targetD[dOff + i + shiftD] += v * o.p;
  }
  const ft = fromIdx * tSize;
  for (let i = 0; i < tSize; i++) {
    const v = tm[ft + i];
    if (v !== 0) targetT[tOff + i + shiftT] += v * o.p;
  }
}

/** Later sets, in order of sets played (a state's mass is the sum of its total-games marginal). */
function walkLaterSets(w: SetWalk, fresh: [SetOutcome[], SetOutcome[]], setsPlayed: number): void {
  const { need, tSize, tm } = w;
  for (let played = setsPlayed + 1; played < 2 * need - 1; played++) {
    for (let h = 0; h < need; h++) {
      const a = played - h;
      if (a < 0 || a >= need) continue;
      for (let s = 0; s < 2; s++) {
        const idx = (h * need + a) * 2 + s;
        let weight = 0;
        for (let i = 0; i < tSize; i++) weight += tm[idx * tSize + i];
        if (weight === 0) continue;
        for (const o of fresh[s]) addSet(w, idx, weight, o, h, a);
      }
    }
  }
}

function computeOutlook(state: MatchState, t: TennisDetail, serveWin: readonly [number, number]): TennisOutlook {
  const need = setsNeeded(t.bestOf);
  let doneH = 0;
  let doneA = 0;
  for (const [h, a] of t.sets) {
    doneH += h;
    doneA += a;
  }
  const sH0 = state.home;
  const sA0 = state.away;
  if (sH0 >= need || sA0 >= need) {
    const totalOffset = doneH + doneA + t.games[0] + t.games[1];
    return decidedOutlook(sH0 >= need, totalOffset, doneH - doneA + t.games[0] - t.games[1]);
  }
  const current = currentSetOutcomes(t, serveWin);
  const fresh = freshSets(serveWin);
  const w = newSetWalk(need, 2 * need - 1 - (sH0 + sA0));
  for (const o of current) addSet(w, -1, 1, o, sH0, sA0);
  walkLaterSets(w, fresh, sH0 + sA0);
  const baseT = doneH + doneA;
  const baseD = doneH - doneA;
  return { pHome: w.pHome, totalOffset: baseT, total: w.finalT, diffOffset: baseD - w.span, diff: w.finalD };
}

/**
 * The state after one more point, won by `winner` (0 home, 1 away): the scoring rules the model
 * assumes (games to 4 by two, sets to 6 by two with a tie-break to 7 by two at 6-6). The clock and
 * phase other than "finished" are left alone. Used by tests to walk valid states.
 * @internal Exported for its tests (no production caller imports it).
 */
export function tennisPointWon(state: MatchState, winner: 0 | 1): MatchState {
  const t0 = state.tennis ?? defaultTennis();
  const need = setsNeeded(t0.bestOf);
  if (state.home >= need || state.away >= need) return state;
  const t: TennisDetail = {
    ...t0,
    sets: t0.sets.map((s) => [s[0], s[1]] as [number, number]),
    games: [t0.games[0], t0.games[1]],
    points: [t0.points[0], t0.points[1]],
  };
  let home = state.home;
  let away = state.away;
  let phase = state.phase === "pre" ? "live" : state.phase;
  const n = t.points[0] + t.points[1];
  t.points[winner]++;
  const pw = t.points[winner];
  const pl = t.points[1 - winner];
  if (t.tiebreak) {
    if (pw >= 7 && pw - pl >= 2) {
      const s0 = tbFirstServer(n, t.server);
      t.games[winner]++;
      t.sets.push([t.games[0], t.games[1]]);
      if (winner === 0) home++;
      else away++;
      t.games = [0, 0];
      t.points = [0, 0];
      t.tiebreak = false;
      t.server = (1 - s0) as 0 | 1;
    } else if ((n + 1) % 2 === 1) {
      t.server = (1 - t.server) as 0 | 1;
    }
  } else if (pw >= 4 && pw - pl >= 2) {
    t.points = [0, 0];
    t.games[winner]++;
    t.server = (1 - t.server) as 0 | 1;
    const gw = t.games[winner];
    const gl = t.games[1 - winner];
    if ((gw >= 6 && gw - gl >= 2) || gw === 7) {
      t.sets.push([t.games[0], t.games[1]]);
      if (winner === 0) home++;
      else away++;
      t.games = [0, 0];
    } else if (gw === 6 && gl === 6) {
      t.tiebreak = true;
    }
  }
  if (home >= need || away >= need) phase = "finished";
  return { ...state, home, away, phase, period: t.sets.length + (phase === "finished" ? 0 : 1), tennis: t };
}
