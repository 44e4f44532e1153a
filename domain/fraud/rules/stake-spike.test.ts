import { describe, expect, it } from "vitest";
import { detectAlerts, FRAUD_THRESHOLDS } from "./index.ts";
import { stakeSpikes } from "./stake-spike.ts";
import { activity, at, bet, HOUR, median, MIN, NOW } from "./fixtures.ts";

const history = (stake: number) => [5, 4, 3, 2, 1].map((h) => bet("u1", stake, at(h * HOUR)));
const spikes = (bets: ReturnType<typeof bet>[]) => detectAlerts(activity({ bets }), NOW).filter((a) => a.alertType === "stake_spike");

describe("stake spike: an absolute floor of 50.00", () => {
  it("pins the floor", () => {
    expect(FRAUD_THRESHOLDS.spikeMinStake).toBe(5_000);
  });

  it("five 1.00 stakes then 6.00 (6x) is not a stake spike; nor is 49.99 (50x)", () => {
    expect(stakeSpikes([...history(100), bet("u1", 600, at(MIN))])).toEqual([]);
    expect(spikes([...history(100), bet("u1", 600, at(MIN))])).toEqual([]);
    expect(spikes([...history(100), bet("u1", 4_999, at(MIN))])).toEqual([]);
  });

  it("five 10.00 stakes then 60.00 (6x, over the floor) still is, medium", () => {
    const bets = [...history(1_000), bet("u1", 6_000, at(MIN))];
    expect(spikes(bets)).toEqual([expect.objectContaining({ severity: "medium", dedupeKey: `stake_spike:${bets[5].id}` })]);
  });

  it("five 1.00 stakes then exactly 50.00 (50x) is a critical spike: the floor is a floor on the stake, not on the ratio", () => {
    const bets = [...history(100), bet("u1", 5_000, at(MIN))];
    expect(spikes(bets)).toEqual([expect.objectContaining({ severity: "critical" })]);
    expect(spikes(bets)[0].evidence).toMatchObject({ stake: 5_000, medianStake: 100, ratio: 50 });
  });

  it("over the floor but not over 5x the median is still nothing (five 20.00 stakes then 100.00)", () => {
    expect(spikes([...history(2_000), bet("u1", 10_000, at(MIN))])).toEqual([]);
  });
});

describe("stake far above history", () => {
  const history = (stakes: number[]) => stakes.map((s, i) => bet("u1", s, at((stakes.length - i + 1) * HOUR)));

  it("flags a stake more than 5x the median of at least 5 earlier bets", () => {
    const bets = [...history([1000, 1000, 1200, 800, 1000]), bet("u1", 5100, at(10 * MIN))];
    const spikes = stakeSpikes(bets);
    expect(spikes).toHaveLength(1);
    expect(spikes[0].median).toBe(1000);
    const alert = detectAlerts(activity({ bets }), NOW).find((a) => a.alertType === "stake_spike")!;
    expect(alert.severity).toBe("medium");
    expect(alert.dedupeKey).toBe(`stake_spike:${bets[5].id}`);
  });

  it("does not flag exactly 5x, nor anything with fewer than 5 earlier bets", () => {
    expect(stakeSpikes([...history([1000, 1000, 1000, 1000, 1000]), bet("u1", 5000, at(MIN))])).toEqual([]);
    expect(stakeSpikes([...history([1000, 1000, 1000, 1000]), bet("u1", 50000, at(MIN))])).toEqual([]);
  });

  it("grades severity by the ratio", () => {
    const sev = (stake: number) =>
      detectAlerts(activity({ bets: [...history([1000, 1000, 1000, 1000, 1000]), bet("u1", stake, at(MIN))] }), NOW)
        .find((a) => a.alertType === "stake_spike")!.severity;
    expect(sev(6000)).toBe("medium");
    expect(sev(10000)).toBe("high");
    expect(sev(20000)).toBe("critical");
  });
});
