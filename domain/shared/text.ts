/**
 * Which characters a name or a piece of free text may not contain. People's names, team and
 * market names, reasons, notes and task text are shown to other people (the back office, the
 * audit log, CSV exports), so they must render as what they say:
 *   - C0 and C1 control characters and DEL (a NUL, an escape sequence, a carriage return that
 *     rewrites a log line);
 *   - bidirectional formatting characters: the embeddings and overrides U+202A-U+202E, the
 *     isolates U+2066-U+2069 and the marks U+200E, U+200F, U+061C. An RIGHT-TO-LEFT OVERRIDE
 *     (U+202E) makes "Jo\u202Enhoj" display as "Jojohn" in the back office;
 *   - the line and paragraph separators U+2028, U+2029.
 * Free text may keep tab, line feed and carriage return (a note has paragraphs); a single-line
 * value (a name, a title) may not. Zero-width joiners stay allowed: some scripts and emoji need them.
 */
const BIDI_AND_SEPARATORS = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u2028\\u2029";
const UNSAFE_IN_LINE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${BIDI_AND_SEPARATORS}]`);
const UNSAFE_IN_TEXT = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_AND_SEPARATORS}]`);

export type TextKind = "line" | "text";

/** The first character `value` may not contain, as "U+XXXX", or null when it is clean. */
export function unsafeCharacter(value: string, kind: TextKind): string | null {
  const m = (kind === "line" ? UNSAFE_IN_LINE : UNSAFE_IN_TEXT).exec(value);
  return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : null;
}

export const UNSAFE_TEXT_MESSAGE = "must not contain control characters or bidirectional formatting characters (such as U+202E)";
