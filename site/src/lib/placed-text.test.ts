import { describe, expect, it } from "vitest";
import type { PlaceBetResponse } from "../../../api/schemas/bets.ts";
import { placedText } from "./placed-text.ts";

const res = (totalOdds: string, potentialReturn: number): PlaceBetResponse => ({
  bet: { id: "bet_1", potentialReturn, stake: 1000, totalOdds, status: "pending", placedAt: "2026-11-26T01:00:00.000Z" },
  balance: 0,
});
const decimal = (milli: number) => (milli / 1000).toFixed(2);

describe("placedText", () => {
  it("names the price taken and the return at it", () => {
    expect(placedText(res("2.10", 2100), 2100, decimal)).toBe("Bet ID: bet_1 · Placed at 2.10 · Potential return $21.00");
  });
  it("says the price moved when the server took another one than the slip showed (accept any odds)", () => {
    const text = placedText(res("1.80", 1800), 2100, decimal);
    expect(text).toContain("Placed at 1.80 (price moved from 2.10)");
    expect(text).toContain("Potential return $18.00");
  });
});
