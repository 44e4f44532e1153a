import { describe, expect, it } from "vitest";
import { type BetActivity, FRAUD_THRESHOLDS, runRules } from "./index.ts";
import { bonusCashOuts } from "./bonus-abuse.ts";
import { quickCashOuts } from "./deposit-withdrawal.ts";
import { StakeIndex } from "./stake-index.ts";
import { stakeSpikes } from "./stake-spike.ts";
import { activity, at, bet, median, MIN, NOW, pay } from "./fixtures.ts";
import { mulberry32 as random } from "../../shared/prng.ts";

/**
 * The rules as first written, one plain pass over everything per bet or withdrawal (quadratic, too
 * slow for a busy day's activity): the fast versions must give the same answers.
 */
const plain = {
  stakeSpikes(bets: BetActivity[]) {
    const out: { betId: string; median: number; priorBets: number }[] = [];
    for (const u of new Set(bets.map((b) => b.userId))) {
      const mine = bets.filter((b) => b.userId === u).sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime() || a.id.localeCompare(b.id));
      for (const b of mine) {
        const prior = mine.filter((p) => p.placedAt.getTime() < b.placedAt.getTime());
        const m = median(prior.map((p) => p.stake));
        if (prior.length >= FRAUD_THRESHOLDS.spikeMinPriorBets && m > 0 && b.stake / m > FRAUD_THRESHOLDS.spikeMultiple &&
          b.stake >= FRAUD_THRESHOLDS.spikeMinStake)
          out.push({ betId: b.id, median: m, priorBets: prior.length });
      }
    }
    return out;
  },
  stakesBetween: (bets: BetActivity[], userId: string, from: number, to: number) =>
    bets.reduce((s, b) => (b.userId === userId && b.placedAt.getTime() >= from && b.placedAt.getTime() <= to ? s + b.stake : s), 0),
};

describe("the rules on a busy random history agree with their plain definitions", () => {
  const rnd = random(2026);
  const users = ["u1", "u2", "u3"];
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  // Times on a coarse grid, so many bets share a millisecond (they are not each other's history).
  const when = () => at(Math.floor(rnd() * 400) * 15 * MIN);
  const bets = Array.from({ length: 1500 }, () => bet(pick(users), pick([100, 500, 1000, 1000, 2000, 8000, 30000]), when()));
  const payments = Array.from({ length: 300 }, () =>
    pay(pick(users), pick(["deposit", "deposit", "withdrawal", "deposit_bonus", "adjustment"] as const), pick([500, 2000, 10000, 50000]), when()),
  );

  it("stake spikes: the same bets, medians and histories", () => {
    const fast = stakeSpikes(bets).map((s) => ({ betId: s.bet.id, median: s.median, priorBets: s.priorBets }));
    const expected = plain.stakeSpikes(bets);
    expect(expected.length).toBeGreaterThan(10);
    expect(fast).toEqual(expected);
  });

  it("stakes between two moments, ends included", () => {
    const index = new StakeIndex(bets);
    for (let i = 0; i < 300; i++) {
      const from = when().getTime();
      const to = from + Math.floor(rnd() * 6) * 15 * MIN;
      const u = pick([...users, "nobody"]);
      expect(index.between(u, from, to)).toBe(plain.stakesBetween(bets, u, from, to));
    }
  });

  it("cash-outs: each withdrawal's stakes are the plain sum over its window", () => {
    const quick = quickCashOuts(payments, bets);
    const bonus = bonusCashOuts(payments, bets);
    expect(quick.length + bonus.length).toBeGreaterThan(5);
    for (const q of quick) {
      const t = q.withdrawal.createdAt.getTime();
      const deposits = payments.filter((p) => p.userId === q.withdrawal.userId && p.kind === "deposit" && p.createdAt.getTime() <= t && p.createdAt.getTime() >= t - FRAUD_THRESHOLDS.depositWindowMs);
      const from = Math.min(...deposits.map((d) => d.createdAt.getTime()));
      expect(q.deposits).toBe(deposits.reduce((s, d) => s + d.amount, 0));
      expect(q.stakes).toBe(plain.stakesBetween(bets, q.withdrawal.userId, from, t));
    }
    for (const b of bonus) expect(b.stakes).toBe(plain.stakesBetween(bets, b.withdrawal.userId, b.firstBonusAt.getTime(), b.withdrawal.createdAt.getTime()));
  });
});


describe("runRules", () => {
  it("raises only alerts whose key is new", () => {
    const bets = [0, 10, 20, 30, 40].map((s) => bet("u1", 1000, at(10 * MIN - s * 1000)));
    const first = runRules(activity({ bets }), NOW);
    expect(first.newAlerts).toHaveLength(1);
    const again = runRules(
      activity({ bets, alerts: first.newAlerts.map((x) => ({ ...x, status: "open" as const })) }),
      NOW,
    );
    expect(again.alerts).toHaveLength(1);
    expect(again.newAlerts).toEqual([]);
    expect(again.profiles.find((p) => p.userId === "u1")!.riskScore).toBe(first.profiles.find((p) => p.userId === "u1")!.riskScore);
  });
});
