import { describe, expect, it } from "vitest";
import type { MatchModel, MatchState, SportCode } from "../../../domain/shared/types.ts";
import { mulberry32 } from "../../../domain/shared/prng.ts";
import { advance, initialState, kickOff, modelFor, playFor, playToClock, scoringChange } from "./index.ts";
import { LEAGUE, SPORTS, mean, playOut, seededMatch } from "./testing.ts";

const MATCHES = 300;
const NO_DRAW: readonly SportCode[] = ["basketball", "tennis", "nfl", "mlb", "nrl", "golf"];

/** What must hold of every finished match, per sport (the sport files test their own rules in depth). */
function expectValidFinish(f: MatchState, model: MatchModel): void {
  expect(f.phase).toBe("finished");
  expect(f.breakLeft).toBeUndefined();
  expect(Number.isInteger(f.home) && Number.isInteger(f.away)).toBe(true);
  if (f.sport === "racing") {
    const order = f.racing!.order!;
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: f.racing!.runners }, (_, i) => i + 1));
    expect(f.racing!.marginLengths!).toBeGreaterThan(0);
    return;
  }
  if (!model.drawPossible) expect(f.home).not.toBe(f.away);
  if (f.sport === "tennis") expect(Math.max(f.home, f.away)).toBe(2);
}

describe.each(SPORTS)("%s", (sport) => {
  const matches = Array.from({ length: MATCHES }, (_, i) => seededMatch(sport, 10_000 + i));

  it(`${MATCHES} seeded matches all finish by themselves, in bounded sim time, and validly`, () => {
    for (const { model, played } of matches) {
      expectValidFinish(played.final, model);
      expect(played.simSeconds).toBeLessThan(played.final.length * 4 + 3600);
    }
  });

  it("draws only where the model allows them", () => {
    const draws = matches.filter((m) => m.played.final.sport !== "racing" && m.played.final.home === m.played.final.away).length;
    if (NO_DRAW.includes(sport)) expect(draws).toBe(0);
    if (sport === "soccer" || sport === "hockey") expect(draws).toBeGreaterThan(MATCHES * 0.1); // a draw is a common result there
  });

  it.skipIf(sport === "racing")("scores on average what the model expects (within 15% for each side)", () => {
    const home = mean(matches.map((m) => m.played.final.home));
    const away = mean(matches.map((m) => m.played.final.away));
    const homeRate = mean(matches.map((m) => m.model.homeRate));
    const awayRate = mean(matches.map((m) => m.model.awayRate));
    expect(Math.abs(home / homeRate - 1)).toBeLessThan(0.15);
    expect(Math.abs(away / awayRate - 1)).toBeLessThan(0.15);
  });

  it.skipIf(sport === "racing")("the stronger side wins more often, about as often as homeShare says", () => {
    const even = matches.filter(({ played: { final: f } }) => f.home !== f.away);
    const homeWins = even.filter(({ played: { final: f } }) => (sport === "golf" ? f.home < f.away : f.home > f.away)).length;
    // homeShare 0.6 reads roughly as a 60% chance of winning a decided match (model.ts).
    expect(homeWins / even.length).toBeGreaterThan(0.53);
    expect(homeWins / even.length).toBeLessThan(0.7);
  });

  it("one big step and many small steps both end in a finished, valid match", () => {
    const random = mulberry32(77);
    const league = LEAGUE[sport];
    const model = modelFor(sport, { homeShare: 0.55, league, runners: 10, random });
    const start = kickOff(initialState(sport, model, { league }));
    for (let i = 0; i < 20; i++) {
      const big = advance(start, model, start.length * 50, random).state;
      expectValidFinish(big, model);
      const small = playOut(start, model, random, 7).final;
      expectValidFinish(small, model);
      const fractional = playOut(start, model, random, 13.37).final;
      expectValidFinish(fractional, model);
    }
  });

  it("never mutates its input", () => {
    const random = mulberry32(5);
    const league = LEAGUE[sport];
    const model = modelFor(sport, { homeShare: 0.5, league, random });
    const modelCopy = structuredClone(model);
    let s = kickOff(initialState(sport, model, { league }));
    while (s.phase !== "finished") {
      const frozen = structuredClone(s);
      const next = advance(s, model, 45, random).state;
      expect(s).toEqual(frozen);
      expect(next).not.toBe(s);
      s = next;
    }
    const pre = initialState(sport, model, { league });
    const preCopy = structuredClone(pre);
    kickOff(pre);
    playFor(pre, model, 600, random);
    playToClock(pre, model, 600, random);
    expect(pre).toEqual(preCopy);
    expect(model).toEqual(modelCopy);
  });

  it("`scored` is true exactly on the changes a trader suspends on, and the score never goes back", () => {
    const random = mulberry32(99);
    const league = LEAGUE[sport];
    const model = modelFor(sport, { homeShare: 0.5, league, random });
    const { trail } = playOut(initialState(sport, model, { league }), model, random, 5, true);
    let scoredSteps = 0;
    let scoreChanges = 0;
    for (const { before, after, scored } of trail) {
      expect(scored).toBe(scoringChange(before, after));
      expect(after.home).toBeGreaterThanOrEqual(before.home);
      expect(after.away).toBeGreaterThanOrEqual(before.away);
      if (scored) scoredSteps++;
      if (after.home !== before.home || after.away !== before.away) scoreChanges++;
    }
    if (sport === "racing") expect(scoredSteps).toBe(0);
    else expect(scoredSteps).toBeGreaterThan(0);
    // Where every score is one to suspend on, `scored` is exactly "the score changed".
    if (["soccer", "hockey", "mlb", "nfl", "nrl", "golf"].includes(sport)) expect(scoredSteps).toBe(scoreChanges);
  });

  it("is deterministic: the same seed plays the same match", () => {
    const a = seededMatch(sport, 4242, 0.65, 30);
    const b = seededMatch(sport, 4242, 0.65, 30);
    expect(b.model).toEqual(a.model);
    expect(b.played.final).toEqual(a.played.final);
    const c = seededMatch(sport, 4243, 0.65, 30);
    expect(c.played.final).not.toEqual(a.played.final);
  });
});

