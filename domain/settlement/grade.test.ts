import { describe, expect, it } from "vitest";
import { decideSettlement, gradeBet, type GradableLeg } from "./grade.ts";

const leg = (id: string, oddsMilli: number, result: GradableLeg["result"] = "pending"): GradableLeg => ({ id, oddsMilli, result });

describe("grading", () => {
  it("a single pays stake x odds when won, nothing when lost, the stake when void", () => {
    expect(gradeBet(1000, [leg("a", 2150, "won")], "multiple")).toEqual({ status: "won", actualReturn: 2150 });
    expect(gradeBet(1000, [leg("a", 2150, "lost")], "multiple")).toEqual({ status: "lost", actualReturn: 0 });
    expect(gradeBet(1000, [leg("a", 2150, "void")], "multiple")).toEqual({ status: "void", actualReturn: 1000 });
  });
  it("a multiple is lost on any lost leg, waits on a pending one", () => {
    expect(gradeBet(1000, [leg("a", 2000, "won"), leg("b", 2000, "lost")], "multiple").status).toBe("lost");
    expect(gradeBet(1000, [leg("a", 2000, "won"), leg("b", 2000, "pending")], "multiple").status).toBe("pending");
    expect(gradeBet(1000, [leg("a", 2000, "lost"), leg("b", 2000, "pending")], "multiple").status).toBe("lost");
  });
  it("a void leg counts as odds 1.00", () => {
    expect(gradeBet(1000, [leg("a", 2000, "won"), leg("b", 3000, "void"), leg("c", 1500, "won")], "multiple")).toEqual({
      status: "won",
      actualReturn: 3000,
    });
    expect(gradeBet(1000, [leg("a", 2000, "void"), leg("b", 3000, "void")], "multiple")).toEqual({ status: "void", actualReturn: 1000 });
  });
});

describe("deciding a manual settlement", () => {
  const single = { status: "pending" as const, stake: 1000, legs: [leg("a", 2150)], betType: "single" as const };
  const multi = { status: "pending" as const, stake: 1000, legs: [leg("a", 2000), leg("b", 3000)], betType: "multiple" as const };

  it("accepts the server's own figure", () => {
    const d = decideSettlement(single, { status: "won", actualReturn: 2150 });
    expect(d.ok && d.value).toEqual({ status: "won", actualReturn: 2150, legResults: [{ legId: "a", result: "won" }] });
  });
  it("refuses a return that disagrees", () => {
    const d = decideSettlement(single, { status: "won", actualReturn: 9999 });
    expect(!d.ok && d.error.code).toBe("BET.RETURN_MISMATCH");
    expect(!d.ok && d.error.details).toEqual({ expectedReturn: 2150 });
  });
  it("refuses a bet that is not pending", () => {
    const d = decideSettlement({ ...single, status: "won" }, { status: "lost", actualReturn: 0 });
    expect(!d.ok && d.error.code).toBe("BET.NOT_PENDING");
  });
  it("grades legs individually with void at 1.00", () => {
    const d = decideSettlement(multi, {
      status: "won",
      actualReturn: 2000,
      legResults: [{ legId: "a", result: "won" }, { legId: "b", result: "void" }],
    });
    expect(d.ok).toBe(true);
  });
  it("refuses leg results that miss a leg or contradict the status", () => {
    const missing = decideSettlement(multi, { status: "won", actualReturn: 6000, legResults: [{ legId: "a", result: "won" }] });
    expect(!missing.ok && missing.error.code).toBe("BET.LEG_RESULTS_INVALID");
    const contradict = decideSettlement(multi, {
      status: "won",
      actualReturn: 0,
      legResults: [{ legId: "a", result: "won" }, { legId: "b", result: "lost" }],
    });
    expect(!contradict.ok && contradict.error.code).toBe("BET.LEG_RESULTS_INVALID");
  });
});

describe("grading a same game multi", () => {
  const legs = (...r: GradableLeg["result"][]): GradableLeg[] =>
    [2000, 1800, 1500].slice(0, r.length).map((oddsMilli, i) => ({ id: `l${i}`, oddsMilli, result: r[i] }));
  // The subset table stored at placement (pricing/sgm.ts subsetPrices): the whole bet at 4.20.
  const table = { "l0|l1|l2": 4200, "l0|l1": 3300, "l0|l2": 2700, "l1|l2": 2500, l0: 2000, l1: 1800, l2: 1500 };

  it("all legs won: stake x the whole bet's price in the table", () => {
    expect(gradeBet(1000, legs("won", "won", "won"), "same_game_multi", table)).toEqual({ status: "won", actualReturn: 4200 });
    // the same legs as a plain multiple pay the full product
    expect(gradeBet(1000, legs("won", "won", "won"), "multiple")).toEqual({ status: "won", actualReturn: 5400 });
  });

  it("like a multiple: a lost leg loses, pending waits, all void refunds", () => {
    expect(gradeBet(1000, legs("won", "lost", "won"), "same_game_multi", table)).toEqual({ status: "lost", actualReturn: 0 });
    expect(gradeBet(1000, legs("won", "pending", "won"), "same_game_multi", table).status).toBe("pending");
    expect(gradeBet(1000, legs("void", "void", "void"), "same_game_multi", table)).toEqual({ status: "void", actualReturn: 1000 });
  });

  it("void legs drop out: the won legs at their subset's price, one remaining leg at its own odds", () => {
    expect(gradeBet(1000, legs("won", "void", "won"), "same_game_multi", table)).toEqual({ status: "won", actualReturn: 2700 });
    expect(gradeBet(1000, legs("won", "void", "void"), "same_game_multi", table)).toEqual({ status: "won", actualReturn: 2000 });
  });

  it("a subset stored above the whole bet's price (a table from before the cap) pays the whole price", () => {
    const old = { ...table, "l1|l2": 5000 };
    expect(gradeBet(1000, legs("void", "won", "won"), "same_game_multi", old)).toEqual({ status: "won", actualReturn: 4200 });
  });

  it("decideSettlement checks the requested return against the same game multi price", () => {
    const bet = { status: "pending" as const, stake: 1000, legs: legs("pending", "pending", "pending"), betType: "same_game_multi" as const, sgmPrices: table };
    const wrong = decideSettlement(bet, { status: "won", actualReturn: 5400 });
    expect(!wrong.ok && wrong.error).toMatchObject({ code: "BET.RETURN_MISMATCH", details: { expectedReturn: 4200 } });
    expect(decideSettlement(bet, { status: "won", actualReturn: 4200 }).ok).toBe(true);
    const cashed = decideSettlement({ ...bet, status: "cashed_out" }, { status: "won", actualReturn: 4200 });
    expect(!cashed.ok && cashed.error.code).toBe("BET.NOT_PENDING");
  });
});

