import { describe, expect, it } from "vitest";
import { centsToDecimalString, formatMoney, parseAmountToCents } from "./money.ts";

describe("money", () => {
  it("parses amounts into integer cents without floats", () => {
    expect(parseAmountToCents("10")).toBe(1000);
    expect(parseAmountToCents("10.5")).toBe(1050);
    expect(parseAmountToCents("0.29")).toBe(29); // 0.29 * 100 = 28.999999999999996 in floats
    expect(parseAmountToCents("1000.00")).toBe(100000);
    expect(parseAmountToCents(" 10. ")).toBe(1000); // what a number input holds mid-typing
  });
  it("refuses what is not an amount", () => {
    for (const bad of ["", "-1", "1.234", "1e3", "abc", "1,000"]) expect(parseAmountToCents(bad)).toBeNull();
  });
  it("prints cents as a plain decimal", () => {
    expect(centsToDecimalString(123450)).toBe("1234.50");
    expect(centsToDecimalString(5)).toBe("0.05");
    expect(centsToDecimalString(-250)).toBe("-2.50");
  });
});

describe("formatMoney: money as people read it", () => {
  it("groups thousands, two decimals, the sign before the currency", () => {
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(5)).toBe("$0.05");
    expect(formatMoney(5_000_000)).toBe("$50,000.00");
    expect(formatMoney(123_456_789)).toBe("$1,234,567.89");
    expect(formatMoney(-6_875)).toBe("-$68.75");
  });
});
