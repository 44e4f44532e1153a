import { describe, expect, it } from "vitest";
import { personKeyMaterial } from "./person.ts";
import { marketingRefusal } from "./marketing.ts";
import { rgOverview } from "./operators.ts";
import { checkMayDeposit, checkMayWager } from "./wagering-gate.ts";
import { noLimits } from "./limits.ts";
import { verificationStatus } from "../kyc/levels.ts";

const NOW = new Date("2026-11-21T10:00:00.000Z");

describe("person keys", () => {
  it("the same person matches across case, accents, spaces and punctuation", () => {
    const a = personKeyMaterial({ firstName: "Zoë", lastName: "O'Brien", dateOfBirth: "1990-05-01", address: { line1: "1 High St.", postcode: "sw1a 1aa" }, documentNumber: "ab 123456" });
    const b = personKeyMaterial({ firstName: " zoe ", lastName: "OBRIEN", dateOfBirth: "1990-05-01", address: { line1: "1 high st", postcode: "SW1A1AA" }, documentNumber: "AB123456" });
    expect(b).toEqual(a);
  });
  it("a different date of birth is another identity; the address key still links a name variant at the same address", () => {
    const a = personKeyMaterial({ firstName: "James", lastName: "Smith", dateOfBirth: "1990-05-01", address: { line1: "2 Low Rd", postcode: "AB1 2CD" } });
    const b = personKeyMaterial({ firstName: "Jim", lastName: "Smith", dateOfBirth: "1990-05-01", address: { line1: "2 Low Rd", postcode: "AB1 2CD" } });
    expect(b.identity).not.toBe(a.identity);
    expect(b.address).toBe(a.address);
    expect(personKeyMaterial({ firstName: "James", lastName: "Smith", dateOfBirth: "1990-05-02" }).identity).not.toBe(a.identity);
    expect(a.document).toBeNull();
  });
});

describe("the register in the wagering gate", () => {
  const base = { user: { isActive: true, verificationLevel: "basic" as const }, exclusions: [], lossLimits: noLimits(), netLoss: { daily: 0, weekly: 0, monthly: 0 } };
  it("refuses bets and deposits of a listed person with RG.NATIONAL_REGISTER, after suspension, verification and exclusion", () => {
    const r = checkMayWager({ ...base, registerListed: true }, 100, NOW);
    expect(!r.ok && r.error.code).toBe("RG.NATIONAL_REGISTER");
    expect(checkMayWager({ ...base, registerListed: false }, 100, NOW).ok).toBe(true);
    const d = checkMayDeposit({ ...base, registerListed: true, depositLimits: noLimits(), deposited: base.netLoss, limitPromptAnswered: true }, 100, NOW);
    expect(!d.ok && d.error.code).toBe("RG.NATIONAL_REGISTER");
    const both = checkMayWager({ ...base, registerListed: true, exclusions: [{ id: "x", kind: "timeout", startedAt: NOW, endsAt: new Date(NOW.getTime() + 1000), reason: null }] }, 100, NOW);
    expect(!both.ok && both.error.code).toBe("RG.SELF_EXCLUDED");
  });
});

describe("marketing", () => {
  it("refuses a bonus during a time-out, a self-exclusion or a register listing, and allows it otherwise", () => {
    const t = [{ id: "t", kind: "timeout" as const, startedAt: NOW, endsAt: new Date(NOW.getTime() + 3_600_000), reason: null }];
    expect(marketingRefusal(t, false, NOW)?.code).toBe("RG.MARKETING_REFUSED");
    expect(marketingRefusal([{ ...t[0], kind: "self_exclusion", endsAt: null }], false, NOW)?.message).toMatch(/self-excluded permanently/);
    expect(marketingRefusal([], true, NOW)?.details).toEqual({ kind: "national_register", until: null });
    expect(marketingRefusal(t, false, new Date(NOW.getTime() + 3_600_000))).toBeNull();
  });
});

describe("verification as the customer reads it", () => {
  it("Not started, Basic verified, Fully verified; Rejected only after a refused attempt", () => {
    expect(verificationStatus("none", false)).toBe("not_started");
    expect(verificationStatus("none", true)).toBe("rejected");
    expect(verificationStatus("basic", false)).toBe("basic");
    expect(verificationStatus("full", true)).toBe("full");
  });
});

describe("markers of harm", () => {
  const c = { userId: "u", email: "u@x", firstName: "U", lastName: "X" };
  const quiet = { ...c, depositsLast7: 0, depositsPrior7: 0, lossLast7: 0, lossPrior7: 0, nightBets30: 0, bets30: 0, reversedWithdrawals30: 0,
    firstDeposit7: null, firstLoss7: null, firstNightBet30: null, firstReversal30: null };
  const markers = (a: typeof quiet) => rgOverview({ limits: [], exclusions: [], realityChecks: [], activity: [a] }, NOW).harm.filter((h) => h.customers.length).map((h) => h.marker);
  it("each marker lists the customers past its threshold and nobody else", () => {
    expect(markers(quiet)).toEqual([]);
    expect(markers({ ...quiet, depositsLast7: 20_000, depositsPrior7: 10_000 })).toEqual(["deposits_rising"]);
    expect(markers({ ...quiet, depositsLast7: 19_999, depositsPrior7: 10_000 })).toEqual([]);
    expect(markers({ ...quiet, lossLast7: 10_000, lossPrior7: -5_000 })).toEqual(["losses_rising"]);
    expect(markers({ ...quiet, nightBets30: 3, bets30: 10 })).toEqual(["night_play"]);
    expect(markers({ ...quiet, nightBets30: 3, bets30: 11 })).toEqual([]);
    expect(markers({ ...quiet, reversedWithdrawals30: 1 })).toEqual(["reversed_withdrawals"]);
  });
  it("each listed customer carries since when: the marker's first event, the oldest limit, the increase request", () => {
    const first = new Date(NOW.getTime() - 3 * 86_400_000);
    const o = rgOverview(
      {
        limits: [
          { ...c, type: "deposit", period: "daily", amount: 5_000, pendingAmount: 9_000, pendingEffectiveAt: new Date(NOW.getTime() + 3_600_000), updatedAt: new Date(NOW.getTime() - 60_000) },
          { ...c, type: "loss", period: "weekly", amount: 2_000, pendingAmount: null, pendingEffectiveAt: null, updatedAt: first },
        ],
        exclusions: [],
        realityChecks: [],
        activity: [{ ...quiet, depositsLast7: 20_000, firstDeposit7: first }],
      },
      NOW,
    );
    expect(o.harm.find((h) => h.marker === "deposits_rising")!.customers).toEqual([expect.objectContaining({ userId: "u", since: first })]);
    expect(o.activeLimits).toEqual([expect.objectContaining({ since: first })]);
    expect(o.pendingIncreases).toEqual([expect.objectContaining({ from: 5_000, to: 9_000, requestedAt: new Date(NOW.getTime() - 60_000) })]);
  });
});
