import { describe, expect, it } from "vitest";
import { atLeast, mayBet, mayDeposit, mayWithdraw, REQUIRED_LEVEL } from "./levels.ts";

describe("verification levels", () => {
  it("none may only browse", () => {
    expect([mayDeposit("none"), mayBet("none"), mayWithdraw("none")]).toEqual([false, false, false]);
  });
  it("basic may deposit and bet but not withdraw", () => {
    expect([mayDeposit("basic"), mayBet("basic"), mayWithdraw("basic")]).toEqual([true, true, false]);
  });
  it("full may do everything", () => {
    expect([mayDeposit("full"), mayBet("full"), mayWithdraw("full")]).toEqual([true, true, true]);
  });
  it("orders the levels none < basic < full", () => {
    expect(atLeast("full", "basic")).toBe(true);
    expect(atLeast("basic", "full")).toBe(false);
    expect(atLeast("none", "none")).toBe(true);
  });
  it("names the level each action needs", () => {
    expect(REQUIRED_LEVEL).toEqual({ deposit: "basic", bet: "basic", withdraw: "full" });
  });
});
