import { describe, expect, it } from "vitest";
import {
  checkContest,
  checkLeague,
  checkPlayer,
  checkSport,
  emptyContestForm,
  emptyLeagueForm,
  emptyPlayerForm,
  emptySportForm,
  parseRoster,
  parseWholeNumber,
} from "./form-rules.ts";

describe("parseWholeNumber", () => {
  it("accepts plain whole numbers only", () => {
    expect(parseWholeNumber("12")).toBe(12);
    expect(parseWholeNumber(" 0 ")).toBe(0);
    for (const bad of ["", "1.5", "-3", "1e3", "abc", "12a"]) expect(parseWholeNumber(bad)).toBeNull();
  });
});

describe("Create Sport", () => {
  it("defaults to active and needs a name and a season", () => {
    expect(emptySportForm().status).toBe("active");
    const r = checkSport(emptySportForm());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(["name", "season"]);
    const good = checkSport({ ...emptySportForm(), name: " NFL ", season: "2024-25", status: "inactive" });
    expect(good).toEqual({ ok: true, value: { name: "NFL", season: "2024-25", status: "inactive", settings: { salaryCap: 50000 } } });
  });
  it("reads a roster and a salary cap", () => {
    const r = checkSport({ ...emptySportForm(), name: "NFL", season: "2025", roster: "qb, RB, FLEX(rb/WR/TE), UTIL", salaryCap: "60000" });
    expect(r.ok && r.value.settings).toEqual({
      rosterPositions: [
        { slot: "QB", eligible: ["QB"] },
        { slot: "RB", eligible: ["RB"] },
        { slot: "FLEX", eligible: ["RB", "WR", "TE"] },
        { slot: "UTIL", eligible: [] },
      ],
      salaryCap: 60000,
    });
    expect(parseRoster("QB, (RB)")).toBeNull();
    expect(parseRoster(Array(16).fill("QB").join(","))).toBeNull();
    expect(checkSport({ ...emptySportForm(), name: "NFL", season: "2025", salaryCap: "999" }).ok).toBe(false);
  });
});

describe("Create League", () => {
  const base = { ...emptyLeagueForm("fs_1"), name: "Sunday League" };
  it("defaults to 12 teams, season_long, snake_draft, and sends cents", () => {
    expect(emptyLeagueForm().maxTeams).toBe("12");
    const r = checkLeague({ ...base, entryFee: "25", prizePool: "250" });
    expect(r.ok && r.value).toMatchObject({ maxTeams: 12, type: "season_long", format: "snake_draft", entryFee: 2500, prizePool: 25000 });
  });
  it("keeps max teams within 4 to 20 and as a whole number", () => {
    expect(checkLeague({ ...base, maxTeams: "4" }).ok).toBe(true);
    expect(checkLeague({ ...base, maxTeams: "20" }).ok).toBe(true);
    for (const bad of ["3", "21", "12.5", ""]) expect(checkLeague({ ...base, maxTeams: bad }).ok).toBe(false);
  });
  it("refuses negative or fractional money and a missing name or sport", () => {
    expect(checkLeague({ ...base, entryFee: "-1" }).ok).toBe(false);
    expect(checkLeague({ ...base, prizePool: "10.5" }).ok).toBe(false);
    expect(checkLeague({ ...base, name: "  " }).ok).toBe(false);
    expect(checkLeague({ ...base, sportId: "" }).ok).toBe(false);
  });
  it("checks the season dates", () => {
    expect(checkLeague({ ...base, seasonStart: "2026-03-01", seasonEnd: "2026-02-01" }).ok).toBe(false);
    const r = checkLeague({ ...base, seasonStart: "2026-03-01", seasonEnd: "2026-09-01" });
    expect(r.ok && r.value.seasonStart).toBe("2026-03-01");
    expect(checkLeague({ ...base, seasonStart: "2026-02-30" }).ok).toBe(false);
  });
});

describe("Create Contest", () => {
  const now = new Date("2026-11-21T10:00:00Z");
  const base = { ...emptyContestForm("fs_1", now), name: "Sunday Million" };
  it("defaults to 100 max entries and a tournament", () => {
    expect(base.maxEntries).toBe("100");
    const r = checkContest(base);
    expect(r.ok && r.value).toMatchObject({ type: "tournament", maxEntries: 100, entryFee: 0, prizePool: 0 });
  });
  it("needs at least 1 max entry, fees and pools of 0 or more, an end after the start", () => {
    expect(checkContest({ ...base, maxEntries: "1" }).ok).toBe(true);
    expect(checkContest({ ...base, maxEntries: "0" }).ok).toBe(false);
    expect(checkContest({ ...base, entryFee: "-5" }).ok).toBe(false);
    expect(checkContest({ ...base, prizePool: "x" }).ok).toBe(false);
    expect(checkContest({ ...base, endTime: base.startTime }).ok).toBe(false);
    expect(checkContest({ ...base, startTime: "" }).ok).toBe(false);
  });
  it("takes a multi-entry cap from 1 (the default, single entry) to max entries", () => {
    expect(base.maxEntriesPerUser).toBe("1");
    const r = checkContest({ ...base, maxEntriesPerUser: "20" });
    expect(r.ok && r.value.maxEntriesPerUser).toBe(20);
    expect(checkContest({ ...base, maxEntriesPerUser: "0" }).ok).toBe(false);
    expect(checkContest({ ...base, maxEntries: "10", maxEntriesPerUser: "11" }).ok).toBe(false);
  });
});

describe("Add Player", () => {
  const base = { ...emptyPlayerForm("fs_1"), name: "Sam Kerr", team: "CHE", position: "fw", salary: "7400" };
  it("accepts a player with or without projected points", () => {
    const r = checkPlayer(base);
    expect(r.ok && r.value).toMatchObject({ position: "FW", salary: 7400, projectedPoints: null, injuryStatus: "healthy" });
    const p = checkPlayer({ ...base, projectedPoints: "18.25", injuryStatus: "questionable" });
    expect(p.ok && p.value).toMatchObject({ projectedPoints: 18.25, injuryStatus: "questionable" });
  });
  it("refuses missing fields and bad numbers", () => {
    expect(checkPlayer({ ...base, team: "" }).ok).toBe(false);
    expect(checkPlayer({ ...base, salary: "-1" }).ok).toBe(false);
    expect(checkPlayer({ ...base, projectedPoints: "18.255" }).ok).toBe(false);
    expect(checkPlayer({ ...base, projectedPoints: "abc" }).ok).toBe(false);
  });
});
