import { describe, expect, it } from "vitest";
import { expiryText, holdsBonus, wageringPercent, wageringText, withdrawBonusNote, type BonusView } from "./bonus.ts";

const view = (over: Partial<BonusView> = {}): BonusView => ({
  cash: 10_000, bonus: 5_000, active: true, wagered: 12_000, required: 50_000, minOdds: "1.50",
  expiresAt: "2026-12-25T17:16:00.000Z", progressText: null, ...over,
});

describe("the bonus as the customer reads it", () => {
  it("shows wagering progress in dollars at the minimum odds", () => {
    expect(wageringText(view())).toBe("$120.00 of $500.00 wagered at 1.50+");
    expect(wageringText(view({ wagered: 60_000 }))).toBe("$500.00 of $500.00 wagered at 1.50+");
    expect(wageringText(view({ active: false }))).toBeNull();
  });
  it("gives the progress as a whole percent, never above 100", () => {
    expect(wageringPercent(view())).toBe(24);
    expect(wageringPercent(view({ wagered: 49_999 }))).toBe(99);
    expect(wageringPercent(view({ wagered: 90_000 }))).toBe(100);
    expect(wageringPercent(view({ required: 0, wagered: 0 }))).toBe(100);
  });
  it("formats the expiry in the customer's locale and time zone", () => {
    const o = { locale: "en-GB", timeZone: "Europe/London", now: new Date("2026-11-25T00:00:00Z") };
    expect(expiryText(view(), o)).toBe("Expires Fri 25 Dec, 17:16");
    expect(expiryText(view(), { ...o, timeZone: "Australia/Sydney" })).toBe("Expires Sat 26 Dec, 04:16");
    expect(expiryText(view({ active: false }), o)).toBeNull();
  });
  it("holds a bonus while money is in it or wagering runs, and says so on the withdraw form", () => {
    expect(holdsBonus(undefined)).toBe(false);
    expect(holdsBonus(view({ bonus: 0, active: false }))).toBe(false);
    expect(holdsBonus(view({ bonus: 0 }))).toBe(true);
    expect(withdrawBonusNote(view())).toBe(
      "Your $50.00 bonus is not withdrawable until its wagering is complete ($120.00 of $500.00 wagered at 1.50+); then it becomes cash.",
    );
    expect(withdrawBonusNote(view({ bonus: 0, active: false }))).toBeNull();
  });
});
