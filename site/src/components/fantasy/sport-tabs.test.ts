import { describe, expect, it } from "vitest";
import { contestInTab, FEATURED, shownTab, sportTabsFor } from "./sport-tabs.ts";

const contest = (sportId: string, sportName: string, extra: Partial<{ isPrivate: boolean; entered: boolean; inviteCode: string | null }> = {}) => ({
  sportId,
  sportName,
  isPrivate: false,
  entered: false,
  inviteCode: null,
  ...extra,
});

describe("the fantasy lobby's sport tabs", () => {
  it("are FEATURED plus one per sport with open contests, the busiest first", () => {
    const tabs = sportTabsFor([contest("fsp_soccer", "Soccer"), contest("fsp_nba", "NBA"), contest("fsp_nba", "NBA")]);
    expect(tabs).toEqual([
      { value: FEATURED, label: "FEATURED", testId: "tab-featured" },
      { value: "fsp_nba", label: "NBA", testId: "tab-nba" },
      { value: "fsp_soccer", label: "SOCCER", testId: "tab-soccer" },
    ]);
  });

  it("give a sport no tab when its only contest is someone else's private one", () => {
    const tabs = sportTabsFor([contest("fsp_nba", "NBA"), contest("fsp_afl", "AFL", { isPrivate: true })]);
    expect(tabs.map((t) => t.label)).toEqual(["FEATURED", "NBA"]);
    // The creator (who sees the code) and an entrant do see it.
    expect(sportTabsFor([contest("fsp_afl", "AFL", { isPrivate: true, inviteCode: "ABC123" })]).map((t) => t.label)).toEqual(["FEATURED", "AFL"]);
    expect(sportTabsFor([contest("fsp_afl", "AFL", { isPrivate: true, entered: true })]).map((t) => t.label)).toEqual(["FEATURED", "AFL"]);
  });

  it("are only FEATURED when nothing is open, and ties go by name", () => {
    expect(sportTabsFor([]).map((t) => t.value)).toEqual([FEATURED]);
    expect(sportTabsFor([contest("b", "Golf"), contest("a", "Aussie Rules")]).map((t) => t.testId)).toEqual(["tab-featured", "tab-aussie-rules", "tab-golf"]);
  });

  it("filter the list by sport, FEATURED showing all", () => {
    expect(contestInTab({ sportId: "fsp_nba" }, "fsp_nba")).toBe(true);
    expect(contestInTab({ sportId: "fsp_soccer" }, "fsp_nba")).toBe(false);
    expect(contestInTab({ sportId: "fsp_soccer" }, FEATURED)).toBe(true);
  });

  it("fall back to FEATURED when the chosen sport has no contests left", () => {
    const tabs = sportTabsFor([contest("fsp_nba", "NBA")]);
    expect(shownTab(tabs, "fsp_nba")).toBe("fsp_nba");
    expect(shownTab(tabs, "fsp_soccer")).toBe(FEATURED);
  });
});
