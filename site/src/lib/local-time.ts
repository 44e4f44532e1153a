/**
 * The one place the site turns an instant into words a customer reads: in the browser's own locale
 * and time zone (Intl.DateTimeFormat with no locale), e.g. "Thu 26 Nov, 17:16" in en-GB,
 * "Thu, Nov 26, 05:16 PM" in en-US. The API keeps ISO instants (in bodies and in error details);
 * pages call these instead of toLocale*String or a fixed "en-AU". The back office uses the same
 * formatter (one formatDate, so a date reads the same on every page): its tables show "stamp" ("26 Nov, 17:16") and keep the ISO
 * instant in the cell's <time dateTime title> (site/src/components/local-time.tsx) for an exact value.
 */

/** What a missing or unreadable date reads as, unless the caller names its own ("Never"). */
export const EMPTY_DATE = "—";

export type LocalStyle =
  /** weekday, day, month, time; the year too when it is not this year ("until Thu 26 Nov, 17:16") */
  | "when"
  /** hours and minutes ("17:16") */
  | "time"
  /** hours, minutes and seconds ("17:16:42"): a live feed where several rows share a minute */
  | "clock"
  /** day, month and time, no weekday; the year too when it is not this year ("26 Nov, 17:16"): back-office tables */
  | "stamp"
  /** day, month and year ("26 Nov 2026") */
  | "date"
  /** a calendar date "YYYY-MM-DD" (a date of birth, a contest day): no time zone shift ("1 Mar 1990") */
  | "calendar";

export type LocalOptions = {
  /** Tests pin these; the site leaves them out so the browser's locale and time zone apply. */
  locale?: string;
  timeZone?: string;
  /** "This year" for the "when" and "stamp" styles (defaults to the current time). */
  now?: Date;
  /** The text for a missing or unreadable value (default EMPTY_DATE, "—"). */
  empty?: string;
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

export type DateInput = string | number | Date | null | undefined;

/** The instant a value names, or null when it is missing or unreadable. */
export function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** An instant (ISO string, epoch ms or Date) or a calendar date in the customer's format; "—" (or o.empty) when missing or unreadable. */
export function formatLocal(value: DateInput, style: LocalStyle = "when", o: LocalOptions = {}): string {
  const empty = o.empty ?? EMPTY_DATE;
  if (value === null || value === undefined || value === "") return empty;
  if (style === "calendar") {
    const m = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
    if (!m) return empty;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return formatter({ day: "numeric", month: "short", year: "numeric" }, { ...o, timeZone: "UTC" }).format(d);
  }
  const d = toInstant(value);
  if (!d) return empty;
  if (style === "time") return formatter({ hour: "2-digit", minute: "2-digit" }, o).format(d);
  if (style === "clock") return formatter({ hour: "2-digit", minute: "2-digit", second: "2-digit" }, o).format(d);
  if (style === "date") return formatter({ day: "numeric", month: "short", year: "numeric" }, o).format(d);
  const withYear = yearOf(d, o) !== yearOf(o.now ?? new Date(), o);
  return formatter(
    {
      ...(style === "when" ? { weekday: "short" } : {}),
      day: "numeric",
      month: "short",
      ...(withYear ? { year: "numeric" } : {}),
      hour: "2-digit",
      minute: "2-digit",
    },
    o,
  ).format(d);
}

/**
 * How long ago, for a heartbeat: "just now" (under 5 s), "12 s ago", "3 min ago"; an hour or more
 * reads as the clock time ("17:16"). now defaults to the current time.
 */
export function formatAgo(value: DateInput, o: LocalOptions = {}): string {
  const d = toInstant(value);
  if (!d) return o.empty ?? EMPTY_DATE;
  const diff = Math.round(((o.now ?? new Date()).getTime() - d.getTime()) / 1000);
  if (diff < 5) return "just now";
  if (diff < 60) return `${diff} s ago`;
  if (diff < 3_600) return `${Math.floor(diff / 60)} min ago`;
  return formatLocal(d, "time", o);
}

/** A Date as the value a `datetime-local` input holds ("2026-11-21T19:30"), in the browser's time zone. */
export function toLocalInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
