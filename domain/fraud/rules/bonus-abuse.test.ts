import { describe, expect, it } from "vitest";
import { detectAlerts } from "./index.ts";
import { bonusCashOuts } from "./bonus-abuse.ts";
import { activity, at, bet, HOUR, NOW, pay } from "./fixtures.ts";

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
