import { describe, expect, it } from "vitest";
import { scoreTransactions } from "./monitoring.ts";
import { activity, at, bet, DAY, HOUR, MIN, NOW, pay } from "./fixtures.ts";

describe("transaction monitoring scores", () => {
  it("scores an ordinary bet low and a spiking burst bet high", () => {
    const history = [1000, 1000, 1000, 1000, 1000].map((s, i) => bet("u1", s, at((10 - i) * HOUR)));
    const burst = [0, 5, 10, 15].map((s) => bet("u1", 1000, at(10 * MIN - s * 1000)));
    const spike = bet("u1", 20000, at(10 * MIN - 20_000));
    const records = scoreTransactions(activity({ bets: [...history, ...burst, spike] }), NOW);
    const byRef = new Map(records.map((r) => [r.reference, r]));
    expect(byRef.get(history[0].id)!.riskScore).toBe(5);
    const s = byRef.get(spike.id)!;
    expect(s.riskScore).toBeGreaterThan(70);
    expect(s.reasons).toContain("Part of a rapid betting burst");
  });

  it("scores a withdrawal that empties a fresh deposit above 70", () => {
    const payments = [pay("u1", "deposit", 10000, at(5 * HOUR)), pay("u1", "withdrawal", 9000, at(HOUR))];
    const records = scoreTransactions(activity({ payments }), NOW);
    const w = records.find((r) => r.monitoringType === "withdrawal")!;
    expect(w.riskScore).toBe(75);
    expect(records.find((r) => r.monitoringType === "deposit")!.riskScore).toBe(45);
  });

  it("leaves out staff and activity outside the scan window", () => {
    const records = scoreTransactions(activity({ bets: [bet("staff", 1000, at(HOUR)), bet("u1", 1000, at(8 * DAY))] }), NOW);
    expect(records).toEqual([]);
  });
});
