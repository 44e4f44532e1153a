import { describe, expect, it } from "vitest";
import type { MatchModel, MatchState, SportCode } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { advance, initialState, kickOff, modelFor } from "./index.ts";
import { MAX_EXTRA_PERIODS } from "./timed.ts";
import { TIMED_RULES, dispersionOf } from "../../../domain/pricing/params.ts";
import { playOut, seededMatch } from "./testing.ts";

const still = (sport: SportCode, drawPossible: boolean): MatchModel => ({ sport, homeRate: 0, awayRate: 0, drawPossible });

/** A live state of `sport` with the given fields. */
function at(sport: SportCode, patch: Partial<MatchState>, league?: string): MatchState {
  const model = modelFor(sport, { homeShare: 0.5, league, random: mulberry32(1) });
  return { ...kickOff(initialState(sport, model, { league })), ...patch };
}

describe("soccer", () => {
  it("two halves with stoppage (1-3' and 3-5'), a 15' half-time break, then full time", () => {
    for (let seed = 0; seed < 40; seed++) {
      const random = mulberry32(seed);
      const model = modelFor("soccer", { homeShare: 0.5, random });
      const { trail, final } = playOut(initialState("soccer", model), model, random, 5, true);
      const halfTime = trail.filter((t) => t.after.phase === "break").map((t) => t.after);
      expect(halfTime.length).toBeGreaterThan(0);
      const ht = halfTime[0];
      const firstStoppage = ht.stoppage!;
      expect([60, 120, 180]).toContain(firstStoppage);
      expect(ht.clock).toBe(2700 + firstStoppage);
      expect(ht.length).toBe(5400 + firstStoppage);
      expect(ht.period).toBe(1);
      // The break lasts 900 sim seconds: 180 steps of 5 s see it (the first and last partly).
      const breakSteps = trail.filter((t) => t.after.phase === "break").length;
      expect(breakSteps).toBeGreaterThanOrEqual(179);
      expect(breakSteps).toBeLessThanOrEqual(181);
      const restart = trail.find((t) => t.before.phase === "break" && t.after.phase === "live")!.after;
      expect(restart.period).toBe(2);
      expect(restart.stoppage).toBeUndefined();
      expect(restart.length).toBe(5400);
      expect(restart.clock).toBeGreaterThanOrEqual(2700);
      expect(restart.clock).toBeLessThan(2705);
      expect(final.phase).toBe("finished");
      expect([180, 240, 300]).toContain(final.stoppage);
      expect(final.clock).toBe(5400 + final.stoppage!);
      expect(final.length).toBe(final.clock);
      // What is left to play never grows, except when stoppage is announced.
      for (const { before, after } of trail) {
        if (after.stoppage !== undefined && before.stoppage === undefined) continue;
        if (before.phase === "break" || after.phase === "break") continue;
        expect(after.length - after.clock).toBeLessThanOrEqual(before.length - before.clock + 1e-9);
      }
    }
  });

  it("a draw stands", () => {
    const s = at("soccer", { period: 2, clock: 5700, length: 5700, stoppage: 300, home: 1, away: 1 });
    const end = advance({ ...s, clock: 5690 }, still("soccer", true), 30, mulberry32(2)).state;
    expect(end).toMatchObject({ phase: "finished", home: 1, away: 1, clock: 5700 });
  });

  it("goals come at the model's rates across a season of matches (mean and Poisson spread)", () => {
    const goals: number[] = [];
    for (let i = 0; i < 400; i++) {
      const random = mulberry32(500 + i);
      const model: MatchModel = { sport: "soccer", homeRate: 1.6, awayRate: 1.1, drawPossible: true };
      goals.push(playOut(initialState("soccer", model), model, random, 60).final.home);
    }
    const m = goals.reduce((a, b) => a + b, 0) / goals.length;
    const v = goals.reduce((a, b) => a + (b - m) ** 2, 0) / goals.length;
    expect(Math.abs(m - 1.6)).toBeLessThan(0.2);
    expect(Math.abs(v / m - 1)).toBeLessThan(0.25); // Poisson: variance = mean
  });
});

describe("hockey and AFL", () => {
  it("hockey: three 20' periods with 10' breaks; a draw after regulation stands", () => {
    const random = mulberry32(4);
    const model = modelFor("hockey", { homeShare: 0.5, random });
    const { trail, final } = playOut(initialState("hockey", model), model, random, 10, true);
    const breaks = trail.filter((t) => t.before.phase === "live" && t.after.phase === "break").map((t) => t.after);
    expect(breaks.map((b) => [b.period, b.clock])).toEqual([[1, 1200], [2, 2400]]);
    expect(breaks.every((b) => b.breakLeft! <= 600 && b.breakLeft! > 590)).toBe(true);
    expect(final).toMatchObject({ phase: "finished", clock: 3600, period: 3 });
    const tied = advance(at("hockey", { period: 3, clock: 3590, home: 2, away: 2 }), still("hockey", true), 60, random).state;
    expect(tied).toMatchObject({ phase: "finished", home: 2, away: 2 });
  });

  it("AFL: four 20' quarters, goals of 6 and behinds of 1", () => {
    const { played } = seededMatch("afl", 12, 0.5);
    expect(played.final).toMatchObject({ phase: "finished", clock: 4800, period: 4 });
    const random = mulberry32(13);
    const model = modelFor("afl", { homeShare: 0.5, random });
    const { trail } = playOut(initialState("afl", model), model, random, 1, true);
    const jumps = new Set<number>();
    for (const { before, after } of trail) {
      if (after.home !== before.home) jumps.add(after.home - before.home);
      if (after.away !== before.away) jumps.add(after.away - before.away);
    }
    expect([...jumps].sort()).toEqual([1, 6]);
  });
});

