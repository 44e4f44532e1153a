import { describe, expect, it } from "vitest";
import { assignSlots, checkLineup, DEFAULT_ROSTER, positionAllowed, positionsOf } from "./roster.ts";
import type { FantasyPlayerRecord, InjuryStatus, RosterSlot } from "./types.ts";

const NFL: RosterSlot[] = [
  { slot: "QB", eligible: ["QB"] },
  { slot: "RB", eligible: ["RB"] },
  { slot: "RB", eligible: ["RB"] },
  { slot: "WR", eligible: ["WR"] },
  { slot: "TE", eligible: ["TE"] },
  { slot: "FLEX", eligible: ["RB", "WR", "TE"] },
];

let n = 0;
const player = (position: string, salary: number, extra: Partial<FantasyPlayerRecord> = {}): FantasyPlayerRecord => ({
  id: `p${++n}`,
  sportId: "nfl",
  name: `Player ${n}`,
  team: "T",
  position,
  salary,
  projectedX100: 1000,
  injuryStatus: "healthy" as InjuryStatus,
  createdAt: new Date(0),
  ...extra,
});

function squad() {
  const qb = player("QB", 8000);
  const rb1 = player("RB", 7000);
  const rb2 = player("RB", 6000);
  const rb3 = player("RB", 5000);
  const wr = player("WR", 6000);
  const te = player("TE", 4000);
  return { qb, rb1, rb2, rb3, wr, te, all: [qb, rb1, rb2, rb3, wr, te] };
}
const check = (lineup: string[], players: FantasyPlayerRecord[], salaryCap = 50_000) =>
  checkLineup({ lineup, roster: NFL, salaryCap, sportId: "nfl" }, players);

describe("positions of a roster", () => {
  it("lists each eligible position once, in order; a UTIL-only roster takes any position", () => {
    expect(positionsOf(NFL)).toEqual(["QB", "RB", "WR", "TE"]);
    expect(positionsOf(DEFAULT_ROSTER)).toEqual([]);
    expect(positionAllowed(NFL, "TE")).toBe(true);
    expect(positionAllowed(NFL, "K")).toBe(false);
    expect(positionAllowed(DEFAULT_ROSTER, "ANY")).toBe(true);
  });
});

describe("matching players to slots", () => {
  it("fills specific slots first and the flexible slot with the rest, whatever the order given", () => {
    const s = squad();
    const r = check([s.rb3, s.te, s.wr, s.rb1, s.qb, s.rb2].map((p) => p.id), s.all);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // QB, RB, RB, WR, TE, FLEX: the third running back ends up in FLEX.
    expect(r.value.lineup).toEqual([s.qb.id, s.rb3.id, s.rb1.id, s.wr.id, s.te.id, s.rb2.id]);
    expect(r.value.salaryUsed).toBe(36_000);
  });
  it("re-routes an earlier choice when a later slot needs the player (augmenting path)", () => {
    // Slot A takes X or Y, slot B takes only X: X must go to B, Y to A.
    const roster = [{ slot: "A", eligible: ["X", "Y"] }, { slot: "B", eligible: ["X"] }];
    expect(assignSlots(roster, ["X", "Y"])).toEqual([1, 0]);
    expect(assignSlots(roster, ["Y", "Y"])).toEqual([0, null]);
  });
});

describe("lineup rules", () => {
  it("a valid lineup at exactly the cap passes", () => {
    const s = squad();
    expect(check(s.all.map((p) => p.id), s.all, 36_000).ok).toBe(true);
  });
  it("one player per slot: too few or too many is FANTASY.LINEUP_SIZE", () => {
    const s = squad();
    const short = check(s.all.slice(0, 5).map((p) => p.id), s.all);
    expect(!short.ok && short.error.code).toBe("FANTASY.LINEUP_SIZE");
    const long = check([...s.all.map((p) => p.id), "p999"], s.all);
    expect(!long.ok && long.error).toMatchObject({ code: "FANTASY.LINEUP_SIZE", details: { required: 6, given: 7 } });
  });
  it("the same player twice is FANTASY.DUPLICATE_PLAYER", () => {
    const s = squad();
    const r = check([s.qb, s.rb1, s.rb1, s.wr, s.te, s.rb2].map((p) => p.id), s.all);
    expect(!r.ok && r.error).toMatchObject({ code: "FANTASY.DUPLICATE_PLAYER", details: { playerId: s.rb1.id } });
  });
  it("an unknown player is FANTASY.PLAYER_NOT_FOUND", () => {
    const s = squad();
    const r = check([s.qb, s.rb1, s.rb2, s.wr, s.te].map((p) => p.id).concat("nobody"), s.all);
    expect(!r.ok && r.error).toMatchObject({ code: "FANTASY.PLAYER_NOT_FOUND", details: { playerIds: ["nobody"] } });
  });
  it("a player of another sport is FANTASY.PLAYER_WRONG_SPORT", () => {
    const s = squad();
    const foreign = player("RB", 3000, { sportId: "nba" });
    const r = check([s.qb, s.rb1, s.rb2, s.wr, s.te, foreign].map((p) => p.id), [...s.all, foreign]);
    expect(!r.ok && r.error.code).toBe("FANTASY.PLAYER_WRONG_SPORT");
  });
  it("a player ruled out is FANTASY.PLAYER_OUT; questionable and doubtful players may play", () => {
    const s = squad();
    const out = player("RB", 3000, { injuryStatus: "out" });
    const r = check([s.qb, s.rb1, s.rb2, s.wr, s.te, out].map((p) => p.id), [...s.all, out]);
    expect(!r.ok && r.error).toMatchObject({ code: "FANTASY.PLAYER_OUT", details: { playerIds: [out.id] } });
    const doubtful = player("RB", 3000, { injuryStatus: "doubtful" });
    const q = player("TE", 3000, { injuryStatus: "questionable" });
    expect(check([s.qb, s.rb1, s.rb2, s.wr, q, doubtful].map((p) => p.id), [...s.all, doubtful, q]).ok).toBe(true);
  });
  it("positions that cannot fill the roster are FANTASY.POSITIONS_UNFILLED, naming the empty slots", () => {
    const s = squad();
    const qb2 = player("QB", 5000);
    const r = check([s.qb, qb2, s.rb1, s.rb2, s.wr, s.te].map((p) => p.id), [...s.all, qb2]);
    expect(!r.ok && r.error).toMatchObject({ code: "FANTASY.POSITIONS_UNFILLED", details: { unfilled: ["FLEX"] } });
  });
  it("one dollar over the cap is FANTASY.SALARY_CAP_EXCEEDED with the figures", () => {
    const s = squad();
    const r = check(s.all.map((p) => p.id), s.all, 35_999);
    expect(!r.ok && r.error).toMatchObject({ code: "FANTASY.SALARY_CAP_EXCEEDED", details: { salaryUsed: 36_000, salaryCap: 35_999 } });
  });
});
