import { describe, expect, it } from "vitest";
import type { FantasyPlayer, RosterSlot } from "../../../../api/schemas/fantasy.ts";
import { canAdd, filterForSlot, lineupView, placePlayer, poolFilters, type Slots } from "./lineup.ts";

const roster: RosterSlot[] = [
  { slot: "QB", eligible: ["QB"] },
  { slot: "RB", eligible: ["RB"] },
  { slot: "FLEX", eligible: ["RB", "WR"] },
];
let n = 0;
const player = (position: string, salary: number, extra: Partial<FantasyPlayer> = {}): FantasyPlayer => ({
  id: `p${++n}`,
  sportId: "fs_1",
  name: `Player ${n}`,
  team: "AAA",
  position,
  salary,
  projectedPoints: 10,
  injuryStatus: "healthy",
  ...extra,
});

/** A lineup with every slot of the roster still empty. */
const emptySlots = (r: readonly RosterSlot[]): Slots => r.map(() => null);

describe("lineup builder rules", () => {
  const fill = (players: FantasyPlayer[], start: Slots = emptySlots(roster)): Slots =>
    players.reduce<Slots>((slots, p) => placePlayer(roster, slots, p) ?? slots, start);

  it("places players in the slots they fit, flexible slots last", () => {
    const rb1 = player("RB", 5000);
    const rb2 = player("RB", 4000);
    const qb = player("QB", 6000);
    const v = lineupView(roster, 20000, fill([rb1, rb2, qb]));
    expect(v.slots.map((s) => s.player?.id)).toEqual([qb.id, rb1.id, rb2.id]);
    expect(v).toMatchObject({ salaryUsed: 15000, remaining: 5000, projected: 30, complete: true, overCap: false });
  });

  it("keeps everyone in place when a player leaves, and honours the chosen slot", () => {
    const qb = player("QB", 1000);
    const rb = player("RB", 1000);
    const wr = player("WR", 1000);
    const slots = fill([qb, rb, wr]);
    const without = slots.map((p) => (p?.id === rb.id ? null : p));
    expect(without.map((p) => p?.id ?? null)).toEqual([qb.id, null, wr.id]);
    const rb2 = player("RB", 900);
    expect(placePlayer(roster, emptySlots(roster), rb2, 2)!.map((p) => p?.id ?? null)).toEqual([null, null, rb2.id]);
    expect(placePlayer(roster, without, rb2)!.map((p) => p?.id ?? null)).toEqual([qb.id, rb2.id, wr.id]);
  });

  it("re-matches only when no empty slot fits", () => {
    const rbInFlex = player("RB", 1000);
    const start: Slots = [null, null, rbInFlex];
    const wr = player("WR", 1000);
    expect(placePlayer(roster, start, wr)!.map((p) => p?.id ?? null)).toEqual([null, rbInFlex.id, wr.id]);
    expect(placePlayer(roster, fill([player("QB", 1)]), player("QB", 1))).toBeNull();
  });

  it("refuses a player with no free slot, one picked twice, one ruled out, one over the cap", () => {
    const qb = player("QB", 6000);
    expect(canAdd(roster, 20000, [qb], player("QB", 1000))).toEqual({ ok: false, reason: "no-slot" });
    expect(canAdd(roster, 20000, [qb], qb)).toEqual({ ok: false, reason: "picked" });
    expect(canAdd(roster, 20000, [qb], player("RB", 1000, { injuryStatus: "out" }))).toEqual({ ok: false, reason: "out" });
    expect(canAdd(roster, 10000, [qb], player("RB", 4001))).toEqual({ ok: false, reason: "over-cap" });
    expect(canAdd(roster, 10000, [qb], player("WR", 4000))).toEqual({ ok: true });
    expect(canAdd(roster, 20000, [qb], player("TE", 1000))).toEqual({ ok: false, reason: "no-slot" });
  });

  it("lets a WR take FLEX only while FLEX is free", () => {
    const qb = player("QB", 1000);
    const wr = player("WR", 1000);
    expect(canAdd(roster, 20000, [qb, wr], player("RB", 1000))).toEqual({ ok: true });
    expect(canAdd(roster, 20000, [qb, wr], player("WR", 1000))).toEqual({ ok: false, reason: "no-slot" });
  });

  it("is incomplete while a slot is empty or the cap is exceeded", () => {
    const qb = player("QB", 9000);
    const rb = player("RB", 9000);
    expect(lineupView(roster, 30000, fill([qb, rb])).complete).toBe(false);
    const over = lineupView(roster, 20000, fill([qb, rb, player("WR", 9000)]));
    expect(over).toMatchObject({ complete: false, overCap: true, remaining: -7000 });
  });

  it("offers All, the roster's positions and its flexible slots as filters", () => {
    const filters = poolFilters(roster, []);
    expect(filters.map((f) => f.value)).toEqual(["ALL", "QB", "RB", "WR", "slot:FLEX"]);
    expect(filters.find((f) => f.value === "slot:FLEX")?.positions).toEqual(["RB", "WR"]);
    expect(filterForSlot(roster[0], filters)).toBe("QB");
    expect(filterForSlot(roster[2], filters)).toBe("slot:FLEX");
    const util: RosterSlot[] = [{ slot: "UTIL", eligible: [] }];
    const utilFilters = poolFilters(util, [player("G", 1), player("C", 1), player("G", 1)]);
    expect(utilFilters.map((f) => f.value)).toEqual(["ALL", "C", "G"]);
    expect(filterForSlot(util[0], utilFilters)).toBe("ALL");
  });
});
