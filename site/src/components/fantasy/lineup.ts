/**
 * Lineup-builder state, pure: which roster slot each picked player fills (the domain's own slot
 * matching, so the builder agrees with the server), salary used and remaining, whether a player
 * can still be added, and whether the lineup is ready to submit.
 */
import { assignSlots } from "../../../../domain/fantasy/roster.ts";
import type { FantasyPlayer, RosterSlot } from "../../../../api/schemas/fantasy.ts";

/** The lineup as the builder holds it: one entry per roster slot, the player in it or null. */
export type Slots = readonly (FantasyPlayer | null)[];

export type LineupView = {
  slots: { slot: RosterSlot; player: FantasyPlayer | null }[];
  salaryUsed: number;
  remaining: number;
  projected: number;
  /** Every slot filled, within the cap, nobody ruled out. */
  complete: boolean;
  overCap: boolean;
};

export const picksOf = (slots: Slots): FantasyPlayer[] => slots.filter((p): p is FantasyPlayer => p !== null);
const fits = (slot: RosterSlot, position: string) => slot.eligible.length === 0 || slot.eligible.includes(position);

export function lineupView(roster: readonly RosterSlot[], salaryCap: number, slots: Slots): LineupView {
  const picks = picksOf(slots);
  const salaryUsed = picks.reduce((s, p) => s + p.salary, 0);
  const projected = Math.round(picks.reduce((s, p) => s + (p.projectedPoints ?? 0), 0) * 100) / 100;
  const filled = roster.every((_, i) => slots[i] != null);
  const overCap = salaryUsed > salaryCap;
  const anyOut = picks.some((p) => p.injuryStatus === "out");
  return {
    slots: roster.map((slot, i) => ({ slot, player: slots[i] ?? null })),
    salaryUsed,
    remaining: salaryCap - salaryUsed,
    projected,
    complete: filled && !overCap && !anyOut,
    overCap,
  };
}

/**
 * Put a player in the lineup without moving anyone: the preferred slot if it is empty and fits,
 * else the first empty slot that fits. Only when no empty slot fits are the players re-matched
 * (e.g. an RB in FLEX moves to a free RB slot so a WR can take FLEX). Null when it cannot fit.
 */
export function placePlayer(roster: readonly RosterSlot[], slots: Slots, player: FantasyPlayer, preferred: number | null = null): (FantasyPlayer | null)[] | null {
  const next = roster.map((_, i) => slots[i] ?? null);
  if (next.some((p) => p?.id === player.id)) return null;
  if (preferred !== null && next[preferred] === null && fits(roster[preferred], player.position)) {
    next[preferred] = player;
    return next;
  }
  const free = roster.findIndex((slot, i) => next[i] === null && fits(slot, player.position));
  if (free >= 0) {
    next[free] = player;
    return next;
  }
  const picks = [...picksOf(next), player];
  const assignment = assignSlots(roster, picks.map((p) => p.position));
  if (assignment.filter((a) => a !== null).length < picks.length) return null;
  return assignment.map((a) => (a === null ? null : picks[a]));
}

export type AddCheck = { ok: true } | { ok: false; reason: "picked" | "out" | "no-slot" | "over-cap" };

/** Whether `player` can join the picks: not already in, not ruled out, a free slot fits, salary fits. */
export function canAdd(roster: readonly RosterSlot[], salaryCap: number, picks: readonly FantasyPlayer[], player: FantasyPlayer): AddCheck {
  if (picks.some((p) => p.id === player.id)) return { ok: false, reason: "picked" };
  if (player.injuryStatus === "out") return { ok: false, reason: "out" };
  if (picks.length >= roster.length) return { ok: false, reason: "no-slot" };
  const assigned = assignSlots(roster, [...picks, player].map((p) => p.position)).filter((p) => p !== null).length;
  if (assigned < picks.length + 1) return { ok: false, reason: "no-slot" };
  const used = picks.reduce((s, p) => s + p.salary, 0);
  if (used + player.salary > salaryCap) return { ok: false, reason: "over-cap" };
  return { ok: true };
}

/** A player filter: every player, one position, or the positions a flexible slot takes. */
export type PoolFilter = { value: string; label: string; positions: string[] | null };
export const ALL_FILTER = "ALL";

/**
 * The filters worth offering: All, each position the roster names (else every player position),
 * then each flexible slot (FLEX, G, F...) whose positions are a proper subset of them.
 */
export function poolFilters(roster: readonly RosterSlot[], players: readonly FantasyPlayer[]): PoolFilter[] {
  const named: string[] = [];
  for (const s of roster) for (const p of s.eligible) if (!named.includes(p)) named.push(p);
  const positions = named.length > 0 ? named : [...new Set(players.map((p) => p.position))].sort();
  const out: PoolFilter[] = [{ value: ALL_FILTER, label: "All", positions: null }, ...positions.map((p) => ({ value: p, label: p, positions: [p] }))];
  for (const s of roster) {
    if (s.eligible.length < 2 || s.eligible.length >= positions.length) continue;
    const value = `slot:${s.slot}`;
    if (!out.some((f) => f.value === value) && !positions.includes(s.slot)) out.push({ value, label: s.slot, positions: s.eligible });
  }
  return out;
}

/** The filter that shows the players who can fill this slot. */
export function filterForSlot(slot: RosterSlot, filters: readonly PoolFilter[]): string {
  if (slot.eligible.length === 1) return filters.some((f) => f.value === slot.eligible[0]) ? slot.eligible[0] : ALL_FILTER;
  return filters.find((f) => f.value === `slot:${slot.slot}`)?.value ?? ALL_FILTER;
}
