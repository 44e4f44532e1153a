import { describe, expect, it } from "vitest";
import type { MatchModel, MatchState } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { advance, initialState, kickOff, modelFor } from "./index.ts";
import { halfInningOf } from "./mlb.ts";
import { seededMatch } from "./testing.ts";

const HALF = 600;
const rates = (homeRate: number, awayRate: number): MatchModel => ({ sport: "mlb", homeRate, awayRate, drawPossible: false });
const at = (patch: Partial<MatchState>): MatchState => ({ ...kickOff(initialState("mlb", rates(4.5, 4.5))), ...patch });

describe("mlb", () => {
  it("plays 18 half-innings of 600 s; period is the inning, the half from the clock", () => {
    const s = at({});
    expect(s.length).toBe(18 * HALF);
    const random = mulberry32(1);
    const model = rates(0, 0);
    const mid = advance(s, model, 3 * HALF + 10, random).state;
    expect(halfInningOf(mid)).toBe(3); // bottom of the 2nd
    expect(mid.period).toBe(2);
    const boundary = advance(s, model, 4 * HALF, random).state;
    expect(halfInningOf(boundary)).toBe(4); // top of the 3rd, just begun
    expect(boundary.period).toBe(3);
  });

  it("only the side at bat scores", () => {
    const random = mulberry32(2);
    const top = advance(at({}), rates(50, 50), HALF - 1, random).state;
    expect(top.home).toBe(0);
    expect(top.away).toBeGreaterThan(0);
    const bottom = advance(at({ clock: HALF }), rates(50, 50), HALF - 1, random).state;
    expect(bottom.away).toBe(0);
    expect(bottom.home).toBeGreaterThan(0);
  });

  it("the home side does not bat in the bottom of the 9th when ahead", () => {
    const s = at({ clock: 17 * HALF - 5, period: 9, home: 5, away: 2 });
    const f = advance(s, rates(0, 0), 60, mulberry32(3)).state;
    expect(f).toMatchObject({ phase: "finished", clock: 17 * HALF, home: 5, away: 2 });
  });

  it("a home side that goes ahead in the bottom of the 9th wins at once (walk-off)", () => {
    const s = at({ clock: 17 * HALF, period: 9, home: 3, away: 3 });
    const f = advance(s, rates(200, 0), HALF, mulberry32(4)).state;
    expect(f.phase).toBe("finished");
    expect(f.home).toBeGreaterThan(3);
    expect(f.home - f.away).toBeLessThanOrEqual(4); // the winning play, no more
    expect(f.clock).toBeLessThan(18 * HALF);
  });

  it("a tie after nine goes to extra innings; the away side ahead after a full inning wins", () => {
    const tied = at({ clock: 18 * HALF - 1, period: 9, home: 3, away: 3 });
    const extra = advance(tied, rates(0, 0), 2, mulberry32(5)).state;
    expect(extra).toMatchObject({ phase: "live", period: 10, clock: 18 * HALF + 1 });
    const awayAhead = at({ clock: 20 * HALF - 1, period: 10, home: 3, away: 4 });
    expect(advance(awayAhead, rates(0, 0), 2, mulberry32(5)).state).toMatchObject({ phase: "finished", clock: 20 * HALF });
  });

  it("a model that never scores is decided by lot after the most extra innings", () => {
    const tied = at({ clock: 17 * HALF, period: 9, home: 2, away: 2 });
    const f = advance(tied, rates(0, 0), 1e6, mulberry32(7)).state;
    expect(f.phase).toBe("finished");
    expect(Math.abs(f.home - f.away)).toBe(1);
    expect(f.period).toBe(39);
  });

  it("every seeded match ends at a legal moment", () => {
    for (let seed = 0; seed < 300; seed++) {
      const { played: { final: f } } = seededMatch("mlb", seed, 0.5);
      const half = halfInningOf(f);
      expect(f.phase).toBe("finished");
      if (f.clock % HALF !== 0) {
        // mid half-inning: only a walk-off, in the bottom of the 9th or later
        expect(half % 2).toBe(1);
        expect(f.period).toBeGreaterThanOrEqual(9);
        expect(f.home).toBeGreaterThan(f.away);
      } else if (half % 2 === 1) {
        expect(f.home).toBeGreaterThan(f.away); // after the top of the 9th+ with home ahead
        expect(half).toBeGreaterThanOrEqual(17);
      } else {
        expect(f.away).toBeGreaterThan(f.home); // after a full inning, away ahead
        expect(half).toBeGreaterThanOrEqual(18);
      }
    }
  });

  it("the model's runs per side come out over a season", () => {
    const random = mulberry32(6);
    const model = modelFor("mlb", { homeShare: 0.5, random });
    expect(model.homeRate + model.awayRate).toBeGreaterThan(8.5);
    expect(model.homeRate + model.awayRate).toBeLessThan(9.5);
  });
});
