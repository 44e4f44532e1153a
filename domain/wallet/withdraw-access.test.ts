import { describe, expect, it } from "vitest";
import { withdrawBlock } from "./withdraw-access.ts";

describe("what stops a withdrawal (as the account page says it before the customer tries)", () => {
  it("nothing for a fully verified customer; an investigation holds it; verification comes first", () => {
    expect(withdrawBlock("full", false)).toBeNull();
    expect(withdrawBlock("full", true)).toBe("under_investigation");
    expect(withdrawBlock("basic", false)).toBe("verification_required");
    expect(withdrawBlock("basic", true)).toBe("verification_required");
  });
});
