import { describe, expect, it } from "vitest";
import { usageColor, usageColorOf } from "./usage-color.ts";

describe("usageColor", () => {
  it("follows the spec's 70% and 90% thresholds", () => {
    expect(usageColorOf(0, 10_000)).toBe("green");
    expect(usageColorOf(6_999, 10_000)).toBe("green");
    expect(usageColorOf(7_000, 10_000)).toBe("yellow");
    expect(usageColorOf(9_000, 10_000)).toBe("red");
    expect(usageColorOf(12_000, 10_000)).toBe("red");
    expect(usageColorOf(5_000, 0)).toBe("green");
    expect([69.9, 70, 89.9, 90].map(usageColor)).toEqual(["green", "yellow", "yellow", "red"]);
  });
});
