import { describe, expect, it } from "vitest";
import { entryLimitRefusal } from "./enter-contest.ts";

describe("the multi-entry cap", () => {
  it("takes entries while the customer has fewer than the contest allows one customer", () => {
    expect(entryLimitRefusal({ maxEntriesPerUser: 1 }, 0)).toBeNull();
    expect(entryLimitRefusal({ maxEntriesPerUser: 3 }, 2)).toBeNull();
  });
  it("a single-entry contest refuses a second entry as FANTASY.ALREADY_ENTERED (edit the entry instead)", () => {
    expect(entryLimitRefusal({ maxEntriesPerUser: 1 }, 1)?.code).toBe("FANTASY.ALREADY_ENTERED");
  });
  it("a multi-entry contest refuses the entry past its cap as FANTASY.ENTRY_LIMIT_REACHED, with the cap", () => {
    const refusal = entryLimitRefusal({ maxEntriesPerUser: 3 }, 3);
    expect(refusal?.code).toBe("FANTASY.ENTRY_LIMIT_REACHED");
    expect(refusal?.details).toEqual({ maxEntriesPerUser: 3, entries: 3 });
  });
});
