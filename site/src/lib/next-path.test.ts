import { describe, expect, it } from "vitest";
import { safeNextPath, signInHref } from "./next-path.ts";

describe("safeNextPath", () => {
  it("keeps paths on this site, with their query", () => {
    expect(safeNextPath("/account")).toBe("/account");
    expect(safeNextPath("/betting?tab=afl")).toBe("/betting?tab=afl");
  });
  it("ignores anything that could leave the site or loop into sign-in", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "account", "/sign-in?next=/x", "/api/logout", "/a\nb", "", null, undefined])
      expect(safeNextPath(bad)).toBeNull();
  });
  it("builds the sign-in link with an encoded next", () => {
    expect(signInHref("/account")).toBe("/sign-in?next=%2Faccount");
    expect(signInHref("//evil")).toBe("/sign-in");
  });
});
