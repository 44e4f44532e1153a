import { describe, expect, it } from "vitest";
import { reasonPart, reasonProblem, REASON_OPTIONS } from "./bet-reason.ts";

describe("a bet's reason in the dialogs", () => {
  it("offers the five codes in words", () => {
    expect(REASON_OPTIONS.map((o) => o.label)).toEqual(["Palpable error", "Result correction", "Void by rule", "Goodwill", "Other"]);
  });
  it("needs a code, and a text of 10+ characters for other", () => {
    expect(reasonProblem("", "")).toBe("Choose a reason");
    expect(reasonProblem("other", " short ")).toMatch(/at least 10/);
    expect(reasonProblem("other", "Customer complaint upheld")).toBeNull();
    expect(reasonProblem("goodwill", "")).toBeNull();
  });
  it("sends the text only when there is one", () => {
    expect(reasonPart("goodwill", "  ")).toEqual({ reasonCode: "goodwill" });
    expect(reasonPart("other", " Complaint upheld ")).toEqual({ reasonCode: "other", reason: "Complaint upheld" });
  });
});
