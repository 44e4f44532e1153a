import { describe, expect, it } from "vitest";
import type { MatchModel } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { advance, initialState, kickOff, modelFor } from "./index.ts";
import { RACE_SECONDS } from "../../../domain/pricing/params.ts";
import { finishingOrder, winningMargin, withoutRunners } from "./racing.ts";
import { mean } from "./testing.ts";
import { racingMarginOdds } from "../../../domain/pricing/price.ts";

describe("racing", () => {
  it("pre until the jump, live while running (no result), finished with order and margin after `length`", () => {
    const random = mulberry32(1);
    const model = modelFor("racing", { homeShare: 0.5, runners: 10, random });
    const pre = initialState("racing", model);
    expect(pre).toMatchObject({ phase: "pre", length: RACE_SECONDS, racing: { runners: 10, order: null, marginLengths: null } });
    const jumped = kickOff(pre);
    expect(jumped).toMatchObject({ phase: "live", clock: 0, period: 1 });
    const running = advance(jumped, model, RACE_SECONDS - 1, random).state;
    expect(running).toMatchObject({ phase: "live", clock: RACE_SECONDS - 1, racing: { order: null, marginLengths: null } });
    const done = advance(running, model, 30, random);
    expect(done.state.phase).toBe("finished");
    expect(done.state.clock).toBe(RACE_SECONDS);
    expect(done.scored).toBe(false);
    expect([...done.state.racing!.order!].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(initialState("racing", model, { raceSeconds: 95 }).length).toBe(95);
  });

  it("winners come in proportion to the runners' probabilities, and the order is a permutation", () => {
    const probs = [0.4, 0.25, 0.15, 0.1, 0.06, 0.04];
    const random = mulberry32(2);
    const wins = new Array<number>(probs.length).fill(0);
    const N = 6000;
    for (let i = 0; i < N; i++) {
      const order = finishingOrder(probs, random);
      expect([...order].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      wins[order[0] - 1]++;
    }
    probs.forEach((p, i) => expect(Math.abs(wins[i] / N - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / N)));
  });

  it("non-runners (probability 0) are not in the order; the others still finish in proportion to their chances", () => {
    const random = mulberry32(4);
    const model = modelFor("racing", { homeShare: 0.5, runners: 6, random });
    const favourite = model.runnerProbs!.indexOf(Math.max(...model.runnerProbs!)) + 1;
    const withdrawn = new Set([favourite, favourite === 1 ? 2 : 1]);
    const race = withoutRunners(model, withdrawn, 6);
    expect(model.runnerProbs!.every((p) => p > 0)).toBe(true); // the model itself is not changed
    for (const n of withdrawn) expect(race.runnerProbs![n - 1]).toBe(0);
    const runners = [1, 2, 3, 4, 5, 6].filter((n) => !withdrawn.has(n));
    for (let i = 0; i < 2000; i++) {
      const order = finishingOrder(race.runnerProbs!, random);
      expect([...order].sort((a, b) => a - b)).toEqual(runners);
    }
    expect(withoutRunners(model, new Set(), 6)).toBe(model);
    expect(finishingOrder([0, 0, 0], random)).toEqual([]);
  });

  it("the winning margin: ~1.5 lengths on average, on a 0.05 grid, never below 0.05 nor on a half length", () => {
    const random = mulberry32(3);
    const margins = Array.from({ length: 5000 }, () => winningMargin(random));
    for (const m of margins) {
      expect(m).toBeGreaterThanOrEqual(0.05);
      expect(Math.abs(m * 20 - Math.round(m * 20))).toBeLessThan(1e-9);
      expect(Math.round(m * 20) % 20).not.toBe(10); // 0.5, 1.5, 2.5 ...
    }
    expect(Math.abs(mean(margins) - 1.5)).toBeLessThan(0.1);
  });

  it("the pricing's winning-margin odds are the engine's (over, under and push on whole lines, 4 standard errors)", () => {
    const random = mulberry32(31);
    const n = 40_000;
    const margins = Array.from({ length: n }, () => winningMargin(random));
    for (const line of [0.5, 1, 1.5, 2, 2.5, 4]) {
      const odds = racingMarginOdds(line);
      const over = margins.filter((m) => m > line + 1e-9).length / n;
      const under = margins.filter((m) => m < line - 1e-9).length / n;
      expect(Math.abs(over - odds.over)).toBeLessThan(4 * Math.sqrt((odds.over * (1 - odds.over)) / n) + 1e-9);
      expect(Math.abs(under - odds.under)).toBeLessThan(4 * Math.sqrt((odds.under * (1 - odds.under)) / n) + 1e-9);
    }
  });

  it("a field's probabilities sum to 1, with a favourite and outsiders", () => {
    for (let seed = 0; seed < 50; seed++) {
      const random = mulberry32(seed);
      const runners = 8 + (seed % 3);
      const model: MatchModel = modelFor("racing", { homeShare: 0.5, runners, random });
      const probs = model.runnerProbs!;
      expect(probs.length).toBe(runners);
      expect(probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(Math.max(...probs)).toBeGreaterThan(1 / runners);
      expect(Math.min(...probs)).toBeGreaterThan(0);
      expect(model.drawPossible).toBe(false);
    }
  });
});
