import { describe, expect, it } from "vitest";
import { detectAlerts, FRAUD_THRESHOLDS, runRules } from "./index.ts";
import { activity, at, bet, customer, DAY, HOUR, MIN, NOW, pay } from "./fixtures.ts";

/** A customer who opened their account an hour ago. */
const fresh = (id: string) => customer(id, { createdAt: at(HOUR) });
const firstBetAlerts = (a: Parameters<typeof detectAlerts>[0]) => detectAlerts(a, NOW).filter((x) => x.alertType === "large_first_bet");

describe("large first bet after the first deposit: documented floors", () => {
  it("pins the thresholds (docs/security.md, fraud rules)", () => {
    expect(FRAUD_THRESHOLDS).toMatchObject({
      largeFirstBetWindowMs: 24 * HOUR,
      largeFirstBetMinStake: 100_000,
      largeFirstBetShareOfDeposit: 0.25,
      largeFirstBetHighStake: 1_000_000,
    });
  });

  it("flags a brand-new account staking 20,000.00 minutes after depositing 50,000.00 (high)", () => {
    const deposit = pay("u1", "deposit", 5_000_000, at(30 * MIN));
    const first = bet("u1", 2_000_000, at(22 * MIN));
    const alerts = firstBetAlerts(activity({ customers: [fresh("u1")], payments: [deposit], bets: [first, bet("u1", 1_000, at(MIN))] }));
    expect(alerts).toEqual([
      expect.objectContaining({
        dedupeKey: `large_first_bet:${first.id}`,
        userId: "u1",
        severity: "high",
        description: "First bet of $20,000.00 placed 8 minutes after the account's first deposit of $50,000.00 (40% of it)",
        evidence: { betId: first.id, stake: 2_000_000, depositId: deposit.id, deposit: 5_000_000, minutesAfterDeposit: 8, shareOfDeposit: 0.4 },
      }),
    ]);
  });

  it("the flagged bet is scored as risky and the account's profile carries the alert", () => {
    const first = bet("u1", 2_000_000, at(22 * MIN));
    const { monitoring, profiles } = runRules(activity({ customers: [fresh("u1")], payments: [pay("u1", "deposit", 5_000_000, at(30 * MIN))], bets: [first] }), NOW);
    const scored = monitoring.find((m) => m.reference === first.id)!;
    expect(scored.riskScore).toBeGreaterThanOrEqual(60);
    expect(scored.reasons).toContain("First bet, within 24 hours of a first deposit of $50,000.00");
    expect(profiles.find((p) => p.userId === "u1")!.factors).toContain("1 unresolved alert (large_first_bet)");
  });

  it("exactly at the floor is flagged, medium", () => {
    const alerts = firstBetAlerts(activity({ customers: [fresh("u1")], payments: [pay("u1", "deposit", 200_000, at(50 * MIN))], bets: [bet("u1", 100_000, at(40 * MIN))] }));
    expect(alerts).toEqual([expect.objectContaining({ severity: "medium" })]);
  });

  it("below the absolute floor nothing is raised, whatever the share: 999.99 of a 1,000.00 deposit", () => {
    expect(firstBetAlerts(activity({ customers: [fresh("u1")], payments: [pay("u1", "deposit", 100_000, at(50 * MIN))], bets: [bet("u1", 99_999, at(40 * MIN))] }))).toEqual([]);
  });

  it("over the floor but a small share of the deposit is nothing: 1,000.00 of 100,000.00", () => {
    expect(firstBetAlerts(activity({ customers: [fresh("u1")], payments: [pay("u1", "deposit", 10_000_000, at(50 * MIN))], bets: [bet("u1", 100_000, at(40 * MIN))] }))).toEqual([]);
  });

  it("only the first bet, only within 24 hours of the first deposit, only after it", () => {
    const c = customer("u1", { createdAt: at(3 * DAY) });
    const dep = pay("u1", "deposit", 5_000_000, at(2 * DAY + HOUR));
    // A small first bet, then the large one: not a first bet.
    expect(firstBetAlerts(activity({ customers: [c], payments: [dep], bets: [bet("u1", 500, at(2 * DAY)), bet("u1", 2_000_000, at(DAY + 2 * HOUR))] }))).toEqual([]);
    // The first bet a day and more after the deposit.
    expect(firstBetAlerts(activity({ customers: [c], payments: [dep], bets: [bet("u1", 2_000_000, at(HOUR))] }))).toEqual([]);
    // A bet before any deposit (a bonus or a grant) is the first bet: a later large one is not.
    expect(firstBetAlerts(activity({ customers: [c], payments: [pay("u1", "deposit", 5_000_000, at(DAY))], bets: [bet("u1", 300, at(2 * DAY)), bet("u1", 2_000_000, at(DAY - HOUR))] }))).toEqual([]);
  });

  it("the first deposit counts, not a later larger one; an account older than the history read is not judged", () => {
    const c = fresh("u1");
    const deposits = [pay("u1", "deposit", 1_000, at(50 * MIN)), pay("u1", "deposit", 5_000_000, at(45 * MIN))];
    // 20,000.00 is 2,000,000% of the first deposit: flagged (the share is a floor, not a ceiling).
    expect(firstBetAlerts(activity({ customers: [c], payments: deposits, bets: [bet("u1", 2_000_000, at(40 * MIN))] }))[0].evidence).toMatchObject({ deposit: 1_000 });
    const old = customer("u1", { createdAt: at(FRAUD_THRESHOLDS.lookbackMs + DAY) });
    expect(firstBetAlerts(activity({ customers: [old], payments: [pay("u1", "deposit", 5_000_000, at(30 * MIN))], bets: [bet("u1", 2_000_000, at(20 * MIN))] }))).toEqual([]);
  });

  it("is raised once: the next scan knows its key", () => {
    const a = activity({ customers: [fresh("u1")], payments: [pay("u1", "deposit", 5_000_000, at(30 * MIN))], bets: [bet("u1", 2_000_000, at(20 * MIN))] });
    const first = runRules(a, NOW).newAlerts.filter((x) => x.alertType === "large_first_bet");
    expect(first).toHaveLength(1);
    const known = first.map((x) => ({ dedupeKey: x.dedupeKey, userId: x.userId, alertType: x.alertType, severity: x.severity, status: "open" as const }));
    expect(runRules({ ...a, alerts: known }, NOW).newAlerts.filter((x) => x.alertType === "large_first_bet")).toEqual([]);
  });
});
