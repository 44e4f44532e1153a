import { describe, expect, it } from "vitest";
import { combinedOddsMilli, formatOdds, parseOdds, returnFor, toAmerican, toFractional } from "./odds.ts";

describe("odds", () => {
  it("parses decimal strings exactly into thousandths", () => {
    expect(parseOdds("2.15")).toBe(2150);
    expect(parseOdds("2.125")).toBe(2125);
    expect(parseOdds("3")).toBe(3000);
    expect(parseOdds("1.01")).toBe(1010);
  });
  it("refuses prices below 1.01, above 1000 or with more than three decimals", () => {
    expect(parseOdds("1.00")).toBeNull();
    expect(parseOdds("1.009")).toBeNull();
    expect(parseOdds("1000.001")).toBeNull();
    expect(parseOdds("2.1234")).toBeNull();
    expect(parseOdds("abc")).toBeNull();
    expect(parseOdds("-2")).toBeNull();
  });
  it("formats with at least two decimals and no float noise", () => {
    expect(formatOdds(2150)).toBe("2.15");
    expect(formatOdds(1500)).toBe("1.50");
    expect(formatOdds(2125)).toBe("2.125");
    expect(formatOdds(10000)).toBe("10.00");
  });
  it("converts to fractional", () => {
    expect(toFractional(2500)).toBe("6/4");
    expect(toFractional(2000)).toBe("1/1");
    expect(toFractional(1500)).toBe("1/2");
    expect(toFractional(1010)).toBe("1/100");
    expect(toFractional(11000)).toBe("10/1");
  });

  it("prints fractional odds on the traditional ladder, never above the decimal price", () => {
    expect(toFractional(6070)).toBe("5/1");
    expect(toFractional(1667)).toBe("4/6");
    expect(toFractional(2100)).toBe("11/10");
    expect(toFractional(4340)).toBe("100/30");
    expect(toFractional(4333)).toBe("3/1");
    expect(toFractional(1910)).toBe("10/11");
    expect(toFractional(1909)).toBe("5/6");
    expect(toFractional(1000_000)).toBe("999/1");
    // Never promises more than the decimal price: n/d <= decimal - 1 for every price.
    for (let m = 1010; m <= 1000_000; m += m < 5000 ? 1 : 37) {
      const [n, d] = toFractional(m).split("/").map(Number);
      expect(n * 1000 <= (m - 1000) * d).toBe(true);
    }
  });
  it("converts to American: + above evens, - below", () => {
    expect(toAmerican(2500)).toBe("+150");
    expect(toAmerican(2000)).toBe("+100");
    expect(toAmerican(1500)).toBe("-200");
    expect(toAmerican(1910)).toBe("-110");
    expect(toAmerican(1010)).toBe("-10000");
  });
  it("computes returns exactly, rounding down only at the final cent", () => {
    expect(returnFor(1000, [2150])).toBe(2150);
    expect(returnFor(333, [1500])).toBe(499); // 499.5 -> 499
    // 1.1^3 = 1.331 exactly: a float product would give 1.3310000000000004
    expect(returnFor(100_000, [1100, 1100, 1100])).toBe(133_100);
    expect(combinedOddsMilli([1100, 1100, 1100])).toBe(1331);
    expect(combinedOddsMilli([2150, 1850])).toBe(3977); // 3.9775 -> 3.977
    expect(returnFor(1000, [2150, 1850])).toBe(3977); // 3977.5 cents -> 3977
  });
});
