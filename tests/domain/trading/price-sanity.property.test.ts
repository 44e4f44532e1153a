/**
 * Property test of the price check's display (domain/trading/price-sanity.ts): the book shown is in
 * the 100-130 % range exactly when the exact book is, so rounding never hides a refusal.
 */
import { describe, it } from "vitest";
import fc from "fast-check";
import { bookLabel, inBookRange } from "../../../domain/trading/price-sanity.ts";

describe("bookLabel", () => {
  it("property: the label is in range exactly when the book is", () => {
    fc.assert(
      fc.property(fc.double({ min: 50, max: 200, noNaN: true }), (b) => inBookRange(Number(bookLabel(b))) === inBookRange(b)),
      { numRuns: 5000 },
    );
  });
});
