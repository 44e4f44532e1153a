import { describe, expect, it } from "vitest";
import { bookLabel, bookPercent, checkBook, OVERROUND_CEILING_PERCENT, OVERROUND_FLOOR_PERCENT } from "./price-sanity.ts";

describe("bookPercent and bookLabel", () => {
  it("sums 1 / price over the outcomes exactly, shown with one decimal", () => {
    expect(bookLabel(bookPercent([3000, 3000]))).toBe("66.7"); // 1/3 + 1/3
    expect(bookLabel(bookPercent([1900, 1950]))).toBe("103.9"); // 52.63 + 51.28
    expect(bookLabel(bookPercent([2500, 3300, 3000]))).toBe("103.6"); // 40 + 30.30 + 33.33
    expect(bookLabel(bookPercent([1010, 1800]))).toBe("154.6"); // 99.01 + 55.56
    expect(bookPercent([2000, 2000])).toBe(100);
  });

  it("never shows a book across a bound from where it is: 99.95 % is not '100.0'", () => {
    const b = bookPercent([2000, 2002]); // 50 + 49.950... = 99.950...
    expect(b).toBeLessThan(100);
    expect(bookLabel(b)).toBe("99.95");
    expect(bookLabel(99.999)).toBe("99.99");
    expect(bookLabel(130.04)).toBe("130.04");
    expect(bookLabel(130.0001)).toBe("130.01");
    expect(bookLabel(100)).toBe("100.0");
    expect(bookLabel(130)).toBe("130.0");
  });

});

describe("checkBook", () => {
  it("passes a book inside 100-130 % without a reason, bounds included", () => {
    expect(OVERROUND_FLOOR_PERCENT).toBe(100);
    expect(OVERROUND_CEILING_PERCENT).toBe(130);
    expect(checkBook([2000, 2000])).toEqual({ ok: true, value: { overround: 100, confirmedReason: null } });
    expect(checkBook([1900, 1950]).ok).toBe(true);
  });

  it("refuses 2.000 / 2.002, a 99.95 % book, without a reason, and shows it as 99.95", () => {
    expect(checkBook([2000, 2002])).toEqual({
      ok: false,
      error: { code: "MARKET.OVERROUND_OUT_OF_RANGE", message: expect.stringContaining("99.95 %"), details: { overround: 99.95, min: 100, max: 130 } },
    });
    expect(checkBook([2000, 2002], { reason: "Promo: evens both ways" })).toEqual({ ok: true, value: { overround: 99.95, confirmedReason: "Promo: evens both ways" } });
  });

  it("refuses a 66.7 % book and a 154.6 % book with the overround in the details", () => {
    for (const [prices, overround] of [[[3000, 3000], 66.7], [[1010, 1800], 154.6]] as const) {
      const r = checkBook(prices);
      expect(r).toEqual({
        ok: false,
        error: { code: "MARKET.OVERROUND_OUT_OF_RANGE", message: expect.stringContaining(`${overround.toFixed(1)} %`), details: { overround, min: 100, max: 130 } },
      });
    }
  });

  it("passes an out-of-range book with a reason of 10 characters or more, which it returns; a shorter one is refused", () => {
    expect(checkBook([3000, 3000], { reason: "  promo price boost  " })).toEqual({ ok: true, value: { overround: 66.7, confirmedReason: "promo price boost" } });
    expect(checkBook([3000, 3000], { reason: "too short" }).ok).toBe(false);
  });
});
