/**
 * Exact point-to-set probabilities of tennis from the two serve-win probabilities, used by modelFor
 * (a tennis model's homeRate/awayRate are the expected sets won) and by the tests (the simulated
 * win rate must match). Pricing has its own, fuller model in domain/pricing; this one is small.
 */

/** Probability that the server holds a standard game, winning each point with probability p. */
export function holdProbability(p: number): number {
  const q = 1 - p;
  const toDeuce = 20 * p ** 3 * q ** 3;
  const fromDeuce = (p * p) / (p * p + q * q);
  return p ** 4 * (1 + 4 * q + 10 * q * q) + toDeuce * fromDeuce;
}

/**
 * Probability that home wins a tie-break (first to 7, two clear) when `first` serves its first
 * point; then the serve changes after one point and every two points after that.
 */
export function tiebreakProbability(serveWin: readonly [number, number], first: 0 | 1): number {
  const onServe = (server: 0 | 1) => (server === 0 ? serveWin[0] : 1 - serveWin[1]);
  // From 6-6 every two points hold one serve each: home wins the pair with a*b, loses it with (1-a)(1-b).
  const a = serveWin[0];
  const b = 1 - serveWin[1];
  const fromSixAll = (a * b) / (a * b + (1 - a) * (1 - b));
  const memo = new Map<number, number>();
  const f = (i: number, j: number): number => {
    if (i === 7 && j <= 5) return 1;
    if (j === 7 && i <= 5) return 0;
    if (i === 6 && j === 6) return fromSixAll;
    const key = i * 8 + j;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const k = i + j;
    const server = (Math.floor((k + 1) / 2) % 2 === 0 ? first : 1 - first) as 0 | 1;
    const p = onServe(server);
    const v = p * f(i + 1, j) + (1 - p) * f(i, j + 1);
    memo.set(key, v);
    return v;
  };
  return f(0, 0);
}

/** Probability that home wins a set (tie-break at 6-6) when `first` serves the first game. */
export function setProbability(serveWin: readonly [number, number], first: 0 | 1): number {
  const holdHome = holdProbability(serveWin[0]);
  const holdAway = holdProbability(serveWin[1]);
  const memo = new Map<number, number>();
  const g = (i: number, j: number, server: 0 | 1): number => {
    if ((i === 6 && j <= 4) || i === 7) return 1;
    if ((j === 6 && i <= 4) || j === 7) return 0;
    if (i === 6 && j === 6) return tiebreakProbability(serveWin, server);
    const key = (i * 8 + j) * 2 + server;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const winGame = server === 0 ? holdHome : 1 - holdAway;
    const next = (1 - server) as 0 | 1;
    const v = winGame * g(i + 1, j, next) + (1 - winGame) * g(i, j + 1, next);
    memo.set(key, v);
    return v;
  };
  return g(0, 0, first);
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/**
 * Match-win probability and expected sets won by each side, treating sets as independent with the
 * set-win probability averaged over who serves first (an approximation: who serves first in a set
 * depends on the games of the one before; the error is far below a percent).
 */
export function tennisOutlook(serveWin: readonly [number, number], bestOf: 3 | 5 = 3): { homeWin: number; homeSets: number; awaySets: number } {
  const s = (setProbability(serveWin, 0) + setProbability(serveWin, 1)) / 2;
  const need = Math.ceil(bestOf / 2);
  let homeWin = 0;
  let homeSets = 0;
  let awaySets = 0;
  for (let k = 0; k < need; k++) {
    const homeWinsWithAwayOnK = binomial(need - 1 + k, k) * s ** need * (1 - s) ** k;
    const awayWinsWithHomeOnK = binomial(need - 1 + k, k) * (1 - s) ** need * s ** k;
    homeWin += homeWinsWithAwayOnK;
    homeSets += need * homeWinsWithAwayOnK + k * awayWinsWithHomeOnK;
    awaySets += k * homeWinsWithAwayOnK + need * awayWinsWithHomeOnK;
  }
  return { homeWin, homeSets, awaySets };
}
