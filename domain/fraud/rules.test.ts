import { describe, expect, it } from "vitest";
import {
  bonusCashOuts, detectAlerts, FRAUD_THRESHOLDS, median, quickCashOuts, rapidBursts, riskLevelFor, riskProfiles, runRules,
  RunningMedian, scoreTransactions, sharedAddresses, StakeIndex, stakeSpikes,
  type BetActivity, type FraudActivity, type FraudCustomer, type PaymentActivity,
} from "./rules.ts";
import { mulberry32 as random } from "../shared/prng.ts";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const at = (msBeforeNow: number) => new Date(NOW.getTime() - msBeforeNow);
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const customer = (id: string, extra: Partial<FraudCustomer> = {}): FraudCustomer => ({
  id, email: `${id}@example.com`, firstName: id, lastName: "Test", isDemo: false, verificationLevel: "full",
  createdAt: at(60 * DAY), ...extra,
});
let n = 0;
const bet = (userId: string, stake: number, when: Date, status = "pending"): BetActivity => ({
  id: `bet_${String(++n).padStart(4, "0")}`, userId, stake, placedAt: when, status,
});
const pay = (userId: string, kind: PaymentActivity["kind"], amount: number, when: Date): PaymentActivity => ({
  id: `tx_${String(++n).padStart(4, "0")}`, userId, kind, amount, createdAt: when,
});
const activity = (a: Partial<FraudActivity>): FraudActivity => ({
  customers: [customer("u1"), customer("u2"), customer("u3")], bets: [], payments: [], sessions: [], signIns: [], alerts: [], ...a,
});

