import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor.ts";

describe("list cursors", () => {
  it("round-trip the sort key, URL-safe", () => {
    const c = encodeCursor(1_795_000_000_000, "bet_ü/+?");
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c)).toEqual({ at: 1_795_000_000_000, id: "bet_ü/+?" });
  });
  it("refuse anything else", () => {
    for (const bad of ["", "x", "%%%", btoa("[1]"), btoa('["a","b"]'), btoa("[1.5,\"a\"]"), btoa("{}")]) expect(decodeCursor(bad)).toBeNull();
  });
});
