import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, isOddsFormat, isPriceChangePolicy, isRealityCheckMinutes, mergeSettings } from "./settings.ts";

describe("user settings", () => {
  it("defaults to decimal odds, refusing price changes, a reality check every 60 minutes", () => {
    expect(DEFAULT_SETTINGS).toEqual({ oddsFormat: "decimal", priceChangePolicy: "refuse", realityCheckMinutes: 60 });
    expect(Object.isFrozen(DEFAULT_SETTINGS)).toBe(true);
  });

  it("merges a partial change over the current settings", () => {
    expect(mergeSettings(DEFAULT_SETTINGS, { oddsFormat: "american" })).toEqual({ ...DEFAULT_SETTINGS, oddsFormat: "american" });
    expect(mergeSettings(DEFAULT_SETTINGS, { realityCheckMinutes: 0, priceChangePolicy: "accept_any" })).toEqual({
      oddsFormat: "decimal",
      priceChangePolicy: "accept_any",
      realityCheckMinutes: 0,
    });
  });

  it("knows the allowed values", () => {
    expect(["decimal", "fractional", "american"].every(isOddsFormat)).toBe(true);
    expect(isOddsFormat("hongkong")).toBe(false);
    expect(["refuse", "accept_higher", "accept_any"].every(isPriceChangePolicy)).toBe(true);
    expect(isPriceChangePolicy("accept_lower")).toBe(false);
    expect([0, 30, 60, 90, 120].every(isRealityCheckMinutes)).toBe(true);
    expect([15, 45, "60", -30].some(isRealityCheckMinutes)).toBe(false);
  });
});