describe("median", () => {
  it("is the middle value, or the mean of the middle two", () => {
    expect(median([])).toBe(0);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("a running median agrees with median() after every value added, duplicates and all", () => {
    const rnd = random(7);
    const running = new RunningMedian();
    const seen: number[] = [];
    expect(running.value()).toBe(0);
    for (let i = 0; i < 500; i++) {
      const x = Math.floor(rnd() * 40) * 100;
      running.add(x);
      seen.push(x);
      expect(running.size).toBe(seen.length);
      expect(running.value()).toBe(median(seen));
    }
  });
});

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

describe("deposit then withdrawal with little play", () => {
  it("flags a withdrawal of >= 80% of the last 24 h deposits with stakes under 20% of them", () => {
    const payments = [pay("u1", "deposit", 10000, at(5 * HOUR)), pay("u1", "withdrawal", 8000, at(HOUR))];
    const bets = [bet("u1", 1999, at(3 * HOUR))];
    expect(quickCashOuts(payments, bets)).toHaveLength(1);
    const alert = detectAlerts(activity({ payments, bets }), NOW).find((a) => a.alertType === "deposit_withdrawal")!;
    expect(alert.severity).toBe("high");
    expect(alert.dedupeKey).toBe(`deposit_withdrawal:${payments[1].id}`);
  });

  it("does not flag when the customer played 20% or more, withdrew less than 80%, or deposited over 24 h earlier", () => {
    const d = pay("u1", "deposit", 10000, at(5 * HOUR));
    const w = pay("u1", "withdrawal", 8000, at(HOUR));
    expect(quickCashOuts([d, w], [bet("u1", 2000, at(3 * HOUR))])).toEqual([]);
    expect(quickCashOuts([d, pay("u1", "withdrawal", 7999, at(HOUR))], [])).toEqual([]);
    expect(quickCashOuts([pay("u1", "deposit", 10000, at(26 * HOUR)), w], [])).toEqual([]);
  });

  it("is critical when everything deposited is withdrawn without a single bet", () => {
    const payments = [pay("u1", "deposit", 10000, at(5 * HOUR)), pay("u1", "withdrawal", 10000, at(HOUR))];
    expect(detectAlerts(activity({ payments }), NOW).find((a) => a.alertType === "deposit_withdrawal")!.severity).toBe("critical");
  });
});

describe("several accounts from one address", () => {
  const customers = new Map(["u1", "u2", "u3", "u4", "u5"].map((id) => [id, customer(id)]));

  it("flags every account when 3 or more customers used one address within 7 days", () => {
    const sessions = ["u1", "u2", "u3"].map((u, i) => ({ userId: u, ip: "203.0.113.7", createdAt: at(i * DAY) }));
    expect(sharedAddresses(sessions, customers, NOW)).toEqual([{ ip: "203.0.113.7", userIds: ["u1", "u2", "u3"] }]);
    const alerts = detectAlerts(activity({ customers: [...customers.values()], sessions }), NOW);
    expect(alerts.map((a) => a.dedupeKey).sort()).toEqual([
      "shared_address:203.0.113.7:u1", "shared_address:203.0.113.7:u2", "shared_address:203.0.113.7:u3",
    ]);
    expect(alerts.every((a) => a.severity === "medium")).toBe(true);
  });

  it("does not count two accounts, sessions older than 7 days, unknown addresses or demo accounts", () => {
    const two = ["u1", "u2", "u1"].map((u) => ({ userId: u, ip: "203.0.113.7", createdAt: at(HOUR) }));
    expect(sharedAddresses(two, customers, NOW)).toEqual([]);
    const old = ["u1", "u2", "u3"].map((u, i) => ({ userId: u, ip: "203.0.113.7", createdAt: at(i === 2 ? 8 * DAY : HOUR) }));
    expect(sharedAddresses(old, customers, NOW)).toEqual([]);
    const noIp = ["u1", "u2", "u3"].map((u) => ({ userId: u, ip: null, createdAt: at(HOUR) }));
    expect(sharedAddresses(noIp, customers, NOW)).toEqual([]);
    const withDemo = new Map([...customers, ["u3", customer("u3", { isDemo: true })]]);
    const sessions = ["u1", "u2", "u3"].map((u) => ({ userId: u, ip: "203.0.113.7", createdAt: at(HOUR) }));
    expect(sharedAddresses(sessions, withDemo, NOW)).toEqual([]);
  });

  it("counts the durable sign-in records: the alert stands after the sessions are deleted (logout, suspension)", () => {
    const signIns = ["u1", "u2", "u3"].map((u, i) => ({ userId: u, ip: "203.0.113.7", createdAt: at(i * DAY + HOUR) }));
    const alerts = detectAlerts(activity({ customers: [...customers.values()], sessions: [], signIns }), NOW);
    expect(alerts.map((a) => a.dedupeKey).sort()).toEqual([
      "shared_address:203.0.113.7:u1", "shared_address:203.0.113.7:u2", "shared_address:203.0.113.7:u3",
    ]);
    // Transaction monitoring and risk profiles see the same shared address.
    const deposit = pay("u1", "deposit", 1000, at(HOUR));
    const scored = scoreTransactions(activity({ customers: [...customers.values()], signIns, payments: [deposit] }), NOW);
    const withoutSignIns = scoreTransactions(activity({ customers: [...customers.values()], payments: [deposit] }), NOW);
    expect(scored[0].riskScore).toBeGreaterThan(withoutSignIns[0].riskScore);
  });

  it("counts each customer once per address across live sessions and sign-in records", () => {
    const sessions = ["u1", "u2"].map((u) => ({ userId: u, ip: "203.0.113.7", createdAt: at(HOUR) }));
    const signIns = ["u1", "u2", "u1", "u2"].map((u, i) => ({ userId: u, ip: "203.0.113.7", createdAt: at(i * HOUR) }));
    expect(detectAlerts(activity({ customers: [...customers.values()], sessions, signIns }), NOW)).toEqual([]);
    const third = [...signIns, { userId: "u3", ip: "203.0.113.7", createdAt: at(2 * DAY) }];
    const alerts = detectAlerts(activity({ customers: [...customers.values()], sessions, signIns: third }), NOW);
    expect(alerts).toHaveLength(3);
    expect(alerts[0].evidence).toMatchObject({ ip: "203.0.113.7", accounts: 3, userIds: ["u1", "u2", "u3"] });
    // A sign-in older than the window does not count, whatever the sessions say.
    const stale = [...signIns, { userId: "u3", ip: "203.0.113.7", createdAt: at(8 * DAY) }];
    expect(detectAlerts(activity({ customers: [...customers.values()], sessions, signIns: stale }), NOW)).toEqual([]);
  });

  it("is high severity at 5 accounts", () => {
    const sessions = ["u1", "u2", "u3", "u4", "u5"].map((u) => ({ userId: u, ip: "198.51.100.2", createdAt: at(HOUR) }));
    const alerts = detectAlerts(activity({ customers: [...customers.values()], sessions }), NOW);
    expect(alerts).toHaveLength(5);
    expect(alerts.every((a) => a.severity === "high")).toBe(true);
  });
});

describe("bonus claimed then withdrawn", () => {
  it("flags a withdrawal within 72 h of a bonus with stakes under 5x the bonus", () => {
    const payments = [pay("u1", "deposit_bonus", 1000, at(30 * HOUR)), pay("u1", "withdrawal", 3000, at(HOUR))];
    const bets = [bet("u1", 1000, at(20 * HOUR))];
    const found = bonusCashOuts(payments, bets);
    expect(found).toHaveLength(1);
    expect(found[0].confidence).toBe(86); // 95 - 45 * (1000 / 5000)
    const alert = detectAlerts(activity({ payments, bets }), NOW).find((a) => a.alertType === "bonus_abuse")!;
    expect(alert).toMatchObject({ confidence: 86, severity: "high", dedupeKey: `bonus_abuse:${payments[1].id}` });
  });

  it("counts operator bonus adjustments too, and not once the bonus was wagered 5x or is older than 72 h", () => {
    const adj = pay("u1", "adjustment", 1000, at(10 * HOUR));
    const w = pay("u1", "withdrawal", 1000, at(HOUR));
    expect(bonusCashOuts([adj, w], [])).toHaveLength(1);
    expect(bonusCashOuts([adj, w], [bet("u1", 5000, at(5 * HOUR))])).toEqual([]);
    expect(bonusCashOuts([pay("u1", "deposit_bonus", 1000, at(80 * HOUR)), w], [])).toEqual([]);
  });
});

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

describe("user risk profiles", () => {
  it("adds up unresolved alerts, resolved history, risky transactions, win rate and KYC", () => {
    const a = activity({
      customers: [customer("u1", { verificationLevel: "basic" }), customer("u2")],
      bets: Array.from({ length: 10 }, (_, i) => bet("u2", 1000, at((i + 1) * DAY), i < 7 ? "won" : "lost")),
    });
    const profiles = riskProfiles(
      a,
      [
        { userId: "u1", severity: "high", status: "open", alertType: "stake_spike" },
        { userId: "u1", severity: "medium", status: "resolved", alertType: "rapid_betting" },
      ],
      [{ userId: "u1", riskScore: 80, createdAt: at(HOUR) }],
      NOW,
    );
    const u1 = profiles.find((p) => p.userId === "u1")!;
    expect(u1.riskScore).toBe(30 + 3 + 24 + 10);
    expect(u1.riskLevel).toBe("high");
    const u2 = profiles.find((p) => p.userId === "u2")!;
    expect(u2.riskScore).toBe(15);
    expect(u2.factors[0]).toMatch(/Win rate 70%/);
  });

  it("maps scores to levels", () => {
    expect([0, 24, 25, 49, 50, 74, 75, 100].map(riskLevelFor)).toEqual(["low", "low", "medium", "medium", "high", "high", "critical", "critical"]);
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
