/** Calendar helpers for forms (local dates as YYYY-MM-DD, as date inputs use them). */

const pad = (n: number) => String(n).padStart(2, "0");

/** The latest date of birth that is 18 today, as YYYY-MM-DD (29 Feb becomes 28 Feb). */
export function latestAdultBirthDate(today = new Date()): string {
  const y = today.getFullYear() - 18;
  const m = today.getMonth() + 1;
  const d = m === 2 && today.getDate() === 29 ? 28 : today.getDate();
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** A YYYY-MM-DD date input as the ISO instant of that local midnight (or of the next day's, for an exclusive end). */
export function localDayToIso(day: string, endOfDay = false): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (endOfDay ? 1 : 0));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
