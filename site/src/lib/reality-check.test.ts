import { describe, expect, it } from "vitest";
import { realityCheckDue } from "./reality-check.ts";

const start = Date.UTC(2026, 0, 1, 10, 0, 0);
const min = 60_000;

describe("realityCheckDue", () => {
  it("waits until the first interval has passed", () => {
    expect(realityCheckDue(start, 30, start + 10 * min, 0)).toEqual({ show: null, nextInMs: 20 * min });
  });
  it("shows check k once the k-th interval has passed and it was not seen", () => {
    expect(realityCheckDue(start, 30, start + 31 * min, 0)).toEqual({ show: 1, nextInMs: null });
    expect(realityCheckDue(start, 30, start + 65 * min, 1)).toEqual({ show: 2, nextInMs: null });
  });
  it("after a check is seen, the next is scheduled for the following interval", () => {
    expect(realityCheckDue(start, 30, start + 31 * min, 1)).toEqual({ show: null, nextInMs: 29 * min });
  });
  it("is off at 0 minutes", () => {
    expect(realityCheckDue(start, 0, start + 500 * min, 0)).toEqual({ show: null, nextInMs: null });
  });
});
