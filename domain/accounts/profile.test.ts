import { describe, expect, it } from "vitest";
import { initialsOf, normaliseEmail } from "./profile.ts";

describe("initialsOf", () => {
  it("shows a customer by initials only", () => {
    expect(initialsOf("Jack", "Thompson")).toBe("J. T.");
    expect(initialsOf("liam", "O'Brien")).toBe("L. O.");
    expect(initialsOf("Émile", "zola")).toBe("É. Z.");
  });
  it("copes with a missing name", () => {
    expect(initialsOf("Cher", "")).toBe("C.");
    expect(initialsOf(" ", "")).toBe("A punter");
  });
});

describe("normaliseEmail", () => {
  it("trims and lower-cases", () => {
    expect(normaliseEmail("  Jane.Citizen@Example.COM ")).toBe("jane.citizen@example.com");
  });
});
