import { describe, expect, it } from "vitest";
import { detectSteam, type PriceMove } from "./steam.ts";

const now = new Date("2026-11-21T12:00:00Z");
let id = 0;
const mv = (outcomeId: string, oldMilli: number, newMilli: number, minutesAgo: number): PriceMove => ({
  id: ++id, outcomeId, marketId: "m", oldMilli, newMilli, at: new Date(now.getTime() - minutesAgo * 60_000),
});

describe("steam moves", () => {
  it("three moves one way totalling 5 % within 10 minutes is steam", () => {
    const moves = [mv("o", 2100, 2050, 8), mv("o", 2050, 2010, 5), mv("o", 2010, 1980, 1)];
    const [s] = detectSteam(moves, now);
    expect(s).toMatchObject({ outcomeId: "o", direction: "shortening", moves: 3, fromMilli: 2100, toMilli: 1980, changePercent: 5.71 });
    expect(s.firstMoveId).toBe(moves[0].id);
  });

  it("drifting prices count too", () => {
    expect(detectSteam([mv("o", 2000, 2040, 3), mv("o", 2040, 2080, 2), mv("o", 2080, 2120, 1)], now)[0].direction).toBe("drifting");
  });

  it("is not steam with fewer than 3 moves, under 5 %, a move the other way, or outside the window", () => {
    expect(detectSteam([mv("a", 2000, 1800, 3), mv("a", 1800, 1700, 2)], now)).toEqual([]);
    expect(detectSteam([mv("b", 2000, 1980, 3), mv("b", 1980, 1960, 2), mv("b", 1960, 1950, 1)], now)).toEqual([]);
    expect(detectSteam([mv("c", 2000, 1900, 4), mv("c", 1900, 1920, 3), mv("c", 1920, 1800, 2), mv("c", 1800, 1700, 1)], now)).toEqual([]);
    expect(detectSteam([mv("d", 2000, 1900, 15), mv("d", 1900, 1800, 12), mv("d", 1800, 1700, 1)], now)).toEqual([]);
  });

  it("noise like the demo feed's (moves both ways every few seconds) is never steam", () => {
    const moves: PriceMove[] = [];
    let p = 2000;
    for (let i = 0; i < 200; i++) {
      const step = (i % 7 === 0 ? 1 : -1) * 40 * ((i % 3) + 1); // mostly falling, but not always
      moves.push(mv("noise", p, p + step, 10 - i * 0.05));
      p += step;
    }
    expect(detectSteam(moves, now)).toEqual([]);
  });

  it("keeps one identity for a run that started before the window", () => {
    const early = mv("o", 2300, 2200, 14);
    const rest = [mv("o", 2200, 2150, 9), mv("o", 2150, 2080, 6), mv("o", 2080, 2000, 2)];
    const [s] = detectSteam([early, ...rest], now);
    expect(s.moves).toBe(3);
    expect(s.firstMoveId).toBe(early.id);
  });
});
