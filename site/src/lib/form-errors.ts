/** The server's refusals as a form shows them: a message, and per-field messages for a 400. */
import { ApiError } from "./api.ts";
import { exclusionRefusalText } from "./exclusion-words.ts";
import { formatDateTime } from "./format.ts";

/** details.fields of a REQUEST.INVALID refusal as field path -> message (first message per field). */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const fields = (err.details as { fields?: { path?: unknown; message?: unknown }[] } | null)?.fields;
  const out: Record<string, string> = {};
  if (!Array.isArray(fields)) return out;
  for (const f of fields) {
    if (typeof f?.path === "string" && typeof f.message === "string" && !(f.path in out)) out[f.path] = f.message;
  }
  return out;
}

const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/** The API keeps ISO times in its messages; the customer reads them in their own format ("Thu 26 Nov, 17:16"). */
export const readableTimes = (message: string): string => message.replace(ISO_TIME, (iso) => formatDateTime(iso));

/** The message to show for any failure: a time-out or exclusion in words with its dates, else the server's own message (times made readable), or the network error. */
export function errorMessage(err: unknown, fallback = "Something went wrong"): string {
  if (err instanceof ApiError) return exclusionRefusalText(err.code, err.details) ?? (err.message ? readableTimes(err.message) : fallback);
  if (err instanceof Error && err.message) return err.message === "Failed to fetch" ? "The server could not be reached" : err.message;
  return fallback;
}

/** "2 minutes" / "45 seconds" for a Retry-After value. */
export function retryText(seconds: number): string {
  if (seconds >= 90) return `${Math.ceil(seconds / 60)} minutes`;
  if (seconds >= 60) return "1 minute";
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}