describe("advance on a match that is not in play", () => {
  it("leaves a match before the start or after the end as it is, and says nothing scored", () => {
    const random = mulberry32(1);
    const model = modelFor("soccer", { homeShare: 0.5, random });
    const pre = initialState("soccer", model);
    expect(advance(pre, model, 600, random)).toEqual({ state: pre, scored: false });
    const { played } = seededMatch("soccer", 3);
    expect(advance(played.final, model, 600, random)).toEqual({ state: played.final, scored: false });
    const live = kickOff(pre);
    expect(advance(live, model, 0, random).state).toEqual(live);
    expect(advance(live, model, Number.NaN, random).state).toEqual(live);
  });
});

describe("a live state without its sport's detail", () => {
  it.each(["tennis", "cricket", "racing"] as const)("%s: is given one and played, not thrown on", (sport) => {
    const random = mulberry32(12);
    const model = modelFor(sport, { homeShare: 0.5, league: LEAGUE[sport], random });
    const bare: MatchState = { sport, phase: "live", clock: 0, length: initialState(sport, model, { league: LEAGUE[sport] }).length, period: 1, home: 0, away: 0 };
    const f = playOut(bare, model, random, 300).final;
    expect(f.phase).toBe("finished");
    expectValidFinish(f, model);
  });
});

