import { describe, expect, it } from "vitest";
import { detectAlerts, runRules } from "../rules.ts";
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

  it("the same on an ordinary address still alerts every account (a true positive stays one)", () => {
    const alerts = shared(activity({ signIns: ["u1", "u2", "u3"].map((u) => signIn(u, PUBLIC)) }));
    expect(alerts.map((a) => a.userId)).toEqual(["u1", "u2", "u3"]);
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
    expect(alerts.map((x) => x.userId)).toEqual(["u1", "u2"]);
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
    expect(shared(activity({ signIns, alerts: existing("open") })).map((x) => x.userId)).toEqual(["u1", "u3"]);
    expect(shared(activity({ signIns, alerts: existing("resolved") }))).toEqual([]);
  });

  it("the monitoring scores count only the alerted accounts as sharing an address", () => {
    const signIns = ["u1", "u2", "u3"].map((u) => signIn(u, CGNAT, at(2 * DAY)));
    const payments = [pay("u3", "deposit", 1_000, at(HOUR))];
    const scored = runRules(activity({ signIns, payments }), NOW).monitoring.find((m) => m.userId === "u3")!;
    expect(scored.reasons).not.toContain("Account shares an address with other accounts");
  });
});
