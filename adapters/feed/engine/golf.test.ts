import { describe, expect, it } from "vitest";
import type { MatchModel, MatchState } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { advance, initialState, kickOff, modelFor } from "./index.ts";
import { HOLE_SECONDS } from "../../../domain/pricing/params.ts";
import { holeTable, PARS } from "../../../domain/pricing/params.ts";
import { mean, playOut, seededMatch } from "./testing.ts";

describe("a hole", () => {
  it.each([-0.3, -0.11, 0, 0.2, 0.4])("averages the player's strokes over par (%d a hole)", (m) => {
    const table = holeTable(m);
    expect(table.every((t) => t.p >= 0)).toBe(true);
    expect(table.reduce((a, t) => a + t.p, 0)).toBeCloseTo(1, 12);
    expect(table.reduce((a, t) => a + t.p * t.value, 0)).toBeCloseTo(m, 12);
  });

  it("the course is a par 72", () => {
    expect(PARS.length).toBe(18);
    expect(PARS.reduce((a, b) => a + b, 0)).toBe(72);
  });
});

describe("golf", () => {
  it("18 holes of 900 s each; period is the hole in play; strokes land as each hole is finished", () => {
    const random = mulberry32(1);
    const model = modelFor("golf", { homeShare: 0.5, random });
    const s = kickOff(initialState("golf", model));
    expect(s.length).toBe(18 * HOLE_SECONDS);
    const during = advance(s, model, HOLE_SECONDS - 1, random).state;
    expect(during).toMatchObject({ period: 1, home: 0, away: 0 });
    const after = advance(during, model, 1, random).state;
    expect(after.period).toBe(2);
    expect(after.home).toBeGreaterThanOrEqual(2);
    expect(after.home).toBeLessThanOrEqual(6);
  });

  it("rounds average the model's strokes with a spread of about three, and the stronger player (fewer) wins more", () => {
    const rounds: number[] = [];
    let homeWins = 0;
    for (let seed = 0; seed < 400; seed++) {
      const random = mulberry32(seed);
      const model: MatchModel = { sport: "golf", homeRate: 69, awayRate: 71, drawPossible: false };
      const f = playOut(initialState("golf", model), model, random, 900).final;
      // Rounds of 18 only (a playoff adds par-4 holes to both).
      if (f.period === 18) {
        rounds.push(f.home);
        expect(f.clock).toBe(18 * HOLE_SECONDS);
      }
      if (f.home < f.away) homeWins++;
    }
    const m = mean(rounds);
    const sd = Math.sqrt(mean(rounds.map((r) => (r - m) ** 2)));
    expect(Math.abs(m - 69)).toBeLessThan(0.5);
    expect(sd).toBeGreaterThan(2.2);
    expect(sd).toBeLessThan(4);
    expect(homeWins / 400).toBeGreaterThan(0.6);
  });

  it("a tie after 18 goes to playoff holes until one player takes fewer on a hole", () => {
    let playoffs = 0;
    for (let seed = 0; seed < 300; seed++) {
      const { played: { final: f } } = seededMatch("golf", seed, 0.5, 900);
      expect(f.home).not.toBe(f.away);
      expect(f.clock).toBe(Math.max(18, f.period) * HOLE_SECONDS);
      if (f.period > 18) playoffs++;
    }
    expect(playoffs).toBeGreaterThan(0);
    const never: MatchModel = { sport: "golf", homeRate: 70, awayRate: 70, drawPossible: false };
    const level: MatchState = { ...kickOff(initialState("golf", never)), clock: 17 * HOLE_SECONDS, period: 18, home: 66, away: 66 };
    const random = mulberry32(2);
    let s = level;
    for (let i = 0; i < 40 && s.phase === "live"; i++) {
      const next = advance(s, never, HOLE_SECONDS, random).state;
      if (next.phase === "live") expect(next.home - s.home - (next.away - s.away)).toBe(0); // level holes only
      s = next;
    }
    expect(s.phase).toBe("finished");
  });
});
