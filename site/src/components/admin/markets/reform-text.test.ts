import { describe, expect, it } from "vitest";
import { reformText } from "./reform-text.ts";

const fifth3 = { fractionNum: 1, fractionDen: 5, places: 3 };

describe("the withdrawal toast's account of the re-form", () => {
  it("states the new book, and the each-way terms when they changed", () => {
    expect(reformText({ book: 1.1817, eachWay: { fractionNum: 1, fractionDen: 4, places: 2 }, eachWayBefore: fifth3, reopens: true })).toBe(
      " Re-formed at a 118.2% book; each way now 1/4 1-2.",
    );
    expect(reformText({ book: 1.1803, eachWay: fifth3, eachWayBefore: fifth3, reopens: true })).toBe(" Re-formed at a 118.0% book.");
    expect(reformText({ book: 1.1826, eachWay: null, eachWayBefore: { fractionNum: 1, fractionDen: 4, places: 2 }, reopens: true })).toBe(
      " Re-formed at a 118.3% book; no each way now.",
    );
  });
  it("says when no book could be made, and nothing for a market that is not a race winner", () => {
    expect(reformText({ book: 0, eachWay: null, eachWayBefore: null, reopens: false })).toBe(" Fewer than two runners left: the market stays suspended.");
    expect(reformText(null)).toBe("");
  });
});
