import { describe, expect, it } from "vitest";
import { detectAlerts, runRules } from "./index.ts";
import { scoreTransactions } from "./monitoring.ts";
import { sharedAddresses } from "./shared-address.ts";
import { activity, at, bet, customer, DAY, HOUR, MIN, NOW, pay, SEC, signIn } from "./fixtures.ts";

const CGNAT = "100.72.14.9";
const MOBILE = "2607:fb90:aa::7";
const PUBLIC = "203.0.113.7";
const shared = (a: Parameters<typeof detectAlerts>[0]) => detectAlerts(a, NOW).filter((x) => x.alertType === "shared_address");
const customers = new Map(["u1", "u2", "u3", "u4", "u5"].map((id) => [id, customer(id)]));
/** A bonus withdrawn with no play: a bonus-abuse finding for the customer. */
const bonusAbuse = (userId: string) => [pay(userId, "deposit_bonus", 5_000, at(10 * HOUR)), pay(userId, "withdrawal", 5_000, at(HOUR))];

describe("shared addresses weighed against known NAT and mobile ranges", () => {
  it("five accounts behind one carrier-grade NAT address, with nothing else against them, raise nothing", () => {
    const signIns = ["u1", "u2", "u3", "u4", "u5"].map((u) => signIn(u, CGNAT));
    expect(sharedAddresses(signIns, customers, NOW)).toEqual([]);
    expect(shared(activity({ signIns }))).toEqual([]);
    expect(shared(activity({ signIns: ["u1", "u2", "u3"].map((u) => signIn(u, MOBILE)) }))).toEqual([]);
  });

  it("the same on an ordinary address still raises its alert, on every account (a true positive stays one)", () => {
    const alerts = shared(activity({ signIns: ["u1", "u2", "u3"].map((u) => signIn(u, PUBLIC)) }));
    expect(alerts.map((a) => a.accounts)).toEqual([["u1", "u2", "u3"]]);
  });

  it("on a shared range, one corroborated account is not enough", () => {
    const a = activity({ signIns: ["u1", "u2", "u3"].map((u) => signIn(u, CGNAT)), payments: bonusAbuse("u1") });
    expect(shared(a)).toEqual([]);
    expect(detectAlerts(a, NOW).some((x) => x.alertType === "bonus_abuse" && x.userId === "u1")).toBe(true);
  });

  it("two accounts on a shared range with other signals are alerted (only they), naming the range and the signals", () => {
    const bets = [0, 10, 20, 30, 40].map((s) => bet("u2", 1_000, at(10 * MIN - s * SEC)));
    const a = activity({ signIns: ["u1", "u2", "u3", "u4"].map((u) => signIn(u, CGNAT)), payments: bonusAbuse("u1"), bets });
    const alerts = shared(a);
    expect(alerts.map((x) => x.accounts)).toEqual([["u1", "u2"]]);
    expect(alerts[0].evidence).toMatchObject({
      ip: CGNAT,
      accounts: 2,
      accountsSeen: 4,
      sharedRange: { cidr: "100.64.0.0/10", kind: "cgnat" },
      corroboration: { u1: ["bonus withdrawn with little play"], u2: ["rapid betting"] },
    });
    expect(alerts[0].description).toMatch(/2 of 4 accounts .*Carrier-grade NAT/);
  });

  it("an unresolved alert of another rule corroborates; a resolved one does not", () => {
    const signIns = ["u1", "u2", "u3"].map((u) => signIn(u, CGNAT));
    const existing = (status: "open" | "resolved") =>
      ["u1", "u3"].map((userId) => ({ dedupeKey: `manual_flag:${userId}`, userId, alertType: "manual_flag" as const, severity: "high" as const, status }));
    expect(shared(activity({ signIns, alerts: existing("open") })).map((x) => x.accounts)).toEqual([["u1", "u3"]]);
    expect(shared(activity({ signIns, alerts: existing("resolved") }))).toEqual([]);
  });

  it("the monitoring scores count only the alerted accounts as sharing an address", () => {
    const signIns = ["u1", "u2", "u3"].map((u) => signIn(u, CGNAT, at(2 * DAY)));
    const payments = [pay("u3", "deposit", 1_000, at(HOUR))];
    const scored = runRules(activity({ signIns, payments }), NOW).monitoring.find((m) => m.userId === "u3")!;
    expect(scored.reasons).not.toContain("Account shares an address with other accounts");
  });
});

