import { describe, expect, it } from "vitest";
import { canMoveEvent } from "./event-status.ts";

describe("event status", () => {
  it("moves forward only", () => {
    expect(canMoveEvent("upcoming", "live")).toBe(true);
    expect(canMoveEvent("upcoming", "finished")).toBe(true);
    expect(canMoveEvent("live", "finished")).toBe(true);
    expect(canMoveEvent("live", "upcoming")).toBe(false);
    expect(canMoveEvent("finished", "live")).toBe(false);
    expect(canMoveEvent("finished", "upcoming")).toBe(false);
    expect(canMoveEvent("live", "live")).toBe(false);
  });
});
