/**
 * Rosters and lineups: which positions a sport's roster needs, and whether a lineup fills it
 * under the salary cap. Pure; the entry use cases call `checkLineup` before writing anything.
 *
 * A lineup is a list of player ids in any order. It is valid when it has exactly one player per
 * roster slot, no player twice, only players of the contest's sport, nobody ruled out injured,
 * every slot filled by an eligible player (players are matched to slots, so a running back can
 * fill RB or FLEX), and the total salary is at most the cap.
 */
import { domainError, type DomainError } from "../shared/result.ts";
import type { FantasyPlayerRecord, RosterSlot } from "./types.ts";

/** Without settings, a sport gets six UTIL slots (any position) under a 50,000 cap. */
export const DEFAULT_SALARY_CAP = 50_000;
export const DEFAULT_ROSTER: RosterSlot[] = Array.from({ length: 6 }, () => ({ slot: "UTIL", eligible: [] }));

/** The distinct positions named by a roster, in order of first appearance ([] = any position). */
export function positionsOf(roster: readonly RosterSlot[]): string[] {
  const out: string[] = [];
  for (const s of roster) for (const p of s.eligible) if (!out.includes(p)) out.push(p);
  return out;
}

/** Whether a player's position can be in a lineup for this roster at all. */
export function positionAllowed(roster: readonly RosterSlot[], position: string): boolean {
  return roster.some((s) => s.eligible.length === 0 || s.eligible.includes(position));
}

const fits = (slot: RosterSlot, position: string) => slot.eligible.length === 0 || slot.eligible.includes(position);

/**
 * Match players to slots (slots in roster order, players in lineup order; a free player first,
 * else an augmenting path), so specific slots fill before flexible ones listed after them. Returns the player index for each
 * slot, or null for slots no remaining player can fill.
 */
export function assignSlots(roster: readonly RosterSlot[], positions: readonly string[]): (number | null)[] {
  const slotOf: (number | null)[] = positions.map(() => null);
  const playerOf: (number | null)[] = roster.map(() => null);
  const tryAssign = (slot: number, seen: boolean[]): boolean => {
    // A free player first, so nobody already placed moves without need ...
    for (let p = 0; p < positions.length; p++) {
      if (seen[p] || slotOf[p] !== null || !fits(roster[slot], positions[p])) continue;
      seen[p] = true;
      slotOf[p] = slot;
      playerOf[slot] = p;
      return true;
    }
    // ... else move a placed player to another slot it fits (an augmenting path).
    for (let p = 0; p < positions.length; p++) {
      if (seen[p] || !fits(roster[slot], positions[p])) continue;
      seen[p] = true;
      const holder = slotOf[p];
      if (holder === null || tryAssign(holder, seen)) {
        slotOf[p] = slot;
        playerOf[slot] = p;
        return true;
      }
    }
    return false;
  };
  for (let s = 0; s < roster.length; s++) tryAssign(s, positions.map(() => false));
  return playerOf;
}

export interface CheckedLineup {
  /** Player ids in roster-slot order. */
  lineup: string[];
  salaryUsed: number;
}

/**
 * Check a lineup for a contest's roster and cap. `players` are the records found for the ids
 * (missing ids are simply absent). The first rule broken is returned as a DomainError.
 */
export function checkLineup(
  input: { lineup: readonly string[]; roster: readonly RosterSlot[]; salaryCap: number; sportId: string },
  players: readonly FantasyPlayerRecord[],
): { ok: true; value: CheckedLineup } | { ok: false; error: DomainError } {
  const { lineup, roster, salaryCap, sportId } = input;
  const fail = (e: DomainError) => ({ ok: false as const, error: e });
  if (lineup.length !== roster.length)
    return fail(
      domainError("FANTASY.LINEUP_SIZE", `A lineup needs exactly ${roster.length} players (one per roster slot); this one has ${lineup.length}`, {
        required: roster.length,
        given: lineup.length,
      }),
    );
  const dup = lineup.find((id, i) => lineup.indexOf(id) !== i);
  if (dup !== undefined) return fail(domainError("FANTASY.DUPLICATE_PLAYER", "A player can only be picked once", { playerId: dup }));
  const byId = new Map(players.map((p) => [p.id, p]));
  const missing = lineup.filter((id) => !byId.has(id));
  if (missing.length > 0)
    return fail(domainError("FANTASY.PLAYER_NOT_FOUND", "A player in the lineup does not exist", { playerIds: missing }));
  const picked = lineup.map((id) => byId.get(id)!);
  const foreign = picked.filter((p) => p.sportId !== sportId);
  if (foreign.length > 0)
    return fail(
      domainError("FANTASY.PLAYER_WRONG_SPORT", `${foreign[0].name} does not play in this contest's sport`, {
        playerIds: foreign.map((p) => p.id),
      }),
    );
  const out = picked.filter((p) => p.injuryStatus === "out");
  if (out.length > 0)
    return fail(
      domainError("FANTASY.PLAYER_OUT", `${out[0].name} is ruled out injured and cannot be picked`, { playerIds: out.map((p) => p.id) }),
    );
  const assignment = assignSlots(roster, picked.map((p) => p.position));
  const unfilled = assignment.flatMap((p, i) => (p === null ? [roster[i].slot] : []));
  if (unfilled.length > 0)
    return fail(
      domainError("FANTASY.POSITIONS_UNFILLED", `The lineup does not fill every roster slot (missing: ${unfilled.join(", ")})`, {
        unfilled,
      }),
    );
  const salaryUsed = picked.reduce((s, p) => s + p.salary, 0);
  if (salaryUsed > salaryCap)
    return fail(
      domainError("FANTASY.SALARY_CAP_EXCEEDED", `The lineup costs ${salaryUsed}, over the salary cap of ${salaryCap}`, {
        salaryUsed,
        salaryCap,
      }),
    );
  return { ok: true, value: { lineup: assignment.map((p) => picked[p!].id), salaryUsed } };
}
