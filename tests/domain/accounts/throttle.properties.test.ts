/**
 * Properties of the sign-in throttle (domain/accounts/throttle.ts): however many strangers try, and
 * whenever, an account yields only a bounded number of failed guesses an hour from addresses it
 * does not know, and none of it ever reaches an address it knows.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { STRANGER_FREE_FAILURES, STRANGER_WINDOW_MS, throttleDecision, type FailureFacts } from "../../../domain/accounts/throttle.ts";

const T0 = new Date("2026-11-21T10:00:00.000Z").getTime();
const facts = (f: Partial<FailureFacts>): FailureFacts => ({ byPair: [], byAddress: [], byStrangers: [], knownAddress: false, ...f });

/** Strangers arrive at the given moments (ms after T0); those the throttle lets through fail. */
function failuresFrom(arrivals: number[]): number[] {
  const failures: number[] = [];
  for (const at of [...arrivals].sort((a, b) => a - b))
    if (!throttleDecision(facts({ byStrangers: failures }), new Date(T0 + at)).throttled) failures.push(T0 + at);
  return failures;
}

describe("the ceiling across strangers", () => {
  it("lets through at most a few dozen failed guesses in any hour, whatever the arrivals", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 * STRANGER_WINDOW_MS }), { maxLength: 600 }), (arrivals) => {
        const failures = failuresFrom(arrivals);
        // Any hour-long stretch holds at most the free failures and the doubling delays' share (OWASP ASVS: well under 100).
        return failures.every((start) => failures.filter((f) => f >= start && f < start + STRANGER_WINDOW_MS).length <= STRANGER_FREE_FAILURES + 15);
      }),
    );
  });

  it("never holds up an address the account knows, whatever the strangers did", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: STRANGER_WINDOW_MS }), { maxLength: 300 }), fc.nat({ max: STRANGER_WINDOW_MS }), (arrivals, at) => {
        const decision = throttleDecision(facts({ byStrangers: failuresFrom(arrivals), knownAddress: true }), new Date(T0 + at));
        expect(decision).toEqual({ throttled: false });
      }),
    );
  });
});
