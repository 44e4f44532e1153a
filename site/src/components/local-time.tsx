/**
 * An instant on a page: the words from site/src/lib/local-time.ts inside a <time> that keeps the
 * exact ISO instant in dateTime (and as the hover title), so a back-office table's "26 Nov, 17:16"
 * still carries the exact, sortable value. A missing or unreadable value is the plain placeholder.
 */
import { formatLocal, toInstant, type DateInput, type LocalStyle } from "../lib/local-time.ts";

export function LocalTime({ value, style = "stamp", empty }: { value: DateInput; style?: LocalStyle; empty?: string }) {
  const text = formatLocal(value, style, empty === undefined ? {} : { empty });
  const at = style === "calendar" ? null : toInstant(value);
  if (!at) return <>{text}</>;
  const iso = at.toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}