describe("playFor and playToClock", () => {
  it("kick off a match not yet started and play the time asked", () => {
    const random = mulberry32(8);
    const model = modelFor("soccer", { homeShare: 0.5, random });
    const s = playFor(initialState("soccer", model), model, 1200, random);
    expect(s.phase).toBe("live");
    expect(s.clock).toBeCloseTo(1200, 6);
  });

  it("seed a soccer match at 80 minutes, half time and stoppage included", () => {
    for (let seed = 0; seed < 20; seed++) {
      const random = mulberry32(seed);
      const model = modelFor("soccer", { homeShare: 0.5, random });
      const s = playToClock(initialState("soccer", model), model, 4800, random);
      expect(s.phase).toBe("live");
      expect(s.period).toBe(2);
      expect(s.clock).toBeCloseTo(4800, 6);
    }
  });

  it("stop at the end of a match that ends before the clock asked", () => {
    const random = mulberry32(9);
    const model = modelFor("hockey", { homeShare: 0.5, random });
    const s = playToClock(initialState("hockey", model), model, 99_999, random);
    expect(s.phase).toBe("finished");
    expect(s.clock).toBe(3600);
  });
});

describe("scoringChange: what a trader suspends on", () => {
  const random = mulberry32(3);
  const live = (sport: SportCode, patch: Partial<MatchState> = {}): MatchState => ({
    ...kickOff(initialState(sport, modelFor(sport, { homeShare: 0.5, league: LEAGUE[sport], random }), { league: LEAGUE[sport] })),
    ...patch,
  });

  it("soccer, hockey, MLB, NFL, NRL, golf: any change of the score", () => {
    for (const sport of ["soccer", "hockey", "mlb", "nfl", "nrl", "golf"] as const) {
      const s = live(sport, { home: 1, away: 1 });
      expect(scoringChange(s, { ...s, home: 2 })).toBe(true);
      expect(scoringChange(s, { ...s, away: 2 })).toBe(true);
      expect(scoringChange(s, { ...s, clock: s.clock + 100 })).toBe(false);
    }
  });

  it("AFL: a goal (6), not a behind (1)", () => {
    const s = live("afl", { home: 40, away: 31 });
    expect(scoringChange(s, { ...s, home: 41 })).toBe(false);
    expect(scoringChange(s, { ...s, away: 37 })).toBe(true);
    expect(scoringChange(s, { ...s, home: 47 })).toBe(true);
  });

  it("basketball: the lead changing hands (or being levelled), not a basket", () => {
    const s = live("basketball", { home: 50, away: 48 });
    expect(scoringChange(s, { ...s, home: 53 })).toBe(false);
    expect(scoringChange(s, { ...s, away: 50 })).toBe(true);
    expect(scoringChange(s, { ...s, away: 51 })).toBe(true);
  });

  it("tennis: a game or a set, not a point", () => {
    const s = live("tennis");
    const t = s.tennis!;
    expect(scoringChange(s, { ...s, tennis: { ...t, points: [1, 0] } })).toBe(false);
    expect(scoringChange(s, { ...s, tennis: { ...t, games: [1, 0] } })).toBe(true);
    const late = live("tennis", { tennis: { ...t, games: [5, 4] } });
    expect(scoringChange(late, { ...late, home: 1, tennis: { ...t, sets: [[6, 4]], games: [0, 0] } })).toBe(true);
  });

  it("cricket: a wicket, a six or the start of the chase, not a single", () => {
    const s = live("cricket", { home: 80 });
    const c = s.cricket!;
    expect(scoringChange(s, { ...s, home: 81, cricket: { ...c, balls: c.balls + 1 } })).toBe(false);
    expect(scoringChange(s, { ...s, home: 84, cricket: { ...c, balls: c.balls + 1 } })).toBe(false);
    expect(scoringChange(s, { ...s, home: 86, cricket: { ...c, balls: c.balls + 1, sixes: 1 } })).toBe(true);
    expect(scoringChange(s, { ...s, cricket: { ...c, balls: c.balls + 1, wickets: 1 } })).toBe(true);
    expect(scoringChange(s, { ...s, cricket: { ...c, innings: 2, batting: 1, balls: 0 } })).toBe(true);
  });

  it("racing: never (the race is suspended from the jump)", () => {
    const s = live("racing");
    expect(scoringChange(s, { ...s, phase: "finished", racing: { runners: 8, order: [1, 2, 3, 4, 5, 6, 7, 8], marginLengths: 1 } })).toBe(false);
  });
});
