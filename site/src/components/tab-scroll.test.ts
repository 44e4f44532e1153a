import { describe, expect, it } from "vitest";
import { scrollLeftToShow } from "./tab-scroll.ts";

describe("scrollLeftToShow", () => {
  const row = { scrollLeft: 100, view: 300 };
  it("leaves the row alone when the tab (with its room) is already in view", () => {
    expect(scrollLeftToShow({ left: 150, width: 80 }, row)).toBe(100);
  });
  it("scrolls forward just enough to show a tab past the right edge, with room after it", () => {
    expect(scrollLeftToShow({ left: 500, width: 80 }, row)).toBe(500 + 80 + 32 - 300);
  });
  it("scrolls back to show a tab before the left edge, never below 0", () => {
    expect(scrollLeftToShow({ left: 60, width: 80 }, row)).toBe(28);
    expect(scrollLeftToShow({ left: 10, width: 80 }, row)).toBe(0);
  });
});
