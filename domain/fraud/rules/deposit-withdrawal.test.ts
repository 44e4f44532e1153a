import { describe, expect, it } from "vitest";
import { detectAlerts } from "./index.ts";
import { quickCashOuts } from "./deposit-withdrawal.ts";
import { activity, at, bet, customer, HOUR, NOW, pay } from "./fixtures.ts";

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
