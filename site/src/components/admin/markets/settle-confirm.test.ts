import { describe, expect, it } from "vitest";
import { confirmMessage, needsOverride, overridePart, reasonError } from "./settle-confirm.ts";

describe("settle confirmations", () => {
  it("counts the bets it touches when the list is known, and says it cannot be undone", () => {
    expect(confirmMessage("settle", 3)).toBe("This settles 3 bets and cannot be undone.");
    expect(confirmMessage("settle", 1)).toBe("This settles 1 bet and cannot be undone.");
    expect(confirmMessage("settle", null)).toBe("This settles the market's bets and cannot be undone.");
    expect(confirmMessage("void", 2)).toContain("voids 2 bets");
    expect(confirmMessage("resettle", 1)).toContain("resettles 1 bet ");
    expect(confirmMessage("unsettle", 4)).toContain("returns 4 bets to pending");
  });

  it("asks for the override only for a winner before the event has finished", () => {
    expect(needsOverride("upcoming", "settle")).toBe(true);
    expect(needsOverride("live", "resettle")).toBe(true);
    expect(needsOverride(null, "settle")).toBe(true);
    expect(needsOverride("finished", "settle")).toBe(false);
    expect(needsOverride("finished", "resettle")).toBe(false);
    expect(needsOverride("upcoming", "void")).toBe(false);
    expect(needsOverride("upcoming", "unsettle")).toBe(false);
  });

  it("wants a reason of at least 10 characters, spaces aside", () => {
    expect(reasonError("short")).not.toBeNull();
    expect(reasonError("   nine ch   ")).not.toBeNull();
    expect(reasonError("wrong winner entered")).toBeNull();
  });

  it("sends the override only when it was asked for", () => {
    expect(overridePart(true, "  result confirmed early ")).toEqual({ override: { reason: "result confirmed early" } });
    expect(overridePart(false, "anything at all")).toEqual({});
  });
});
