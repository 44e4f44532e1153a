import { describe, expect, it } from "vitest";
import { detectAlerts, FRAUD_THRESHOLDS } from "../rules.ts";
import { rapidBursts, slipStarts } from "./rapid-betting.ts";
import { activity, at, bet, MIN, NOW, SEC } from "./fixtures.ts";

const rapid = (bets: ReturnType<typeof bet>[]) => detectAlerts(activity({ bets }), NOW).filter((a) => a.alertType === "rapid_betting");
/** One slip: `legs` singles placed together, `gapMs` apart (the slip's requests land within a second or so). */
const slip = (userId: string, legs: number, start: Date, gapMs = 200) =>
  Array.from({ length: legs }, (_, i) => bet(userId, 1_000, new Date(start.getTime() + i * gapMs)));

describe("rapid betting counts slips, not bets", () => {
  it("pins the slip window", () => {
    expect(FRAUD_THRESHOLDS.rapidSlipMs).toBe(1_500);
  });

  it("five singles from one slip (placed within a second) are one action: no alert", () => {
    const bets = slip("u1", 5, at(10 * MIN));
    expect(slipStarts(bets)).toHaveLength(1);
    expect(rapidBursts(bets)).toEqual([]);
    expect(rapid(bets)).toEqual([]);
  });

  it("two slips of five singles in a minute (10 bets) are two actions: no alert", () => {
    expect(rapid([...slip("u1", 5, at(10 * MIN)), ...slip("u1", 5, at(10 * MIN - 20 * SEC))])).toEqual([]);
  });

  it("five separate bets 10 seconds apart still alert; so do five slips of three singles each", () => {
    const singles = [0, 10, 20, 30, 40].map((s) => bet("u1", 1_000, at(10 * MIN - s * SEC)));
    expect(rapid(singles)).toEqual([expect.objectContaining({ severity: "medium", dedupeKey: `rapid_betting:u1:${singles[0].id}` })]);
    const slips = [0, 10, 20, 30, 40].flatMap((s) => slip("u1", 3, at(10 * MIN - s * SEC)));
    const [alert] = rapid(slips);
    expect(alert.evidence).toMatchObject({ slipsInWindow: 5, burstSlips: 5, burstBets: 15 });
  });

  it("a slip is anchored on its first bet: a bot placing a bet every 1.6 s is a slip each time", () => {
    const stream = Array.from({ length: 12 }, (_, i) => bet("u1", 500, at(10 * MIN - i * 1_600)));
    expect(slipStarts(stream)).toHaveLength(12);
    expect(rapid(stream)).toEqual([expect.objectContaining({ severity: "high" })]);
    // A bet every 0.7 s: slips of three (0, 0.7, 1.4 s; the next starts at 2.1 s), so thirty bets are
    // ten slips within 21 s: high.
    const fast = Array.from({ length: 30 }, (_, i) => bet("u2", 500, at(10 * MIN - i * 700)));
    expect(rapid(fast)).toEqual([expect.objectContaining({ userId: "u2", severity: "high" })]);
  });
});
