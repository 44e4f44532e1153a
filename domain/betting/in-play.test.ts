import { describe, expect, it } from "vitest";
import { DEFAULT_IN_PLAY_DELAY_MS, inPlayDelayFor, parseInPlayDelays } from "./in-play.ts";

describe("in-play delay settings", () => {
  it("defaults per sport when unset", () => {
    expect(parseInPlayDelays(undefined)).toEqual(DEFAULT_IN_PLAY_DELAY_MS);
    expect(parseInPlayDelays("")?.soccer).toBe(5000);
  });
  it("takes one number for every sport, or per-sport values over it", () => {
    expect(Object.values(parseInPlayDelays("0")!)).toEqual(Object.values(DEFAULT_IN_PLAY_DELAY_MS).map(() => 0));
    const d = parseInPlayDelays("1000,tennis=3000")!;
    expect(d.tennis).toBe(3000);
    expect(d.soccer).toBe(1000);
    expect(parseInPlayDelays("soccer=2500")!.basketball).toBe(DEFAULT_IN_PLAY_DELAY_MS.basketball);
  });
  it("refuses text it cannot read", () => {
    expect(parseInPlayDelays("socer=5000")).toBeNull();
    expect(parseInPlayDelays("5s")).toBeNull();
    expect(parseInPlayDelays("-1")).toBeNull();
  });
  it("waits the longest delay of the legs on live events only", () => {
    const delays = parseInPlayDelays(undefined)!;
    const of = (s: keyof typeof delays) => delays[s];
    expect(inPlayDelayFor([{ sport: "soccer", eventStatus: "upcoming" }], of)).toBe(0);
    expect(inPlayDelayFor([{ sport: "tennis", eventStatus: "live" }, { sport: "soccer", eventStatus: "live" }], of)).toBe(5000);
    expect(inPlayDelayFor([{ sport: "tennis", eventStatus: "live" }, { sport: "soccer", eventStatus: "upcoming" }], of)).toBe(3000);
  });
});
