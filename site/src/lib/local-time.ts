/**
 * The one place the site turns an instant into words a customer reads: in the browser's own locale
 * and time zone (Intl.DateTimeFormat with no locale), e.g. "Thu 26 Nov, 17:16" in en-GB,
 * "Thu, Nov 26, 05:16 PM" in en-US. The API keeps ISO instants (in bodies and in error details);
 * pages call these instead of toLocale*String or a fixed "en-AU".
 */

export type LocalStyle =
  /** weekday, day, month, time; the year too when it is not this year ("until Thu 26 Nov, 17:16") */
  | "when"
  /** hours and minutes ("17:16") */
  | "time"
  /** day, month and year ("26 Nov 2026") */
  | "date"
  /** a calendar date "YYYY-MM-DD" (a date of birth, a contest day): no time zone shift ("1 Mar 1990") */
  | "calendar";

export type LocalOptions = {
  /** Tests pin these; the site leaves them out so the browser's locale and time zone apply. */
  locale?: string;
  timeZone?: string;
  /** "This year" for the "when" style (defaults to the current time). */
  now?: Date;
};

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(opts: Intl.DateTimeFormatOptions, o: LocalOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([o.locale ?? "", o.timeZone ?? "", opts]);
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(o.locale, { ...opts, ...(o.timeZone ? { timeZone: o.timeZone } : {}) });
    cache.set(key, f);
  }
  return f;
}

const yearOf = (d: Date, o: LocalOptions) => formatter({ year: "numeric" }, o).format(d);

/** An instant (ISO string, epoch ms or Date) or a calendar date in the customer's format; "—" when missing or unreadable. */
export function formatLocal(value: string | number | Date | null | undefined, style: LocalStyle = "when", o: LocalOptions = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  if (style === "calendar") {
    const m = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
    if (!m) return "—";
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return formatter({ day: "numeric", month: "short", year: "numeric" }, { ...o, timeZone: "UTC" }).format(d);
  }
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "—";
  if (style === "time") return formatter({ hour: "2-digit", minute: "2-digit" }, o).format(d);
  if (style === "date") return formatter({ day: "numeric", month: "short", year: "numeric" }, o).format(d);
  const withYear = yearOf(d, o) !== yearOf(o.now ?? new Date(), o);
  return formatter(
    { weekday: "short", day: "numeric", month: "short", ...(withYear ? { year: "numeric" } : {}), hour: "2-digit", minute: "2-digit" },
    o,
  ).format(d);
}
