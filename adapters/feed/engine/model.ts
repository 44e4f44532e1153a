/**
 * A match's model from the pre-match view of the two sides: how many points each is expected to
 * score in a regulation match, split by how much stronger home is (homeShare: 0.5 = even, 1 = home
 * far stronger). The totals are per sport and league (below), varied by +-5% per match with
 * `random`, so no two fixtures of a league are priced alike.
 */
import type { MatchModel } from "../../../domain/pricing/state.ts";
import type { SportCode } from "../../../domain/shared/types.ts";
import { normal, type Random } from "./random.ts";
import { tennisOutlook } from "./tennis-odds.ts";

export interface ModelOptions {
  /** 0..1: how much stronger home is; 0.5 = even. */
  homeShare: number;
  league?: string;
  /** Racing: the size of the field (default 8). */
  runners?: number;
  random: Random;
}

/** Limited-overs leagues of 20 overs a side (120 balls); every other cricket league is one-day (300). */
export function isT20League(league: string | undefined): boolean {
  return /T20|Twenty20|Big Bash|\bIPL\b/i.test(league ?? "");
}

/** Legal balls per innings for a cricket league. */
export function ballsPerInningsFor(league: string | undefined): number {
  return isT20League(league) ? 120 : 300;
}

/** The NBL plays 10-minute quarters (40 minutes); the NBA 12-minute quarters (48). */
export function isNbl(league: string | undefined): boolean {
  return /\bNBL\b|National Basketball League/i.test(league ?? "");
}

/**
 * Expected points of both sides together in a regulation match, and the supremacy (home minus
 * away expected points) of a side at homeShare 1; homeShare 0.75 gives half of it. Golf: strokes
 * of both players over 18 holes (each ~70), where strength means FEWER strokes.
 *
 * The supremacies are sized so that homeShare reads roughly as home's chance of winning a match
 * that is not drawn: about 0.67 of a standard deviation of the final margin (as the engine plays
 * it) at 0.75, so a 0.75 home side wins ~68-78% of decided matches and a 0.6 side ~58-65% (tests: index.test.ts).
 */
function scaleFor(sport: SportCode, league: string | undefined): { total: number; maxSupremacy: number } {
  switch (sport) {
    case "soccer": return { total: 2.7, maxSupremacy: 2 };
    case "hockey": return { total: 6, maxSupremacy: 2 };
    case "mlb": return { total: 9, maxSupremacy: 4.5 };
    case "basketball": return isNbl(league) ? { total: 175, maxSupremacy: 26 } : { total: 225, maxSupremacy: 30 };
    case "nfl": return { total: 45, maxSupremacy: 22 };
    case "afl": return { total: 165, maxSupremacy: 40 };
    case "nrl": return { total: 42, maxSupremacy: 20 };
    case "cricket": return isT20League(league) ? { total: 330, maxSupremacy: 50 } : { total: 560, maxSupremacy: 80 };
    case "golf": return { total: 140, maxSupremacy: 6 };
    default: return { total: 0, maxSupremacy: 0 };
  }
}

/** Sports in which a tie at the end of regulation stands (the 3-way markets are on regulation). */
const DRAW_POSSIBLE: ReadonlySet<SportCode> = new Set<SportCode>(["soccer", "hockey", "afl", "cricket"]);

export function modelFor(sport: SportCode, opts: ModelOptions): MatchModel {
  const share = Number.isFinite(opts.homeShare) ? Math.min(1, Math.max(0, opts.homeShare)) : 0.5;
  const edge = 2 * share - 1; // -1..1
  const drawPossible = DRAW_POSSIBLE.has(sport);
  if (sport === "tennis") {
    // Serve-win probabilities around 0.62-0.68 (0.60-0.70 at the extremes of homeShare): a base
    // level for the match (the surface, the pair), then the edge.
    const base = 0.64 + 0.02 * opts.random();
    const serveWin: [number, number] = [base + 0.05 * edge, base - 0.05 * edge];
    const outlook = tennisOutlook(serveWin, 3);
    return { sport, homeRate: outlook.homeSets, awayRate: outlook.awaySets, serveWin, drawPossible };
  }
  if (sport === "racing") {
    return { sport, homeRate: 0, awayRate: 0, runnerProbs: runnerProbabilities(opts.runners ?? 8, opts.random), drawPossible };
  }
  const scale = scaleFor(sport, opts.league);
  const factor = 0.95 + 0.1 * opts.random();
  const total = scale.total * factor;
  const supremacy = edge * scale.maxSupremacy * factor * (sport === "golf" ? -1 : 1);
  const floor = 0.05 * (total / 2);
  const model: MatchModel = {
    sport,
    homeRate: Math.max(floor, (total + supremacy) / 2),
    awayRate: Math.max(floor, (total - supremacy) / 2),
    drawPossible,
  };
  if (sport === "cricket") model.sixesRate = (isT20League(opts.league) ? 12 : 9) * factor;
  return model;
}

/**
 * Win probabilities of a field: log-normal strengths (sigma 0.8), which gives a favourite of
 * roughly 20-35% in a field of 8-10 and an outsider or two at 2-4%. Runner i is runnerProbs[i - 1].
 */
export function runnerProbabilities(runners: number, random: Random): number[] {
  const n = Math.max(2, Math.min(24, Math.floor(runners)));
  const weights = Array.from({ length: n }, () => Math.exp(0.8 * normal(random)));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / sum);
}