describe("several accounts from one address", () => {
  const customers = new Map(["u1", "u2", "u3", "u4", "u5"].map((id) => [id, customer(id)]));

  it("raises ONE alert when 3 or more customers used one address within 7 days: on the account that came last, naming all", () => {
    const sessions = ["u1", "u2", "u3"].map((u, i) => ({ userId: u, ip: "203.0.113.7", createdAt: at(i * DAY) }));
    expect(sharedAddresses(sessions, customers, NOW)).toEqual([{ ip: "203.0.113.7", userIds: ["u1", "u2", "u3"], newest: "u1" }]);
    const alerts = detectAlerts(activity({ customers: [...customers.values()], sessions }), NOW);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      userId: "u1",
      accounts: ["u1", "u2", "u3"],
      severity: "medium",
      description: "3 accounts signed in from the address 203.0.113.7 within 7 days: u1@example.com, u2@example.com, u3@example.com",
    });
    expect(alerts[0].dedupeKey).toMatch(/^shared_address:203\.0\.113\.7#3:[0-9a-f]{8}$/);
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
    expect(alerts.map((a) => a.accounts)).toEqual([["u1", "u2", "u3"]]);
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
    expect(alerts).toHaveLength(1);
    expect(alerts[0].evidence).toMatchObject({ ip: "203.0.113.7", accounts: 3, userIds: ["u1", "u2", "u3"] });
    // A sign-in older than the window does not count, whatever the sessions say.
    const stale = [...signIns, { userId: "u3", ip: "203.0.113.7", createdAt: at(8 * DAY) }];
    expect(detectAlerts(activity({ customers: [...customers.values()], sessions, signIns: stale }), NOW)).toEqual([]);
  });

  it("is high severity at 5 accounts", () => {
    const sessions = ["u1", "u2", "u3", "u4", "u5"].map((u) => ({ userId: u, ip: "198.51.100.2", createdAt: at(HOUR) }));
    const alerts = detectAlerts(activity({ customers: [...customers.values()], sessions }), NOW);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ severity: "high", accounts: ["u1", "u2", "u3", "u4", "u5"] });
  });

});

describe("one alert per shared-address incident", () => {
  const ip = "203.0.113.9";
  const ring = (users: string[]) => users.map((u, i) => signIn(u, ip, at((10 - i) * HOUR)));
  const raised = (alerts: ReturnType<typeof shared>, status: "open" | "resolved") =>
    alerts.map((x) => ({ dedupeKey: x.dedupeKey, userId: x.userId, alertType: x.alertType, severity: x.severity, status, ip, accounts: x.accounts }));

  it("the next scan raises nothing more for the same accounts, whatever its status", () => {
    const first = shared(activity({ signIns: ring(["u1", "u2", "u3"]) }));
    expect(first).toHaveLength(1);
    const known = raised(first, "resolved");
    expect(runRules(activity({ signIns: ring(["u1", "u2", "u3"]), alerts: known }), NOW).newAlerts.filter((x) => x.alertType === "shared_address")).toEqual([]);
  });

  it("a fourth account while the alert is unresolved raises nothing (the open alert is the incident); after it is resolved, a new incident", () => {
    const first = shared(activity({ signIns: ring(["u1", "u2", "u3"]) }));
    const grown = ring(["u1", "u2", "u3", "u4"]);
    expect(shared(activity({ signIns: grown, alerts: raised(first, "open") }))).toEqual([]);
    const again = shared(activity({ signIns: grown, alerts: raised(first, "resolved") }));
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ userId: "u4", accounts: ["u1", "u2", "u3", "u4"] });
    expect(again[0].dedupeKey).not.toBe(first[0].dedupeKey);
  });

  it("an older alert raised per account still holds the address while it is open", () => {
    const legacy = ["u1", "u2", "u3"].map((userId) => ({
      dedupeKey: `shared_address:${ip}:${userId}`, userId, alertType: "shared_address" as const, severity: "medium" as const, status: "open" as const, ip,
    }));
    expect(shared(activity({ signIns: ring(["u1", "u2", "u3", "u4"]), alerts: legacy }))).toEqual([]);
  });

  it("every account of the incident carries it in its risk profile; the rule counts one alert", () => {
    const { newAlerts, profiles } = runRules(activity({ signIns: ring(["u1", "u2", "u3"]) }), NOW);
    expect(newAlerts.filter((x) => x.alertType === "shared_address")).toHaveLength(1);
    for (const u of ["u1", "u2", "u3"])
      expect(profiles.find((p) => p.userId === u)!.factors).toContain("1 unresolved alert (shared_address)");
    expect(profiles.find((p) => p.userId === "u4")!.factors).toEqual([]);
  });
});
