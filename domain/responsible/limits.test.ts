import { describe, expect, it } from "vitest";
import {
  changeLimit, COOLING_OFF_MS, effectiveLimit, firstBreach, lossLimitWindows, NO_LIMIT, noLimits, windowStart, type LimitSetting,
} from "./limits.ts";

const T0 = new Date("2026-11-21T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const H = 3_600_000;

describe("changing a limit", () => {
  it("a first limit applies immediately", () => {
    expect(changeLimit(NO_LIMIT, 50_000, T0)).toEqual({ applies: "immediately", setting: { amount: 50_000, pending: null } });
  });

  it("a decrease (or the same amount) applies immediately", () => {
    const s: LimitSetting = { amount: 50_000, pending: null };
    expect(changeLimit(s, 20_000, T0)).toEqual({ applies: "immediately", setting: { amount: 20_000, pending: null } });
    expect(changeLimit(s, 50_000, T0).applies).toBe("immediately");
  });

  it("an increase waits 24 hours: the old limit holds until then, the new one from exactly then", () => {
    const s: LimitSetting = { amount: 50_000, pending: null };
    const c = changeLimit(s, 80_000, T0);
    expect(c).toEqual({ applies: "after_cooling_off", setting: { amount: 50_000, pending: { amount: 80_000, effectiveAt: at(COOLING_OFF_MS) } } });
    expect(effectiveLimit(c.setting, at(24 * H - 1)).amount).toBe(50_000);
    expect(effectiveLimit(c.setting, at(24 * H))).toEqual({ amount: 80_000, pending: null });
  });

  it("a removal waits 24 hours too", () => {
    const c = changeLimit({ amount: 50_000, pending: null }, null, T0);
    expect(c.applies).toBe("after_cooling_off");
    expect(effectiveLimit(c.setting, at(24 * H - 1)).amount).toBe(50_000);
    expect(effectiveLimit(c.setting, at(24 * H)).amount).toBeNull();
  });

  it("removing when there is no limit changes nothing", () => {
    expect(changeLimit(NO_LIMIT, null, T0).applies).toBe("unchanged");
  });

  it("a decrease cancels a pending increase; a second increase restarts the 24 hours", () => {
    const pending = changeLimit({ amount: 50_000, pending: null }, 80_000, T0).setting;
    expect(changeLimit(pending, 40_000, at(H))).toEqual({ applies: "immediately", setting: { amount: 40_000, pending: null } });
    const again = changeLimit(pending, 90_000, at(2 * H)).setting;
    expect(again.pending).toEqual({ amount: 90_000, effectiveAt: at(26 * H) });
  });

  it("a change asked for after a pending one came due starts from the new limit", () => {
    const pending = changeLimit({ amount: 50_000, pending: null }, 80_000, T0).setting;
    // 25 h later the 80,000 is in force, so 70,000 is a decrease and applies at once.
    expect(changeLimit(pending, 70_000, at(25 * H))).toEqual({ applies: "immediately", setting: { amount: 70_000, pending: null } });
  });
});

describe("rolling windows and breaches", () => {
  it("windows end now and reach back 24 h, 7 days and 30 days", () => {
    expect(windowStart("daily", T0)).toEqual(at(-24 * H));
    expect(windowStart("weekly", T0)).toEqual(at(-7 * 24 * H));
    expect(windowStart("monthly", T0)).toEqual(at(-30 * 24 * H));
  });

  it("reports the first period whose limit the amount would pass", () => {
    const limits = { ...noLimits(), daily: { amount: 10_000, pending: null }, weekly: { amount: 20_000, pending: null } };
    const used = { daily: 6_000, weekly: 15_000, monthly: 15_000 };
    expect(firstBreach(limits, used, 4_000, T0)).toBeNull();
    expect(firstBreach(limits, used, 4_001, T0)).toEqual({ period: "daily", limit: 10_000, used: 6_000 });
    expect(firstBreach(limits, { daily: 0, weekly: 19_000, monthly: 19_000 }, 2_000, T0)).toEqual({ period: "weekly", limit: 20_000, used: 19_000 });
  });

  it("net wins give room under a loss limit and show as 0 used", () => {
    const limits = { ...noLimits(), daily: { amount: 10_000, pending: null } };
    expect(firstBreach(limits, { daily: -5_000, weekly: 0, monthly: 0 }, 15_000, T0)).toBeNull();
    expect(firstBreach(limits, { daily: -5_000, weekly: 0, monthly: 0 }, 15_001, T0)).toEqual({ period: "daily", limit: 10_000, used: 0 });
  });

  it("uses the limit in force at the time: a pending increase counts only once due", () => {
    const limits = { ...noLimits(), daily: changeLimit({ amount: 10_000, pending: null }, 30_000, T0).setting };
    const used = { daily: 9_000, weekly: 9_000, monthly: 9_000 };
    expect(firstBreach(limits, used, 5_000, at(23 * H))?.limit).toBe(10_000);
    expect(firstBreach(limits, used, 5_000, at(24 * H))).toBeNull();
  });

  it("lossLimitWindows: the start and limit of every window with a limit in force, for a write to re-check", () => {
    expect(lossLimitWindows(noLimits(), T0)).toEqual([]);
    const limits = {
      ...noLimits(),
      daily: { amount: 10_000, pending: null },
      // A removal waiting out its cooling-off: the old limit still holds until it is due.
      monthly: changeLimit({ amount: 50_000, pending: null }, null, T0).setting,
    };
    expect(lossLimitWindows(limits, at(H))).toEqual([
      { since: at(-23 * H), limit: 10_000 },
      { since: at(H - 30 * 24 * H), limit: 50_000 },
    ]);
    expect(lossLimitWindows(limits, at(24 * H))).toEqual([{ since: at(0), limit: 10_000 }]);
  });
});
