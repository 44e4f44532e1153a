import { describe, expect, it } from "vitest";
import { decideResettlement } from "./resettle.ts";

const single = (status: string, actualReturn: number | null, legResult: "won" | "lost" | "void" | "pending") => ({
  status, stake: 1_000, actualReturn, betType: "single" as const, legs: [{ id: "l1", oddsMilli: 2500, result: legResult }],
});

describe("resettlement decision", () => {
  it("lost -> won owes the customer the full return", () => {
    const r = decideResettlement(single("lost", 0, "lost"), { status: "won" });
    expect(r).toEqual({ ok: true, value: { status: "won", actualReturn: 2_500, legResults: [{ legId: "l1", result: "won" }], correction: 2_500 } });
  });

  it("won -> lost takes the return back; won -> void keeps the stake only", () => {
    expect(decideResettlement(single("won", 2_500, "won"), { status: "lost" })).toMatchObject({ ok: true, value: { correction: -2_500 } });
    expect(decideResettlement(single("won", 2_500, "won"), { status: "void" })).toMatchObject({ ok: true, value: { actualReturn: 1_000, correction: -1_500 } });
  });

  it("refuses pending and cashed-out bets, no change, and leg results that disagree", () => {
    expect(decideResettlement(single("pending", null, "pending"), { status: "won" })).toMatchObject({ ok: false, error: { code: "BET.NOT_SETTLED" } });
    expect(decideResettlement(single("cashed_out", 1_200, "pending"), { status: "won" })).toMatchObject({ ok: false, error: { code: "BET.NOT_SETTLED" } });
    expect(decideResettlement(single("won", 2_500, "won"), { status: "won" })).toMatchObject({ ok: false, error: { code: "BET.RESETTLE_NO_CHANGE" } });
    expect(decideResettlement(single("lost", 0, "lost"), { status: "won", legResults: [{ legId: "l1", result: "lost" }] })).toMatchObject({
      ok: false, error: { code: "BET.LEG_RESULTS_INVALID" },
    });
    expect(decideResettlement(single("lost", 0, "lost"), { status: "won", legResults: [{ legId: "zz", result: "won" }] })).toMatchObject({
      ok: false, error: { code: "BET.LEG_RESULTS_INVALID" },
    });
  });

  it("a multiple with a leg corrected to void pays at the other legs' odds", () => {
    const bet = {
      status: "lost", stake: 1_000, actualReturn: 0, betType: "multiple" as const,
      legs: [{ id: "a", oddsMilli: 2000, result: "won" as const }, { id: "b", oddsMilli: 3000, result: "lost" as const }],
    };
    const r = decideResettlement(bet, { status: "won", legResults: [{ legId: "a", result: "won" }, { legId: "b", result: "void" }] });
    expect(r).toMatchObject({ ok: true, value: { status: "won", actualReturn: 2_000, correction: 2_000 } });
  });
});
