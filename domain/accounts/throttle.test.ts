import { describe, expect, it } from "vitest";
import {
  failureFacts,
  MAX_FAILURES,
  STRANGER_FREE_FAILURES,
  STRANGER_MAX_DELAY_MS,
  STRANGER_WINDOW_MS,
  strangerDelayMs,
  THROTTLE_WINDOW_MS,
  throttleDecision,
  type FailureFacts,
} from "./throttle.ts";

const NOW = new Date("2026-11-21T10:00:00.000Z");
const t = NOW.getTime();
const minutesAgo = (...m: number[]) => m.map((x) => t - x * 60_000);
const secondsAgo = (...s: number[]) => s.map((x) => t - x * 1000);
const facts = (f: Partial<FailureFacts>): FailureFacts => ({ byPair: [], byAddress: [], byStrangers: [], knownAddress: false, ...f });

describe("the account's failures from one address", () => {
  it("allows up to 4 recent failures", () => {
    expect(throttleDecision(facts({ byPair: minutesAgo(1, 2, 3, 4), byAddress: minutesAgo(1, 2, 3, 4) }), NOW)).toEqual({ throttled: false });
  });

  it("throttles at 5 until the oldest leaves the 15-minute window, from a known address too", () => {
    for (const knownAddress of [false, true]) {
      const d = throttleDecision(facts({ byPair: minutesAgo(10, 1, 2, 3, 4), byAddress: minutesAgo(10, 1, 2, 3, 4), knownAddress }), NOW);
      expect(d).toEqual({ throttled: true, by: "account", retryAfterSeconds: 5 * 60 });
    }
  });

  it("with more than 5 failures, waits until only 4 remain in the window", () => {
    // 7 failures: the 3rd oldest (12 min ago) must age out -> 3 minutes.
    const d = throttleDecision(facts({ byPair: minutesAgo(14, 13, 12, 5, 4, 3, 2), knownAddress: true }), NOW);
    expect(d).toEqual({ throttled: true, by: "account", retryAfterSeconds: 3 * 60 });
  });

  it("ignores failures older than the window (exactly 15 minutes ago is out), and never waits less than a second", () => {
    expect(throttleDecision(facts({ byPair: minutesAgo(15, 16, 20, 1, 2) }), NOW)).toEqual({ throttled: false });
    expect(THROTTLE_WINDOW_MS).toBe(15 * 60_000);
    expect(MAX_FAILURES).toBe(5);
    const edge = throttleDecision(facts({ byPair: [t - THROTTLE_WINDOW_MS + 1, t, t, t, t] }), NOW);
    expect(edge).toEqual({ throttled: true, by: "account", retryAfterSeconds: 1 });
  });
});

describe("an address spraying many accounts", () => {
  it("throttles the address at 5 failures, whatever the accounts, for accounts that do not know it", () => {
    expect(throttleDecision(facts({ byAddress: minutesAgo(14, 13, 12, 11, 10) }), NOW)).toEqual({ throttled: true, by: "address", retryAfterSeconds: 60 });
  });

  it("does not hold up an account that has signed in from that address (a shared network)", () => {
    expect(throttleDecision(facts({ byAddress: minutesAgo(5, 4, 3, 2, 1), knownAddress: true }), NOW)).toEqual({ throttled: false });
  });
});

describe("the ceiling across strangers", () => {
  it("lets 10 stranger failures an hour through, then each further attempt waits 1 s, 2 s, 4 s ... after the last, at most 15 minutes", () => {
    expect(STRANGER_FREE_FAILURES).toBe(10);
    expect([9, 10, 11, 12, 13, 19, 20, 40].map(strangerDelayMs)).toEqual([0, 1000, 2000, 4000, 8000, 512_000, STRANGER_MAX_DELAY_MS, STRANGER_MAX_DELAY_MS]);
    const nine = secondsAgo(...Array.from({ length: 9 }, (_, i) => 10 * (i + 1)));
    expect(throttleDecision(facts({ byStrangers: [...nine, t] }), NOW)).toEqual({ throttled: true, by: "account", retryAfterSeconds: 1 });
    expect(throttleDecision(facts({ byStrangers: [...nine, t - 1000] }), NOW)).toEqual({ throttled: false });
    const twelve = [...nine, t - 3000, t - 2000, t - 1000];
    expect(throttleDecision(facts({ byStrangers: twelve }), NOW)).toEqual({ throttled: true, by: "account", retryAfterSeconds: 3 });
  });

  it("counts only the last hour", () => {
    const old = Array.from({ length: 30 }, () => t - STRANGER_WINDOW_MS);
    expect(throttleDecision(facts({ byStrangers: old }), NOW)).toEqual({ throttled: false });
  });

  it("never applies at an address the account knows: the owner is not slowed by strangers", () => {
    const crowd = Array.from({ length: 40 }, (_, i) => t - i * 1000);
    expect(throttleDecision(facts({ byStrangers: crowd }), NOW).throttled).toBe(true);
    expect(throttleDecision(facts({ byStrangers: crowd, knownAddress: true }), NOW)).toEqual({ throttled: false });
  });
});

describe("failureFacts", () => {
  it("is known when any session of the account came from the address (an IPv6 one by its /64), and strangers are the other addresses", () => {
    const stored = {
      byPair: [1],
      byAddress: [2],
      byAccount: [
        { ip: "203.0.113.5", at: 10 },
        { ip: "2001:db8:1:2::/64", at: 11 },
        { ip: null, at: 12 },
        { ip: "198.51.100.1", at: 13 },
      ],
      knownAddresses: ["203.0.113.5", "2001:db8:1:2:aaaa::1"],
    };
    expect(failureFacts(stored, "2001:db8:1:2::/64")).toEqual({ byPair: [1], byAddress: [2], byStrangers: [12, 13], knownAddress: true });
    expect(failureFacts(stored, "198.51.100.1").knownAddress).toBe(false);
    expect(failureFacts(stored, null).knownAddress).toBe(false);
  });
});
