import { describe, expect, it } from "vitest";
import { placedLegs } from "./placed.ts";
import { singleReturnFor } from "./single-return.ts";
import { decideSettlement } from "./grade.ts";

const ew = { fractionNum: 1, fractionDen: 5, places: 3 };
const leg = { id: "l1", oddsMilli: 5000, result: "pending" as const };

describe("placed, by bet", () => {
  it("an each-way single placed pays only its place part at the terms, Rule 4 deducted from the winnings", () => {
    // 2 x 5.00 at 5.00, 1/5: place part 5.00 + 5.00 x 4/5 = 9.00; with 25p: 5.00 + 4.00 x 0.75 = 8.00
    expect(singleReturnFor({ stake: 1000, oddsMilli: 5000, eachWay: ew }, "placed")).toBe(900);
    expect(singleReturnFor({ stake: 1000, oddsMilli: 5000, eachWay: ew, rule4: 25 }, "placed")).toBe(800);
    // won: both parts, 5.00 + 20.00 x 0.75 = 20.00 and 8.00
    expect(singleReturnFor({ stake: 1000, oddsMilli: 5000, eachWay: ew, rule4: 25 }, "won")).toBe(2800);
    expect(singleReturnFor({ stake: 1000, oddsMilli: 5000, eachWay: ew, rule4: 25 }, "lost")).toBe(0);
    expect(singleReturnFor({ stake: 1000, oddsMilli: 5000, eachWay: ew, rule4: 25 }, "void")).toBe(1000);
    // a win single under Rule 4: 10.00 + 40.00 x 0.75
    expect(singleReturnFor({ stake: 1000, oddsMilli: 5000, rule4: 25 }, "won")).toBe(4000);
  });

  it("settling placed: status won, the leg stored lost (the win part), the server's figure required", () => {
    const bet = { status: "pending" as const, stake: 1000, legs: [leg], betType: "single" as const, eachWay: ew, rule4: 25 };
    const d = decideSettlement(bet, { status: "placed", actualReturn: 800 });
    expect(d).toEqual({ ok: true, value: { status: "won", actualReturn: 800, legResults: [{ legId: "l1", result: "lost" }] } });
    const wrong = decideSettlement(bet, { status: "placed", actualReturn: 900 });
    expect(!wrong.ok && wrong.error.code).toBe("BET.RETURN_MISMATCH");
  });

  it("only an each-way single can be placed", () => {
    expect(placedLegs({ betType: "single", legs: [leg], eachWay: ew }).ok).toBe(true);
    for (const bet of [
      { betType: "single" as const, legs: [leg], eachWay: null },
      { betType: "multiple" as const, legs: [leg, { ...leg, id: "l2" }], eachWay: ew },
    ]) {
      const r = placedLegs(bet);
      expect(!r.ok && r.error.code).toBe("BET.NOT_EACH_WAY");
    }
  });
});
