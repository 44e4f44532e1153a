/**
 * A race: after the jump it runs `length` sim seconds, then it is "finished" with a full finishing
 * order and the winning margin. The order is drawn place by place from the runners' win
 * probabilities (the winner in proportion to runnerProbs, then second among the rest in proportion
 * to theirs, and so on). The margin is exponential with a mean of ~1.5 lengths, to 0.05 lengths,
 * at least 0.05 (a nose), and never exactly on a half length (0.5, 1.5 ...), so an over/under line
 * there is always decided.
 */
import type { MatchModel, MatchState } from "../../../domain/shared/types.ts";
import { MEAN_MARGIN_LENGTHS } from "../../../domain/pricing/params.ts";
import { drawIndex, exponential, type Random } from "./random.ts";

const EPSILON = 1e-9;

/**
 * Runner numbers (1-based) in finishing order. A runner whose probability is exactly 0 did not run
 * (a non-runner, see withoutRunners) and is not in the order at all; any other runner, however
 * unlikely, finishes somewhere.
 */
export function finishingOrder(probs: readonly number[], random: Random): number[] {
  const left = probs.flatMap((p, i) => (p === 0 ? [] : [{ runner: i + 1, p: p > 0 ? p : 1e-9 }]));
  const order: number[] = [];
  while (left.length > 0) {
    const i = drawIndex(random, left.map((r) => r.p));
    order.push(left[i].runner);
    left.splice(i, 1);
  }
  return order;
}

/** A winning margin in lengths: exponential, on a 0.05 grid, >= 0.05, off the half lengths. */
export function winningMargin(random: Random): number {
  const raw = exponential(random, 1 / MEAN_MARGIN_LENGTHS);
  let twentieths = Math.max(1, Math.round(raw * 20));
  if (twentieths % 10 === 0 && twentieths % 20 !== 0) twentieths += 1; // 0.5, 1.5, 2.5 ... -> +0.05
  return twentieths / 20;
}

/**
 * The race's model without the runners withdrawn from it (runner numbers, 1-based): they do not run,
 * so they can neither win nor be placed, and the others share their chances (finishingOrder draws
 * in proportion, so no renormalising is needed). The model is not changed.
 */
export function withoutRunners(model: MatchModel, withdrawn: ReadonlySet<number>, runners: number): MatchModel {
  if (withdrawn.size === 0) return model;
  const probs = model.runnerProbs && model.runnerProbs.length === runners ? model.runnerProbs : new Array<number>(runners).fill(1 / runners);
  return { ...model, runnerProbs: probs.map((p, i) => (withdrawn.has(i + 1) ? 0 : p)) };
}

export function advanceRacing(s: MatchState, model: MatchModel, seconds: number, random: Random): void {
  if (s.phase !== "live") return;
  const r = s.racing!;
  s.clock = Math.min(s.length, s.clock + seconds);
  if (s.clock < s.length - EPSILON) return;
  s.clock = s.length;
  const probs = model.runnerProbs && model.runnerProbs.length === r.runners ? model.runnerProbs : new Array<number>(r.runners).fill(1 / r.runners);
  r.order = finishingOrder(probs, random);
  r.marginLengths = winningMargin(random);
  s.phase = "finished";
}
