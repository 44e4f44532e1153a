import { describe, expect, it } from "vitest";
import { chartPath } from "./line-chart.tsx";

describe("chartPath", () => {
  it("scales values into the box, top = max", () => {
    expect(chartPath([0, 50, 100], 100, 10, 100)).toBe("M0,10 L50,5 L100,0");
  });
  it("draws nothing for no values and a flat line at the bottom for zeros", () => {
    expect(chartPath([], 100, 10, 1)).toBe("");
    expect(chartPath([0, 0], 100, 10, 0)).toBe("M0,10 L100,10");
  });
});