describe("dead heat (docs/money.md \"Results and grading\")", () => {
  const dh = (id: string, oddsMilli: number, num: number, den: number): GradableLeg => ({ id, oddsMilli, result: "won", deadHeat: { num, den } });

  it("a single: stake x factor at full odds, the rest lost", () => {
    // two tie for one place: 10.00 at 5.00 -> 5.00 x 5.00 = 25.00
    expect(gradeBet(1000, [dh("a", 5000, 1, 2)], "single")).toEqual({ status: "won", actualReturn: 2500 });
    // three tie: 10.00 at 4.00 x 1/3 = 13.333.. -> 13.33 (rounded once, down)
    expect(gradeBet(1000, [dh("a", 4000, 1, 3)], "single")).toEqual({ status: "won", actualReturn: 1333 });
    // 10.00 at 1.50, half: 7.50, less than the stake, still a (divided) win
    expect(gradeBet(1000, [dh("a", 1500, 1, 2)], "single")).toEqual({ status: "won", actualReturn: 750 });
  });

  it("a multiple carries the factor forward, rounded once at the end", () => {
    // 10.00 x 2.10 x 3.30 x 1/2 = 34.65
    expect(gradeBet(1000, [dh("a", 2100, 1, 2), leg("b", 3300, "won")], "multiple")).toEqual({ status: "won", actualReturn: 3465 });
    // 3.33 x 2.05 x 3.10 x 1/3 x 1/2 = 3.5271.. -> 3.52 (per-leg rounding would give less)
    expect(gradeBet(333, [dh("a", 2050, 1, 3), dh("b", 3100, 1, 2)], "multiple")).toEqual({ status: "won", actualReturn: 352 });
    // a void leg counts 1.00; a lost leg loses all
    expect(gradeBet(1000, [dh("a", 3000, 1, 2), leg("b", 2000, "void")], "multiple")).toEqual({ status: "won", actualReturn: 1500 });
    expect(gradeBet(1000, [dh("a", 3000, 1, 2), leg("b", 2000, "lost")], "multiple")).toEqual({ status: "lost", actualReturn: 0 });
  });

  it("a factor on a leg that did not win is ignored; 1/1 is a plain win", () => {
    expect(gradeBet(1000, [{ id: "a", oddsMilli: 3000, result: "void", deadHeat: { num: 1, den: 2 } }], "single")).toEqual({ status: "void", actualReturn: 1000 });
    expect(gradeBet(1000, [dh("a", 3000, 1, 1)], "single")).toEqual({ status: "won", actualReturn: 3000 });
  });

  it("a manual settlement carries the factor and must agree with the server's figure", () => {
    const bet = { status: "pending" as const, stake: 1000, legs: [leg("a", 5000)], betType: "single" as const };
    expect(decideSettlement(bet, { status: "won", actualReturn: 2500, legResults: [{ legId: "a", result: "won", deadHeat: { num: 1, den: 2 } }] })).toEqual({
      ok: true, value: { status: "won", actualReturn: 2500, legResults: [{ legId: "a", result: "won", deadHeat: { num: 1, den: 2 } }] },
    });
    expect(decideSettlement(bet, { status: "won", actualReturn: 5000, legResults: [{ legId: "a", result: "won", deadHeat: { num: 1, den: 2 } }] })).toMatchObject({
      ok: false, error: { code: "BET.RETURN_MISMATCH" },
    });
  });
});

describe("same game multi grading with a void leg", () => {
  const legs = (r: ("won" | "void")[]) => r.map((result, i) => ({ id: `b-${i + 1}`, oddsMilli: 1500, result }));
  it("prices the legs left from the subset table stored at placement", () => {
    const table = { "b-2|b-3": 2050, "b-1|b-2|b-3": 2600, "b-2": 1500, "b-3": 1500 };
    expect(gradeBet(1_000, legs(["void", "won", "won"]), "same_game_multi", table)).toEqual({ status: "won", actualReturn: 2_050 });
    expect(gradeBet(1_000, legs(["won", "won", "won"]), "same_game_multi", table)).toEqual({ status: "won", actualReturn: 2_600 });
  });
  it("never returns less than the stake when graded won", () => {
    const low = [{ id: "x-1", oddsMilli: 1050, result: "won" as const }, { id: "x-2", oddsMilli: 1050, result: "won" as const }, { id: "x-3", oddsMilli: 3000, result: "void" as const }];
    expect(gradeBet(10_000, low, "same_game_multi", { "x-1|x-2": 1000, "x-1|x-2|x-3": 2500 })).toEqual({ status: "won", actualReturn: 10_000 });
    expect(gradeBet(10_000, low, "same_game_multi", { "x-1|x-2": 1010 })).toEqual({ status: "won", actualReturn: 10_100 });
  });
});
