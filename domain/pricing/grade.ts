/**
 * gradeMarket: what the state already decides, per outcome (null = still open). A market is decided
 * when every outcome has a result; at phase "finished" every outcome always has one.
 *
 * Decided as soon as the state makes it certain:
 * - over_under: totals only grow (goals, points, runs, strokes, games, sixes), so a total above the
 *   line wins "over" at once; "under" wins only at the finish; a whole-number line that lands
 *   exactly is void. Racing: on the winning margin, at the finish.
 * - both_teams_score: "yes" once both have scored; at the finish otherwise "no".
 * - correct_score: a listed score below the current score on either side is lost at once; at the
 *   finish the exact score wins (or "other" when no listed score matches); if every listed score is
 *   already impossible, "other" wins at once.
 * - full_time_result and handicap: at the finish (tennis: once a side has won the sets it needs).
 *   A level finish wins "draw" where the market lists it, and is void in a 2-way market (dead heat).
 *   A whole-number handicap that lands exactly pushes: every outcome void. Golf: fewer strokes win,
 *   and the handicap is mirrored: home -1.5 needs at least 2 strokes fewer.
 * - racing winner: at the finish, state.racing.order[0].
 * Whatever a finished match leaves undecidable (a code the market type doesn't know, a racing result
 * without its order or margin, a line missing) is void or lost, never open: unknown codes lose,
 * missing data voids the market.
 */
import type { MarketSpec, MatchState, OutcomeResult } from "../shared/types.ts";
import { setsNeeded } from "./tennis.ts";

function fill(n: number, r: OutcomeResult): OutcomeResult[] {
  return new Array(n).fill(r);
}

function isFinished(state: MatchState): boolean {
  if (state.phase === "finished") return true;
  if (state.sport === "tennis") {
    const need = setsNeeded(state.tennis?.bestOf ?? 3);
    return state.home >= need || state.away >= need;
  }
  return false;
}

/** Games won by each side in the match so far (completed sets plus the set in progress). */
export function tennisGames(state: MatchState): [number, number] {
  const t = state.tennis;
  if (!t) return [0, 0];
  let h = t.games[0];
  let a = t.games[1];
  for (const [x, y] of t.sets) {
    h += x;
    a += y;
  }
  return [h, a];
}

/** The side scores a line market is on: games for tennis, otherwise the score. */
function lineScores(state: MatchState): [number, number] {
  return state.sport === "tennis" ? tennisGames(state) : [state.home, state.away];
}

/** Grade by a sign: > 0 `up` won, < 0 `down` won, 0 void (or `level` won when listed). */
function bySign(codes: readonly string[], sign: number, up: string, down: string, level?: string): OutcomeResult[] {
  const winner = sign > 0 ? up : sign < 0 ? down : level;
  if (winner === undefined || !codes.includes(winner)) return fill(codes.length, "void");
  return codes.map((c) => (c === winner ? "won" : "lost"));
}

function parseScore(code: string): [number, number] | null {
  const m = /^(\d+)-(\d+)$/.exec(code);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

export function gradeMarket(spec: MarketSpec, state: MatchState): OutcomeResult[] {
  const codes = spec.codes;
  const n = codes.length;
  const finished = isFinished(state);

  if (state.sport === "racing") {
    if (!finished) return fill(n, null);
    const r = state.racing;
    if (spec.type === "full_time_result") {
      const first = r?.order?.[0];
      if (first === undefined) return fill(n, "void");
      return codes.map((c) => (c === `r${first}` ? "won" : "lost"));
    }
    if (spec.type === "over_under") {
      const m = r?.marginLengths;
      if (m === null || m === undefined || spec.line === null) return fill(n, "void");
      return bySign(codes, m - spec.line, "over", "under");
    }
    return fill(n, "void");
  }

  switch (spec.type) {
    case "full_time_result": {
      if (!finished) return fill(n, null);
      const sign = state.sport === "golf" ? state.away - state.home : state.home - state.away;
      return bySign(codes, sign, "home", "away", "draw");
    }
    case "handicap": {
      if (!finished) return fill(n, null);
      if (spec.line === null) return fill(n, "void");
      const [h, a] = lineScores(state);
      // home covers when its edge + line > 0; golf's edge is mirrored (home -1.5: 2 strokes fewer)
      const sign = (state.sport === "golf" ? a - h : h - a) + spec.line;
      return bySign(codes, sign, "home", "away");
    }
    case "over_under": {
      if (spec.line === null) return fill(n, finished ? "void" : null);
      const [h, a] = lineScores(state);
      const total = state.sport === "cricket" ? (state.cricket?.sixes ?? 0) : h + a;
      if (total > spec.line) return codes.map((c) => (c === "over" ? "won" : "lost"));
      if (!finished) return fill(n, null);
      return bySign(codes, total - spec.line, "over", "under");
    }
    case "both_teams_score": {
      if (state.home >= 1 && state.away >= 1) return codes.map((c) => (c === "yes" ? "won" : "lost"));
      if (!finished) return fill(n, null);
      return codes.map((c) => (c === "no" ? "won" : "lost"));
    }
    case "correct_score": {
      const scores = codes.map(parseScore);
      if (finished) {
        const hit = scores.findIndex((s) => s !== null && s[0] === state.home && s[1] === state.away);
        return codes.map((c, i) => (hit >= 0 ? (i === hit ? "won" : "lost") : c === "other" ? "won" : "lost"));
      }
      let open = 0;
      const out: OutcomeResult[] = scores.map((s, i) => {
        if (codes[i] === "other") return null;
        if (s === null || s[0] < state.home || s[1] < state.away) return "lost";
        open++;
        return null;
      });
      if (open === 0) return codes.map((c) => (c === "other" ? "won" : "lost"));
      return out;
    }
  }
}
