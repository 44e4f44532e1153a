/** Display helpers for fantasy figures: salaries are fantasy dollars (not cents), points 2 decimals. */
import { formatLocal } from "../../lib/local-time.ts";
const whole = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });
const points = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** 7400 -> "$7,400" (a salary or salary cap, never money). */
export const formatSalary = (n: number) => `$${whole.format(n)}`;
/** 18.25 -> "18.25"; null -> "N/A". */
export const formatPoints = (n: number | null) => (n === null ? "N/A" : points.format(n));
export const formatCount = (n: number) => whole.format(n);
/** "2026-03-01" -> "1 Mar 2026" (calendar dates, no time zone shift). */
export function formatCalendarDate(d: string | null): string {
  return formatLocal(d, "calendar");
}
