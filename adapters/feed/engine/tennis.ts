/**
 * Tennis point by point, a point every POINT_SECONDS of clock. The server wins a point with its
 * serveWin probability; games to four points with two clear (points are counts: 40-40 is [3, 3],
 * advantage [4, 3]); sets to six games with two clear, or 7-5, with a tie-break at 6-6 (first to
 * seven points, two clear; the serve changes after the first point and every two after). The
 * serve alternates every game; after a tie-break the player who received first serves. `home` and
 * `away` are sets won, `period` the set in play; finished when a side has won the sets needed
 * (2 of 3, 3 of 5). Who serves first is tossed at the first point.
 */
import type { MatchModel, MatchState, TennisDetail } from "../../../domain/shared/types.ts";
import type { Random } from "./random.ts";
import { POINT_SECONDS } from "./setup.ts";

const EPSILON = 1e-9;

/** Who serves the k-th point (0-based) of a tie-break that `first` opened. */
function tiebreakServer(first: 0 | 1, k: number): 0 | 1 {
  return (Math.floor((k + 1) / 2) % 2 === 0 ? first : 1 - first) as 0 | 1;
}

/** Who opened the tie-break in progress, from the server of its next point. */
function tiebreakOpener(t: TennisDetail): 0 | 1 {
  const k = t.points[0] + t.points[1];
  return (Math.floor((k + 1) / 2) % 2 === 0 ? t.server : 1 - t.server) as 0 | 1;
}

function clampServe(p: number | undefined): number {
  return Math.min(0.99, Math.max(0.01, p ?? 0.65));
}

/** Plays one point on `s`. */
export function playPoint(s: MatchState, serveWin: readonly [number, number], random: Random): void {
  const t = s.tennis!;
  const p = clampServe(serveWin[t.server]);
  const winner = (random() < p ? t.server : 1 - t.server) as 0 | 1;
  const loser = (1 - winner) as 0 | 1;
  if (t.tiebreak) {
    const opener = tiebreakOpener(t);
    t.points[winner] += 1;
    if (t.points[winner] >= 7 && t.points[winner] - t.points[loser] >= 2) {
      t.games[winner] += 1;
      t.points = [0, 0];
      t.tiebreak = false;
      t.server = (1 - opener) as 0 | 1;
      endSet(s, winner);
    } else t.server = tiebreakServer(opener, t.points[0] + t.points[1]);
    return;
  }
  t.points[winner] += 1;
  if (t.points[winner] < 4 || t.points[winner] - t.points[loser] < 2) return;
  t.points = [0, 0];
  t.games[winner] += 1;
  t.server = (1 - t.server) as 0 | 1;
  const [w, l] = [t.games[winner], t.games[loser]];
  if ((w >= 6 && w - l >= 2) || w === 7) endSet(s, winner);
  else if (w === 6 && l === 6) t.tiebreak = true; // the next server opens the tie-break
}

function endSet(s: MatchState, winner: 0 | 1): void {
  const t = s.tennis!;
  t.sets.push([t.games[0], t.games[1]]);
  t.games = [0, 0];
  if (winner === 0) s.home += 1;
  else s.away += 1;
  const need = Math.ceil(t.bestOf / 2);
  if (s.home >= need || s.away >= need) s.phase = "finished";
  else s.period = t.sets.length + 1;
}

export function advanceTennis(s: MatchState, model: MatchModel, seconds: number, random: Random): void {
  const t = s.tennis!;
  const serveWin: readonly [number, number] = model.serveWin ?? [0.65, 0.65];
  let left = seconds;
  while (left > EPSILON && s.phase === "live") {
    if (s.clock === 0 && t.sets.length === 0 && t.games[0] + t.games[1] + t.points[0] + t.points[1] === 0) {
      t.server = random() < 0.5 ? 0 : 1; // the toss
    }
    const next = (Math.floor(s.clock / POINT_SECONDS) + 1) * POINT_SECONDS;
    const span = Math.max(0, Math.min(next - s.clock, left));
    s.clock += span;
    left -= span;
    if (s.clock < next - EPSILON) continue;
    s.clock = next;
    playPoint(s, serveWin, random);
  }
}
