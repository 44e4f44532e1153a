import { describe, expect, it } from "vitest";
import type { RgOverview } from "../../../../../api/schemas/rg-admin.ts";
import { formatLocal } from "../../../lib/local-time.ts";
import { overviewRows } from "./rows.ts";

const c = (n: string) => ({ userId: `usr_${n}`, email: `${n}@example.com`, firstName: cap(n), lastName: "Doe" });
function cap(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
const START = "2026-05-01T10:00:00.000Z";
const END = "2026-11-01T10:00:00.000Z";

const overview: RgOverview = {
  activeLimits: [{ ...c("lim"), since: START, limits: [{ type: "deposit", period: "daily", amount: 5_000 }, { type: "loss", period: "weekly", amount: 20_000 }] }],
  pendingIncreases: [{ ...c("inc"), type: "deposit", period: "daily", from: 5_000, to: null, requestedAt: START, effectiveAt: END }],
  timeouts: [{ ...c("tim"), startedAt: START, until: END, reason: "Reality check break", inherited: false }],
  exclusions: [
    { ...c("per"), startedAt: START, until: null, stage: "period", returnAccessAt: null, inherited: true },
    { ...c("wai"), startedAt: START, until: END, stage: "awaiting_return", returnAccessAt: null, inherited: false },
    { ...c("coo"), startedAt: START, until: END, stage: "cooling_off", returnAccessAt: END, inherited: false },
  ],
  realityChecks: [{ ...c("rea"), minutes: 30, breaks: 1, lastBreakAt: START }],
  harm: [
    { marker: "deposits_rising", customers: [{ ...c("dep"), since: START, detail: "Deposits $200.00 in the last 7 days ($0.00 the 7 before)" }] },
    { marker: "losses_rising", customers: [] },
    { marker: "night_play", customers: [] },
    { marker: "reversed_withdrawals", customers: [] },
  ],
};

describe("the operators' Responsible Gambling lists", () => {
  const rows = overviewRows(overview);
  it("every row has a customer, a since and a detail in words", () => {
    const all = [...rows.exclusions, ...rows.timeouts, ...rows.activeLimits, ...rows.pendingIncreases, ...rows.realityChecks, ...rows.harm.flatMap((h) => h.rows)];
    expect(all).toHaveLength(8);
    for (const r of all) {
      expect(r.since).toBe(START);
      expect(r.detail).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    }
  });
  it("says each exclusion's stage and whether it was inherited", () => {
    expect(rows.exclusions.map((r) => r.badge)).toEqual(["Permanent", "Awaiting return", "Cooling off"]);
    expect(rows.exclusions[0].detail).toBe("Permanent · inherited from another account of the same person");
    expect(rows.exclusions[1].detail).toBe(`Period ended ${formatLocal(END)}; closed until the customer asks to return`);
    expect(rows.exclusions[2].detail).toBe(`Asked to return; access from ${formatLocal(END)}`);
  });
  it("limits, increases, time-outs, reality checks and harm markers", () => {
    expect(rows.activeLimits[0].detail).toBe("Deposit daily $50.00, Loss weekly $200.00");
    expect(rows.pendingIncreases[0].detail).toBe(`Deposit daily: $50.00 → removed from ${formatLocal(END)}`);
    expect(rows.timeouts[0].detail).toBe(`Until ${formatLocal(END)} · Reality check break`);
    expect(rows.realityChecks[0].detail).toBe("Reminder every 30 min · 1 break taken");
    expect(rows.harm.map((h) => [h.title, h.rows.length])).toEqual([
      ["Deposits rising fast", 1],
      ["Losses rising fast", 0],
      ["Night-time play", 0],
      ["Reversed or failed withdrawals", 0],
    ]);
  });
});
