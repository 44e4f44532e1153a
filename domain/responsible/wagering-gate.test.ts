import { describe, expect, it } from "vitest";
import { checkMayDeposit, checkMayWager, type DepositState, type WagerState } from "./wagering-gate.ts";
import { noLimits } from "./limits.ts";

const NOW = new Date("2026-11-21T10:00:00.000Z");
const H = 3_600_000;
const zero = { daily: 0, weekly: 0, monthly: 0 };
const wager = (o: Partial<WagerState> = {}): WagerState => ({
  user: { isActive: true, verificationLevel: "basic" }, exclusions: [], lossLimits: noLimits(), netLoss: zero, ...o,
});
const deposit = (o: Partial<DepositState> = {}): DepositState => ({
  user: { isActive: true, verificationLevel: "basic" }, exclusions: [], depositLimits: noLimits(), deposited: zero,
  limitPromptAnswered: true, ...o,
});
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);

describe("checkMayWager", () => {
  it("allows a verified, active, unexcluded customer under their loss limit", () => {
    expect(checkMayWager(wager(), 1_000, NOW)).toEqual({ ok: true, value: true });
  });

  it("refuses in order: suspension, verification, exclusion, loss limit", () => {
    const everything = wager({
      user: { isActive: false, verificationLevel: "none" },
      exclusions: [{ id: "x", kind: "self_exclusion", startedAt: NOW, endsAt: null, reason: null }],
      lossLimits: { ...noLimits(), daily: { amount: 100, pending: null } },
    });
    expect(code(checkMayWager(everything, 1_000, NOW))).toBe("AUTH.ACCOUNT_SUSPENDED");
    expect(code(checkMayWager({ ...everything, user: { isActive: true, verificationLevel: "none" } }, 1_000, NOW))).toBe("KYC.LEVEL_REQUIRED");
    expect(code(checkMayWager({ ...everything, user: { isActive: true, verificationLevel: "basic" } }, 1_000, NOW))).toBe("RG.SELF_EXCLUDED");
    expect(code(checkMayWager({ ...everything, user: { isActive: true, verificationLevel: "full" }, exclusions: [] }, 1_000, NOW))).toBe("RG.LOSS_LIMIT");
  });

  it("a time-out stops wagering only while it runs", () => {
    const w = wager({ exclusions: [{ id: "b", kind: "timeout", startedAt: NOW, endsAt: new Date(NOW.getTime() + 15 * 60_000), reason: null }] });
    const r = checkMayWager(w, 1_000, NOW);
    expect(!r.ok && r.error).toMatchObject({ code: "RG.SELF_EXCLUDED", details: { kind: "timeout" } });
    expect(checkMayWager(w, 1_000, new Date(NOW.getTime() + 15 * 60_000)).ok).toBe(true);
  });

  it("net loss = stakes - returns: the stake that would pass the limit is refused, the one that reaches it is not", () => {
    const w = wager({ lossLimits: { ...noLimits(), weekly: { amount: 50_000, pending: null } }, netLoss: { daily: 0, weekly: 45_000, monthly: 45_000 } });
    expect(checkMayWager(w, 5_000, NOW).ok).toBe(true);
    const r = checkMayWager(w, 5_001, NOW);
    expect(!r.ok && r.error.details).toEqual({ period: "weekly", limit: 50_000, used: 45_000 });
  });

  it("an increase of the loss limit only counts 24 hours after it was asked for", () => {
    const w = wager({
      lossLimits: { ...noLimits(), daily: { amount: 10_000, pending: { amount: 30_000, effectiveAt: new Date(NOW.getTime() + 24 * H) } } },
      netLoss: { daily: 10_000, weekly: 10_000, monthly: 10_000 },
    });
    expect(code(checkMayWager(w, 100, new Date(NOW.getTime() + 24 * H - 1)))).toBe("RG.LOSS_LIMIT");
    expect(checkMayWager(w, 100, new Date(NOW.getTime() + 24 * H)).ok).toBe(true);
  });
});

describe("checkMayDeposit", () => {
  it("needs the limit prompt answered before any deposit", () => {
    expect(code(checkMayDeposit(deposit({ limitPromptAnswered: false }), 1_000, NOW))).toBe("RG.LIMIT_PROMPT_REQUIRED");
  });

  it("refuses a deposit over the limit with the period, limit and used amount", () => {
    const d = deposit({ depositLimits: { ...noLimits(), daily: { amount: 50_000, pending: null } }, deposited: { daily: 30_000, weekly: 30_000, monthly: 30_000 } });
    expect(checkMayDeposit(d, 20_000, NOW).ok).toBe(true);
    const r = checkMayDeposit(d, 20_001, NOW);
    expect(!r.ok && r.error).toMatchObject({ code: "RG.DEPOSIT_LIMIT", details: { period: "daily", limit: 50_000, used: 30_000 } });
  });

  it("excluded or unverified customers cannot deposit", () => {
    const excluded = deposit({ exclusions: [{ id: "x", kind: "self_exclusion", startedAt: NOW, endsAt: null, reason: null }] });
    expect(code(checkMayDeposit(excluded, 1_000, NOW))).toBe("RG.SELF_EXCLUDED");
    expect(code(checkMayDeposit(deposit({ user: { isActive: true, verificationLevel: "none" } }), 1_000, NOW))).toBe("KYC.LEVEL_REQUIRED");
  });
});
