import { describe, expect, it } from "vitest";
import type { MatchModel, MatchState } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { advance, initialState, kickOff, modelFor } from "./index.ts";
import { SECONDS_PER_BALL } from "../../../domain/pricing/params.ts";
import { ballTable, INNINGS_BREAK_SECONDS } from "../../../domain/pricing/cricket-params.ts";
import { mean, playOut } from "./testing.ts";

describe("a ball", () => {
  it.each([
    [165, 12 / 240, 120],
    [190, 14 / 240, 120],
    [280, 9 / 600, 300],
    [240, 6 / 600, 300],
  ])("averages the side's rate over an innings (rate %d, %d sixes a ball, %d balls)", (rate, sixes, balls) => {
    const table = ballTable(rate, sixes, balls);
    const p = table.reduce((a, t) => a + t.p, 0);
    expect(p).toBeCloseTo(1, 12);
    expect(table.every((t) => t.p >= 0)).toBe(true);
    expect(table.reduce((a, t) => a + t.p * t.value.runs, 0) * balls).toBeCloseTo(rate, 9);
    expect(table.find((t) => t.value.six)!.p).toBeCloseTo(sixes, 12);
    const wicket = table.find((t) => t.value.wicket)!.p * balls;
    expect(wicket).toBeGreaterThan(6); // ~6.5 a T20 innings, ~8 a one-day innings
    expect(wicket).toBeLessThan(8.5);
  });
});

describe("cricket", () => {
  const T20 = "T20 International";

  it("T20 and Big Bash leagues bowl 120 balls an innings, the others 300", () => {
    const random = mulberry32(1);
    for (const [league, balls] of [[T20, 120], ["Big Bash League", 120], ["One-Day International", 300], [undefined, 300]] as const) {
      const model = modelFor("cricket", { homeShare: 0.5, league, random });
      const s = initialState("cricket", model, { league });
      expect(s.cricket).toEqual({ innings: 1, batting: 0, balls: 0, wickets: 0, ballsPerInnings: balls, sixes: 0 });
      expect(s.length).toBe(2 * balls * SECONDS_PER_BALL);
      expect(model.sixesRate).toBeCloseTo(balls === 120 ? 12 : 9, -0.5);
    }
  });

  it("each side bats an innings; the chase ends when the target is passed, or out of balls or wickets", () => {
    const battingFirst = new Set<number>();
    const sixes: number[] = [];
    let sixesRate = 0;
    for (const [league, perInnings] of [[T20, 120], ["One Day International", 300]] as const) {
      for (let seed = 0; seed < 200; seed++) {
        const random = mulberry32(seed);
        const model = modelFor("cricket", { homeShare: 0.55, league, random });
        const { trail, final } = playOut(initialState("cricket", model, { league }), model, random, 120, true);
        const c = final.cricket!;
        // The first innings ended on its last ball or its tenth wicket, then a break.
        const firstEnd = trail.find((t) => t.after.phase === "break")!.after;
        expect(firstEnd.cricket!.balls === perInnings || firstEnd.cricket!.wickets === 10).toBe(true);
        expect(firstEnd.breakLeft!).toBeLessThanOrEqual(INNINGS_BREAK_SECONDS);
        battingFirst.add(firstEnd.cricket!.batting);
        const first = firstEnd.cricket!.batting === 0 ? firstEnd.home : firstEnd.away;
        // The second: the other side chased.
        expect(c.innings).toBe(2);
        expect(c.batting).toBe(1 - firstEnd.cricket!.batting);
        const chased = c.batting === 0 ? final.home : final.away;
        expect(c.batting === 0 ? final.away : final.home).toBe(first);
        if (chased > first) expect(chased - first).toBeLessThanOrEqual(6); // passed on the last ball
        else expect(c.balls === perInnings || c.wickets === 10).toBe(true);
        expect(c.balls).toBeLessThanOrEqual(perInnings);
        expect(c.wickets).toBeLessThanOrEqual(10);
        expect(final.clock).toBe((perInnings + c.balls) * SECONDS_PER_BALL);
        if (league === T20) {
          sixes.push(c.sixes);
          sixesRate += model.sixesRate! / 200;
        }
      }
    }
    expect([...battingFirst].sort()).toEqual([0, 1]); // the toss goes both ways
    // Fewer balls are bowled than the full 240 when the chase ends early or a side is all out.
    expect(mean(sixes)).toBeGreaterThan(sixesRate * 0.75);
    expect(mean(sixes)).toBeLessThan(sixesRate * 1.05);
  });

  it("the second innings starts after the break at ballsPerInnings x 30 s, even after an early all out", () => {
    const model: MatchModel = { sport: "cricket", homeRate: 160, awayRate: 160, drawPossible: true, sixesRate: 12 };
    const allOut: MatchState = {
      ...kickOff(initialState("cricket", model, { league: T20 })),
      clock: 60 * SECONDS_PER_BALL,
      home: 150,
      cricket: { innings: 1, batting: 0, balls: 60, wickets: 9, ballsPerInnings: 120, sixes: 3 },
    };
    // Ball by ball to the end of the innings: with nine down it ends early (seeded).
    const random = mulberry32(3);
    let out = allOut;
    for (let i = 0; i < 60 && out.phase === "live"; i++) out = advance(out, model, SECONDS_PER_BALL, random).state;
    expect(out.phase).toBe("break");
    expect(out.cricket!.wickets).toBe(10);
    expect(out.cricket!.balls).toBeLessThan(120);
    expect(out.clock).toBe(out.cricket!.balls * SECONDS_PER_BALL);
    const second = advance(out, model, INNINGS_BREAK_SECONDS, mulberry32(4)).state;
    expect(second.phase).toBe("live");
    expect(second.period).toBe(2);
    expect(second.cricket).toMatchObject({ innings: 2, batting: 1, wickets: 0 });
    expect(second.clock).toBe(120 * SECONDS_PER_BALL);
  });

  it("a tie stands as a draw", () => {
    const model: MatchModel = { sport: "cricket", homeRate: 0, awayRate: 0, drawPossible: true, sixesRate: 0 };
    const lastBall: MatchState = {
      ...kickOff(initialState("cricket", model, { league: T20 })),
      clock: 239 * SECONDS_PER_BALL,
      period: 2,
      home: 150,
      away: 150,
      cricket: { innings: 2, batting: 1, balls: 119, wickets: 4, ballsPerInnings: 120, sixes: 3 },
    };
    const f = advance(lastBall, model, SECONDS_PER_BALL, mulberry32(5)).state;
    expect(f.phase).toBe("finished");
    expect(f.home).toBe(150);
    expect(f.away).toBe(150);
  });
});
