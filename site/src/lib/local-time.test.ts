import { describe, expect, it } from "vitest";
import { EMPTY_DATE, formatAgo, formatLocal, toInstant, toLocalInput } from "./local-time.ts";
import { exclusionRefusalText } from "./exclusion-words.ts";

const AT = "2026-11-26T17:16:42.479Z";
const NOW = new Date("2026-11-25T09:00:00.000Z");
const london = { locale: "en-GB", timeZone: "Europe/London", now: NOW };

describe("dates in the customer's own format", () => {
  it("an instant reads as weekday, day, month and time in the customer's locale and time zone", () => {
    expect(formatLocal(AT, "when", london)).toBe("Thu 26 Nov, 17:16");
    expect(formatLocal(AT, "when", { locale: "en-GB", timeZone: "Australia/Sydney", now: NOW })).toBe("Fri 27 Nov, 04:16");
    expect(formatLocal(AT, "when", { locale: "en-US", timeZone: "America/New_York", now: NOW })).toBe("Thu, Nov 26, 12:16 PM");
    expect(formatLocal(AT, "when", { locale: "de-DE", timeZone: "Europe/Berlin", now: NOW })).toBe("Do., 26. Nov., 18:16");
  });
  it("names the year only when it is not this year (a 5-year self-exclusion)", () => {
    expect(formatLocal("2031-11-26T17:16:00.000Z", "when", london)).toBe("Wed, 26 Nov 2031, 17:16");
  });
  it("times, dates and calendar dates; a calendar date never shifts by time zone", () => {
    expect(formatLocal(AT, "time", london)).toBe("17:16");
    expect(formatLocal(AT, "date", { locale: "en-GB", timeZone: "Pacific/Auckland" })).toBe("27 Nov 2026");
    expect(formatLocal("1990-03-01", "calendar", { locale: "en-GB", timeZone: "America/Los_Angeles" })).toBe("1 Mar 1990");
    expect(formatLocal(Date.parse(AT), "time", london)).toBe("17:16");
  });
  it("missing or unreadable values read as a dash, never 'Invalid Date'", () => {
    expect(formatLocal(null)).toBe("—");
    expect(formatLocal("")).toBe("—");
    expect(formatLocal("soon")).toBe("—");
    expect(formatLocal("01/03/1990", "calendar")).toBe("—");
  });
  it("without a locale it is the runtime's own (the browser's) format", () => {
    expect(formatLocal(AT, "time")).toBe(new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date(AT)));
  });
});

describe("the back office's dates: the same formatter", () => {
  it("a table stamp is day, month and time without the weekday, the year only when it is not this year", () => {
    expect(formatLocal(AT, "stamp", london)).toBe("26 Nov, 17:16");
    expect(formatLocal(AT, "stamp", { locale: "en-AU", timeZone: "Australia/Sydney", now: NOW })).toBe("27 Nov, 04:16 am");
    expect(formatLocal("2025-03-02T08:05:00.000Z", "stamp", london)).toBe("2 Mar 2025, 08:05");
  });
  it("a live feed's clock shows the seconds", () => {
    expect(formatLocal(AT, "clock", london)).toBe("17:16:42");
  });
  it("an empty or unreadable date reads as the placeholder, or the caller's own word", () => {
    expect(EMPTY_DATE).toBe("—");
    expect(formatLocal(undefined, "stamp")).toBe("—");
    expect(formatLocal(null, "date", { empty: "Never" })).toBe("Never");
    expect(formatLocal("not a date", "stamp", { empty: "Never" })).toBe("Never");
    expect(formatLocal(AT, "date", { locale: "en-GB", timeZone: "Europe/London", empty: "Never" })).toBe("26 Nov 2026");
  });
  it("how long ago: seconds, then minutes, then the clock time from an hour on", () => {
    const at = (msBefore: number) => new Date(Date.parse(AT) - msBefore).toISOString();
    const o = { ...london, now: new Date(AT) };
    expect(formatAgo(at(0), o)).toBe("just now");
    expect(formatAgo(at(4_400), o)).toBe("just now");
    expect(formatAgo(at(12_000), o)).toBe("12 s ago");
    expect(formatAgo(at(59_000), o)).toBe("59 s ago");
    expect(formatAgo(at(60_000), o)).toBe("1 min ago");
    expect(formatAgo(at(3_599_000), o)).toBe("59 min ago");
    expect(formatAgo(at(3_600_000), o)).toBe("16:16");
    expect(formatAgo("never", o)).toBe("—");
  });
  it("the exact instant behind the words, for a <time dateTime>", () => {
    expect(toInstant(AT)?.toISOString()).toBe(AT);
    expect(toInstant(Date.parse(AT))?.toISOString()).toBe(AT);
    expect(toInstant("")).toBeNull();
    expect(toInstant("soon")).toBeNull();
  });
  it("a datetime-local input's value is the local wall time, to the minute", () => {
    expect(toLocalInput(new Date(2026, 10, 21, 19, 30, 59))).toBe("2026-11-21T19:30");
    expect(toLocalInput(new Date(2026, 0, 2, 3, 4))).toBe("2026-01-02T03:04");
  });
});

describe("time-out and self-exclusion refusals in words", () => {
  const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
  it("a refused bet or deposit says until when, in the customer's format", () => {
    const text = exclusionRefusalText("RG.SELF_EXCLUDED", { kind: "self_exclusion", until: AT, stage: "period", returnAccessAt: null }, london);
    expect(text).toBe("You are self-excluded until Thu 26 Nov, 17:16");
    expect(exclusionRefusalText("RG.SELF_EXCLUDED", { kind: "timeout", until: AT, stage: "period", returnAccessAt: null }, london)).toBe(
      "You are on a time-out until Thu 26 Nov, 17:16",
    );
    expect(exclusionRefusalText("RG.SELF_EXCLUDED", { kind: "self_exclusion", until: null, stage: "period", returnAccessAt: null }, london)).toBe(
      "You are self-excluded permanently",
    );
  });
  it("after the period: ask to return; while cooling off: when access comes back", () => {
    expect(exclusionRefusalText("RG.SELF_EXCLUDED", { kind: "self_exclusion", until: AT, stage: "awaiting_return" }, london)).toMatch(/ask to return/);
    expect(exclusionRefusalText("RG.SELF_EXCLUDED", { kind: "self_exclusion", until: AT, stage: "cooling_off", returnAccessAt: AT }, london)).toBe(
      "You asked to return; access comes back on Thu 26 Nov, 17:16",
    );
  });
  it("asking to shorten one says until when it runs", () => {
    const text = exclusionRefusalText("RG.EXCLUSION_ACTIVE", { kind: "timeout", until: AT, stage: "period" }, london);
    expect(text).toBe("Your time-out runs until Thu 26 Nov, 17:16; it cannot be shortened or lifted");
    expect(text).not.toMatch(ISO);
  });
  it("other refusals keep the server's message", () => {
    expect(exclusionRefusalText("RG.DEPOSIT_LIMIT", { until: AT }, london)).toBeNull();
    expect(exclusionRefusalText("BET.INSUFFICIENT_FUNDS", null, london)).toBeNull();
  });
});
