import { describe, expect, it } from "vitest";
import { detectAlerts, FRAUD_THRESHOLDS } from "./index.ts";
import { rapidBursts, slipStarts } from "./rapid-betting.ts";
import { activity, at, bet, DAY, MIN, NOW, SEC } from "./fixtures.ts";

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

describe("rapid repeated bets", () => {
  it(`flags ${FRAUD_THRESHOLDS.rapidMinBets} bets within 60 seconds, keyed by the burst's first bet`, () => {
    const bets = [0, 10, 20, 30, 40].map((s) => bet("u1", 1000, at(10 * MIN - s * 1000)));
    const bursts = rapidBursts(bets);
    expect(bursts).toHaveLength(1);
    expect(bursts[0].startBetId).toBe(bets[0].id);
    expect(bursts[0].maxInWindow).toBe(5);
    const alerts = detectAlerts(activity({ bets }), NOW);
    expect(alerts).toEqual([expect.objectContaining({ alertType: "rapid_betting", severity: "medium", dedupeKey: `rapid_betting:u1:${bets[0].id}` })]);
  });

  it("does not flag four bets in a minute, or five spread over more than a minute each", () => {
    const four = [0, 10, 20, 30].map((s) => bet("u1", 1000, at(10 * MIN - s * 1000)));
    expect(rapidBursts(four)).toEqual([]);
    // chained within 60 s of each other, but no single 60 s window holds five
    const spread = [0, 50, 100, 150, 200].map((s) => bet("u1", 1000, at(10 * MIN - s * 1000)));
    expect(rapidBursts(spread)).toEqual([]);
  });

  it("keeps the same key as a burst grows, and is high severity at ten bets", () => {
    const first = [0, 5, 10, 15, 20].map((s) => bet("u1", 1000, at(10 * MIN - s * 1000)));
    const more = [25, 30, 35, 40, 45].map((s) => bet("u1", 1000, at(10 * MIN - s * 1000)));
    const key1 = detectAlerts(activity({ bets: first }), NOW)[0].dedupeKey;
    const grown = detectAlerts(activity({ bets: [...first, ...more] }), NOW).filter((a) => a.alertType === "rapid_betting");
    expect(grown).toHaveLength(1);
    expect(grown[0].dedupeKey).toBe(key1);
    expect(grown[0].severity).toBe("high");
  });

  it("ignores bursts older than the scan window", () => {
    const old = [0, 5, 10, 15, 20].map((s) => bet("u1", 1000, at(8 * DAY + s * 1000)));
    expect(rapidBursts(old)).toHaveLength(1);
    expect(detectAlerts(activity({ bets: old }), NOW)).toEqual([]);
  });
});
