import { describe, expect, it } from "vitest";
import { marketResultFromOutcomes } from "./settle-decided.ts";

const o = (id: string, result: "won" | "lost" | "void" | null) => ({ id, name: id, priceMilli: 2000, code: id, result });

describe("the market result its outcomes' results make", () => {
  it("one winner, the rest lost", () => {
    expect(marketResultFromOutcomes([o("home", "lost"), o("draw", "won"), o("away", "lost")])).toEqual({ kind: "winner", winningOutcomeId: "draw" });
  });
  it("void when every outcome is void (a handicap that pushed)", () => {
    expect(marketResultFromOutcomes([o("home", "void"), o("away", "void")])).toEqual({ kind: "void" });
  });
  it("no winner when every outcome lost (a correct score not listed, no \"Any other\")", () => {
    expect(marketResultFromOutcomes([o("1-0", "lost"), o("2-1", "lost"), o("0-0", "lost")])).toEqual({ kind: "no_winner" });
  });
  it("nothing while an outcome is open, and nothing a single result cannot say", () => {
    expect(marketResultFromOutcomes([o("over", "won"), o("under", null)])).toBeNull();
    expect(marketResultFromOutcomes([o("a", "won"), o("b", "won")])).toBeNull();
    expect(marketResultFromOutcomes([o("a", "won"), o("b", "void")])).toBeNull();
    expect(marketResultFromOutcomes([])).toBeNull();
  });
});
