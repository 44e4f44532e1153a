import { describe, expect, it } from "vitest";
import { latestAdultBirthDate, localDayToIso } from "./dates.ts";

describe("dates", () => {
  it("the latest adult birth date is 18 years before today", () => {
    expect(latestAdultBirthDate(new Date(2026, 4, 7))).toBe("2008-05-07");
    expect(latestAdultBirthDate(new Date(2028, 1, 29))).toBe("2010-02-28");
  });
  it("a local day becomes the ISO instant of its start, or of the next day's start for an end", () => {
    expect(new Date(localDayToIso("2026-03-10")!).getDate()).toBe(10);
    expect(new Date(localDayToIso("2026-03-10", true)!).getDate()).toBe(11);
    expect(localDayToIso("")).toBeUndefined();
    expect(localDayToIso("10/03/2026")).toBeUndefined();
  });
});
