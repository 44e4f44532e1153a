/**
 * Which characters a name or a piece of free text may not contain. People's names, team and
 * market names, reasons, notes and task text are shown to other people (the back office, the
 * audit log, CSV exports), so they must render as what they say:
 *   - C0 and C1 control characters and DEL (a NUL, an escape sequence, a carriage return that
 *     rewrites a log line);
 *   - every format character (Unicode category Cf) but the two joiners: the bidirectional
 *     embeddings, overrides, isolates and marks (a RIGHT-TO-LEFT OVERRIDE makes "Jo\u202Enhoj"
 *     display as "Jojohn"), and the invisible ones: zero width space U+200B, word joiner U+2060,
 *     the byte order mark U+FEFF, the soft hyphen U+00AD, the tag characters U+E0000-U+E007F and
 *     the rest. "Ja\u200Bmes" looks like "James" on every screen but is another string, so a
 *     second account could sit beside the first under the same visible name;
 *   - the Hangul fillers U+115F, U+1160, U+3164, U+FFA0: letters by category, blank on screen;
 *   - the line and paragraph separators U+2028, U+2029.
 * Free text may keep tab, line feed and carriage return (a note has paragraphs); a single-line
 * value (a name, a title) may not. ZERO WIDTH JOINER and NON-JOINER (U+200D, U+200C) stay
 * allowed: Indic and Arabic-script spellings and emoji sequences need them.
 */
const INVISIBLE = "\\p{Cf}\\u115f\\u1160\\u3164\\uffa0\\u2028\\u2029";
const JOINERS = "\\u200c\\u200d";
const UNSAFE_IN_LINE = new RegExp(`(?![${JOINERS}])[\\u0000-\\u001f\\u007f-\\u009f${INVISIBLE}]`, "u");
const UNSAFE_IN_TEXT = new RegExp(`(?![${JOINERS}])[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${INVISIBLE}]`, "u");

export type TextKind = "line" | "text";

/** The first character `value` may not contain, as "U+XXXX", or null when it is clean. */
export function unsafeCharacter(value: string, kind: TextKind): string | null {
  const m = (kind === "line" ? UNSAFE_IN_LINE : UNSAFE_IN_TEXT).exec(value);
  return m ? `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}` : null;
}

export const UNSAFE_TEXT_MESSAGE =
  "must not contain control characters, invisible or formatting characters (such as U+200B or U+202E) or Hangul fillers";
