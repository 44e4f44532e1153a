import { describe, expect, it } from "vitest";
import { checkFantasyEntryGate, type MayWager } from "./entry-gate.ts";
import type { Ctx } from "../shared/context.ts";
import type { ErrorCode } from "../shared/result.ts";
import type { User } from "../shared/types.ts";

const user = (over: Partial<User> = {}): User => ({
  id: "usr_1",
  email: "a@example.com",
  firstName: "A",
  lastName: "B",
  role: "customer",
  isDemo: false,
  isActive: true,
  verificationLevel: "basic",
  createdAt: new Date(0),
  ...over,
});
const ctx = {} as Ctx;
const guards = { at: new Date(0), lossLimits: [{ since: new Date(-86_400_000), limit: 1_000 }] };

describe("the fantasy entry gate (same rules as a stake)", () => {
  it("lets an active customer verified at basic or full through when the wagering rules allow", async () => {
    const allow = async () => ({ ok: true as const, value: guards });
    // The gate's answer carries the guards for the entry write to re-check.
    expect(await checkFantasyEntryGate(ctx, user(), 500, allow)).toEqual({ ok: true, value: guards });
    expect((await checkFantasyEntryGate(ctx, user({ verificationLevel: "full" }), 500, allow)).ok).toBe(true);
  });
  it("refuses a suspended account with AUTH.ACCOUNT_SUSPENDED before asking anything else", async () => {
    let asked = false;
    const r = await checkFantasyEntryGate(ctx, user({ isActive: false }), 500, async () => ((asked = true), { ok: true, value: guards }));
    expect(!r.ok && r.error.code).toBe("AUTH.ACCOUNT_SUSPENDED");
    expect(asked).toBe(false);
  });
  it("refuses verification below basic with KYC.LEVEL_REQUIRED", async () => {
    const r = await checkFantasyEntryGate(ctx, user({ verificationLevel: "none" }), 500);
    expect(!r.ok && r.error).toMatchObject({ code: "KYC.LEVEL_REQUIRED", details: { required: "basic", current: "none" } });
  });
  it("passes the user and the fee to the responsible-gambling rules and returns their refusal as is", async () => {
    const seen: [string, number][] = [];
    const selfExcluded: MayWager = async (_ctx, u, amount) => {
      seen.push([u.id, amount]);
      return { ok: false, error: { code: "RG.SELF_EXCLUDED" as ErrorCode, message: "You are self-excluded until 2026-12-01" } };
    };
    const r = await checkFantasyEntryGate(ctx, user(), 2500, selfExcluded);
    expect(r).toEqual({ ok: false, error: { code: "RG.SELF_EXCLUDED", message: "You are self-excluded until 2026-12-01" } });
    expect(seen).toEqual([["usr_1", 2500]]);
  });
});