describe("overtime", () => {
  it("basketball: a tie after four quarters goes to 5' overtime periods until a period ends with a winner", () => {
    let overtimes = 0;
    for (let seed = 0; seed < 400; seed++) {
      const { played } = seededMatch("basketball", seed, 0.5);
      const f = played.final;
      expect(f.home).not.toBe(f.away);
      expect(f.clock).toBe(2880 + Math.max(0, f.period - 4) * 300); // ends on a period's end
      if (f.period > 4) overtimes++;
    }
    expect(overtimes).toBeGreaterThan(0); // ~6% of NBA games go to overtime
    const tied = at("basketball", { period: 4, clock: 2870, home: 100, away: 100 }, "NBA");
    const next = advance(tied, still("basketball", false), 20, mulberry32(1)).state;
    expect(next).toMatchObject({ phase: "break", period: 4, clock: 2880, breakLeft: 50 });
    const ot = advance(next, still("basketball", false), 60, mulberry32(1)).state;
    expect(ot).toMatchObject({ phase: "live", period: 5, clock: 2890 });
  });

  it("NBL quarters are 10 minutes", () => {
    const { played } = seededMatch("basketball", 3, 0.5);
    expect(played.final.length).toBe(2880);
    const random = mulberry32(3);
    const model = modelFor("basketball", { homeShare: 0.5, league: "NBL", random });
    const s = initialState("basketball", model, { league: "NBL" });
    expect(s.length).toBe(2400);
    const f = playOut(s, model, random, 60).final;
    expect(f.clock).toBe(2400 + Math.max(0, f.period - 4) * 300);
  });

  it.each(["nfl", "nrl"] as const)("%s: overtime is sudden death: the first score wins", (sport) => {
    const values = sport === "nfl" ? [2, 3, 6, 7, 8] : [1, 2, 4, 6];
    for (let seed = 0; seed < 100; seed++) {
      const random = mulberry32(seed);
      const model = modelFor(sport, { homeShare: 0.5, random });
      const tied = at(sport, { period: sport === "nfl" ? 4 : 2, clock: sport === "nfl" ? 3600 : 4800, home: 20, away: 20 });
      const f = playOut(tied, model, random, 30).final;
      expect(f.phase).toBe("finished");
      expect(values).toContain(Math.abs(f.home - f.away));
      expect(Math.min(f.home, f.away)).toBe(20); // one score, by the winner only
      expect(f.period).toBeGreaterThan(sport === "nfl" ? 4 : 2);
    }
  });

  it("a model that never scores is still decided, by lot, after the most overtime periods", () => {
    const tied = at("basketball", { period: 4, clock: 2879, home: 90, away: 90 }, "NBA");
    const f = advance(tied, still("basketball", false), 1e6, mulberry32(6)).state;
    expect(f.phase).toBe("finished");
    expect(Math.abs(f.home - f.away)).toBe(1);
    expect(f.period).toBe(4 + MAX_EXTRA_PERIODS);
  });
});

describe("the dispersion the pricing models follow (domain/pricing/params.ts dispersionOf)", () => {
  it.each([["soccer", 1, 1], ["basketball", 2.1, 2.3], ["afl", 5.2, 5.5], ["nrl", 5.1, 5.4]] as const)(
    "%s: a side's points vary as the engine plays them (between %d and %d x the mean)",
    (sport, lo, hi) => {
      const d = dispersionOf(TIMED_RULES[sport].events);
      expect(d).toBeGreaterThanOrEqual(lo - 1e-9);
      expect(d).toBeLessThanOrEqual(hi + 1e-9);
      // Regulation only (no overtime): a model with a draw.
      const model: MatchModel = { sport, homeRate: sport === "soccer" ? 1.5 : 100, awayRate: 1, drawPossible: true };
      const points: number[] = [];
      for (let seed = 0; seed < 400; seed++) points.push(playOut(initialState(sport, model), model, mulberry32(seed), 300).final.home);
      const m = points.reduce((a, b) => a + b, 0) / points.length;
      const v = points.reduce((a, b) => a + (b - m) ** 2, 0) / points.length;
      expect(Math.abs(m - model.homeRate)).toBeLessThan(3 * Math.sqrt((model.homeRate * d) / points.length)); // 3 standard errors
      expect(Math.abs(v / m / d - 1)).toBeLessThan(0.2);
    },
  );
});
