/**
 * The bet slip kept in the browser: selections, stake and bet type under a versioned
 * localStorage key, so the slip survives navigation, a reload and signing in. Pure: reading and
 * checking what was stored, and re-validating it against the server's open events on load (a
 * selection whose market closed or whose outcome vanished is removed and named; a moved price is
 * taken and remembered as changed, so the slip shows it the way it shows any price move).
 */
import type { Event } from "../../../api/schemas/events.ts";
import type { BetType, SlipSelection } from "../../../domain/betting/slip.ts";
import { MAX_SELECTIONS } from "../../../domain/betting/slip.ts";
import { oddsToMilli } from "./format.ts";

/** Bump the version when the stored shape changes: an old shape is then ignored, never misread. */
export const SLIP_STORAGE_KEY = "betpro.slip.v1";
/** A slip older than this is not restored (its prices and events are long gone). */
export const SLIP_MAX_AGE_MS = 24 * 3_600_000;

export interface StoredSlip {
  v: 1;
  savedAt: number;
  betType: BetType;
  stake: string;
  selections: SlipSelection[];
}

const BET_TYPES: readonly BetType[] = ["single", "multiple", "same_game_multi"];
const str = (v: unknown, max = 200): v is string => typeof v === "string" && v.length > 0 && v.length <= max;

function selectionOf(v: unknown): SlipSelection | null {
  const s = v as Record<string, unknown> | null;
  if (!s || typeof s !== "object") return null;
  const { id, eventId, marketId, outcomeId, eventName, marketName, selectionName, oddsMilli } = s;
  if (!str(id, 64) || !str(eventId, 64) || !str(marketId, 64) || !str(outcomeId, 64)) return null;
  if (!str(eventName) || !str(marketName) || !str(selectionName)) return null;
  if (typeof oddsMilli !== "number" || !Number.isInteger(oddsMilli) || oddsMilli <= 1000) return null;
  return { id, eventId, marketId, outcomeId, eventName, marketName, selectionName, oddsMilli };
}

export function serializeSlip(slip: { selections: readonly SlipSelection[]; betType: BetType }, stake: string, now: number): string {
  const stored: StoredSlip = { v: 1, savedAt: now, betType: slip.betType, stake, selections: [...slip.selections] };
  return JSON.stringify(stored);
}

/** What was stored, or null when nothing usable was (absent, another version, malformed, too old). */
export function parseStoredSlip(raw: string | null, now: number): StoredSlip | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const d = data as Record<string, unknown> | null;
  if (!d || typeof d !== "object" || d.v !== 1) return null;
  if (typeof d.savedAt !== "number" || now - d.savedAt > SLIP_MAX_AGE_MS || d.savedAt > now + 60_000) return null;
  if (!Array.isArray(d.selections)) return null;
  const seen = new Set<string>();
  const selections: SlipSelection[] = [];
  for (const v of d.selections.slice(0, MAX_SELECTIONS)) {
    const s = selectionOf(v);
    if (s && !seen.has(s.id)) {
      seen.add(s.id);
      selections.push(s);
    }
  }
  if (selections.length === 0) return null;
  const betType = BET_TYPES.includes(d.betType as BetType) ? (d.betType as BetType) : "single";
  const stake = typeof d.stake === "string" && d.stake.length <= 16 ? d.stake : "";
  return { v: 1, savedAt: d.savedAt, betType, stake, selections };
}

export interface Revalidated {
  /** The selections still offered, at the server's current price. */
  selections: SlipSelection[];
  /** Selection id -> the price it was stored with, for those whose price has moved since. */
  changed: Record<string, number>;
  /** Names of the selections removed because their event, market or outcome is no longer offered. */
  removedNames: string[];
}

/**
 * The stored selections checked against the open events: kept when the event is open and the
 * market is not closed and still offers the outcome (a suspended market stays: the slip waits for
 * it), at the current price; otherwise removed and named.
 */
export function revalidateStoredSlip(selections: readonly SlipSelection[], events: readonly Event[]): Revalidated {
  const byEvent = new Map(events.map((e) => [e.id, e]));
  const kept: SlipSelection[] = [];
  const changed: Record<string, number> = {};
  const removedNames: string[] = [];
  for (const s of selections) {
    const market = byEvent.get(s.eventId)?.markets.find((m) => m.id === s.marketId);
    const outcome = market && market.status !== "closed" ? market.outcomes.find((o) => o.id === s.outcomeId && !o.result) : undefined;
    const now = outcome ? oddsToMilli(outcome.odds) : 0;
    if (!outcome || !(now > 1000)) {
      removedNames.push(s.selectionName);
      continue;
    }
    if (now !== s.oddsMilli) changed[s.id] = s.oddsMilli;
    kept.push({ ...s, oddsMilli: now });
  }
  return { selections: kept, changed, removedNames };
}
