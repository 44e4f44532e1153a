import { describe, expect, it } from "vitest";
import { ageOn, isAdultOn, parseCalendarDate } from "./age.ts";

const on = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

describe("age", () => {
  it("counts whole years, turning a year older on the birthday itself", () => {
    expect(ageOn("2008-03-15", on("2026-03-14"))).toBe(17);
    expect(ageOn("2008-03-15", on("2026-03-15"))).toBe(18);
    expect(ageOn("2008-03-15", on("2026-12-31"))).toBe(18);
  });

  it("uses the UTC calendar date of the clock", () => {
    expect(ageOn("2008-03-15", new Date("2026-03-14T23:59:59.999Z"))).toBe(17);
    expect(ageOn("2008-03-15", new Date("2026-03-15T00:00:00.000Z"))).toBe(18);
  });

  it("someone born on 29 February turns a year older on 1 March in a non-leap year", () => {
    expect(ageOn("2008-02-29", on("2026-02-28"))).toBe(17);
    expect(ageOn("2008-02-29", on("2026-03-01"))).toBe(18);
    expect(ageOn("2008-02-29", on("2028-02-29"))).toBe(20);
  });

  it("is adult from 18, never for a date of birth in the future or not a real date", () => {
    expect(isAdultOn("2008-03-15", on("2026-03-15"))).toBe(true);
    expect(isAdultOn("2008-03-16", on("2026-03-15"))).toBe(false);
    expect(isAdultOn("2030-01-01", on("2026-03-15"))).toBe(false);
    expect(isAdultOn("1990-02-30", on("2026-03-15"))).toBe(false);
    expect(isAdultOn("15/03/1990", on("2026-03-15"))).toBe(false);
  });

  it("parses only real calendar dates", () => {
    expect(parseCalendarDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate("2023-02-29")).toBeNull();
    expect(parseCalendarDate("2023-13-01")).toBeNull();
    expect(parseCalendarDate("2023-1-01")).toBeNull();
  });
});
