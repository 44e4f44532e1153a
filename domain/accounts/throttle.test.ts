import { describe, expect, it } from "vitest";
import { MAX_FAILURES, THROTTLE_WINDOW_MS, throttleDecision } from "./throttle.ts";

const NOW = new Date("2026-11-21T10:00:00.000Z");
const t = NOW.getTime();
const minutesAgo = (...m: number[]) => m.map((x) => t - x * 60_000);

describe("sign-in throttling", () => {
  it("allows up to 4 recent failures for an account or an address", () => {
    expect(throttleDecision({ byAccount: minutesAgo(1, 2, 3, 4), byAddress: minutesAgo(1, 2, 3, 4) }, NOW)).toEqual({ throttled: false });
  });

  it("throttles at 5 failures for the account until the oldest leaves the 15-minute window", () => {
    const d = throttleDecision({ byAccount: minutesAgo(10, 1, 2, 3, 4), byAddress: [] }, NOW);
    expect(d).toEqual({ throttled: true, by: "account", retryAfterSeconds: 5 * 60 });
  });

  it("throttles at 5 failures from the address, whatever the accounts", () => {
    const d = throttleDecision({ byAccount: [], byAddress: minutesAgo(14, 13, 12, 11, 10) }, NOW);
    expect(d).toEqual({ throttled: true, by: "address", retryAfterSeconds: 60 });
  });

  it("with more than 5 failures, waits until only 4 remain in the window", () => {
    // 7 failures: the 3rd oldest (12 min ago) must age out -> 3 minutes.
    const d = throttleDecision({ byAccount: minutesAgo(14, 13, 12, 5, 4, 3, 2), byAddress: [] }, NOW);
    expect(d).toEqual({ throttled: true, by: "account", retryAfterSeconds: 3 * 60 });
  });

  it("ignores failures older than the window (exactly 15 minutes ago is out)", () => {
    expect(throttleDecision({ byAccount: minutesAgo(15, 16, 20, 1, 2), byAddress: [] }, NOW)).toEqual({ throttled: false });
    expect(THROTTLE_WINDOW_MS).toBe(15 * 60_000);
    expect(MAX_FAILURES).toBe(5);
  });

  it("reports the longer of the two waits, and never less than a second", () => {
    const d = throttleDecision({ byAccount: minutesAgo(10, 1, 1, 1, 1), byAddress: minutesAgo(14, 1, 1, 1, 1) }, NOW);
    expect(d).toEqual({ throttled: true, by: "account", retryAfterSeconds: 5 * 60 });
    const edge = throttleDecision({ byAccount: [t - THROTTLE_WINDOW_MS + 1, t, t, t, t], byAddress: [] }, NOW);
    expect(edge).toEqual({ throttled: true, by: "account", retryAfterSeconds: 1 });
  });
});
