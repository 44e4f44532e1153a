/**
 * The customer's CREATE CONTEST form (a private contest with an invite code), checked before the
 * lineup step: the same bounds the server enforces (entry fee 0.00 to 1000.00, 2 to 100 entries,
 * a start at least 5 minutes and at most 30 days away).
 */
import { parseAmountToCents } from "../../../../domain/shared/money.ts";
import { toLocalInput } from "../../lib/local-time.ts";

export const PRIVATE_RULES = { maxFeeCents: 100_000, minEntries: 2, maxEntries: 100, defaultEntries: 10, minLeadMs: 5 * 60_000, maxLeadMs: 30 * 86_400_000 } as const;

export type PrivateForm = { sportId: string; name: string; entryFee: string; maxEntries: string; startTime: string };
export type PrivateTerms = { sportId: string; name: string; entryFee: number; maxEntries: number; startTime: string };
type Key = keyof PrivateForm;

/** A Date as a `datetime-local` value in local time (lib/local-time.ts). */
export { toLocalInput };

/** Defaults: 10 entries, free, starting on the next full hour at least an hour away. */
export function emptyPrivateForm(sportId: string, now: Date): PrivateForm {
  const start = new Date(now.getTime() + 60 * 60_000);
  start.setMinutes(0, 0, 0);
  if (start.getTime() - now.getTime() < 60 * 60_000) start.setHours(start.getHours() + 1);
  return { sportId, name: "", entryFee: "0", maxEntries: String(PRIVATE_RULES.defaultEntries), startTime: toLocalInput(start) };
}

export function checkPrivateForm(f: PrivateForm, now: Date): { ok: true; value: PrivateTerms } | { ok: false; errors: Partial<Record<Key, string>> } {
  const errors: Partial<Record<Key, string>> = {};
  if (!f.sportId) errors.sportId = "Choose a sport";
  const name = f.name.trim();
  if (!name) errors.name = "Name your contest";
  else if (name.length > 80) errors.name = "At most 80 characters";
  const fee = parseAmountToCents(f.entryFee);
  if (fee === null || fee > PRIVATE_RULES.maxFeeCents) errors.entryFee = "Entry fee must be from $0.00 to $1,000.00";
  const max = /^\d{1,4}$/.test(f.maxEntries.trim()) ? Number(f.maxEntries.trim()) : null;
  if (max === null || max < PRIVATE_RULES.minEntries || max > PRIVATE_RULES.maxEntries) errors.maxEntries = "From 2 to 100 entries";
  const startMs = f.startTime ? Date.parse(f.startTime) : NaN;
  if (!Number.isFinite(startMs)) errors.startTime = "Choose a start time";
  else if (startMs - now.getTime() < PRIVATE_RULES.minLeadMs) errors.startTime = "Start at least 5 minutes from now";
  else if (startMs - now.getTime() > PRIVATE_RULES.maxLeadMs) errors.startTime = "Start within 30 days";
  if (Object.keys(errors).length || fee === null || max === null) return { ok: false, errors };
  return { ok: true, value: { sportId: f.sportId, name, entryFee: fee, maxEntries: max, startTime: new Date(startMs).toISOString() } };
}

/** The link that opens the builder for a private contest with its code filled in. */
export function inviteLink(origin: string, contestId: string, code: string): string {
  return `${origin}/fantasy?join=${encodeURIComponent(contestId)}&code=${encodeURIComponent(code)}`;
}

/** Reads an invite link (or "contestId code") back into its parts; null when it is neither. */
export function parseInvite(text: string): { contestId: string; code: string } | null {
  const t = text.trim();
  try {
    const url = new URL(t);
    const contestId = url.searchParams.get("join");
    const code = url.searchParams.get("code");
    if (contestId && code) return { contestId, code: code.toUpperCase() };
  } catch {
    /* not a URL */
  }
  return null;
}
