import { describe, expect, it } from "vitest";
import { depositToastText } from "./deposit-text.ts";

describe("depositToastText", () => {
  it("separates the cash, the fee and the bonus, which goes to the bonus balance", () => {
    expect(depositToastText({ state: "completed", amount: 10_000, fee: 320, bonus: 1_000 })).toBe(
      "$100.00 deposited ($3.20 fee): $96.80 to your balance, $10.00 bonus to your bonus balance.",
    );
  });
  it("names no bonus and no fee when there are none", () => {
    expect(depositToastText({ state: "completed", amount: 5_000, fee: 0, bonus: 0 })).toBe("$50.00 deposited: $50.00 to your balance.");
    expect(depositToastText({ state: "completed", amount: 5_000, fee: 175, bonus: 0 })).toBe("$50.00 deposited ($1.75 fee): $48.25 to your balance.");
  });
  it("does not call a deposit still clearing deposited", () => {
    expect(depositToastText({ state: "pending", amount: 5_000, fee: 175, bonus: 500 })).toBe(
      "$50.00 deposit received: $48.25 reaches your balance when the payment clears.",
    );
  });
});
