import { describe, expect, it } from "vitest";
import { bandOf, slug } from "./risk-heatmap.tsx";

describe("heatmap colour bands (spec: above 80, above 60, above 40, above 20, the rest)", () => {
  it("bands by value with strict thresholds", () => {
    expect([100, 81, 80, 61, 60, 41, 40, 21, 20, 0].map(bandOf)).toEqual([
      "critical", "critical", "high", "high", "medium", "medium", "low", "low", "minimal", "minimal",
    ]);
  });
  it("makes test ids from row and column names", () => {
    expect(slug("FT Win")).toBe("ftwin");
    expect(slug("O/U")).toBe("ou");
  });
});
