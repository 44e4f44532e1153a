/**
 * Age from a date of birth on a given day (UTC calendar). Someone born on 29 February turns a
 * year older on 1 March in non-leap years.
 */
export const MINIMUM_AGE = 18;

/** Parses YYYY-MM-DD into its parts when it is a real calendar date, else null. */
export function parseCalendarDate(s: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between the date of birth and `on`, or null for a date that is not a real date. */
export function ageOn(dateOfBirth: string, on: Date): number | null {
  const dob = parseCalendarDate(dateOfBirth);
  if (!dob) return null;
  const y = on.getUTCFullYear();
  const m = on.getUTCMonth() + 1;
  const d = on.getUTCDate();
  let age = y - dob.year;
  if (m < dob.month || (m === dob.month && d < dob.day)) age -= 1;
  return age;
}

/** True when the person is at least 18 on `on`; a date of birth in the future is never adult. */
export function isAdultOn(dateOfBirth: string, on: Date): boolean {
  const age = ageOn(dateOfBirth, on);
  return age !== null && age >= MINIMUM_AGE;
}
