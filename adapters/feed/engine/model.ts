/**
 * A match's model from the pre-match view of the two sides: how many points each is expected to
 * score in a regulation match, split by how much stronger home is (homeShare: 0.5 = even, 1 = home
 * far stronger). The totals are per sport and league (domain/pricing/params.ts), varied by +-5% per match with
 * `random`, so no two fixtures of a league are priced alike.
 */
import type { MatchModel, SportCode } from "../../../domain/shared/types.ts";
import { DRAW_POSSIBLE, isT20League, scaleFor } from "../../../domain/pricing/params.ts";
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

/**
 * The model of a fixture: the sport's totals and supremacies (domain/pricing/params.ts scaleFor),
 * varied by +-5% per match; homeShare reads roughly as home's chance of winning a match that is not
 * drawn (tests: index.test.ts).
 */
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
