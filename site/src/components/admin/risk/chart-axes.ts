/**
 * Axis ticks for the risk monitor's charts: the time axis in the reader's local time
 * with the date where a day starts, the value axis in the chart's own units. Pure: the locale and
 * time zone can be pinned (tests), the site leaves them to the browser.
 */
import { formatLocal, type LocalOptions } from "../../../lib/local-time.ts";

export interface TimeTick {
  /** Index of the point the tick sits on. */
  index: number;
  /** Fraction 0..1 along the axis. */
  at: number;
  /** Local hours and minutes ("14:00"). */
  time: string;
  /** The local date ("26 Nov 2026") on the first tick and wherever the day changes; else null. */
  date: string | null;
}

/** Up to `count` ticks spread evenly over the points, first and last included. */
export function timeTicks(times: readonly string[], count = 5, o: LocalOptions = {}): TimeTick[] {
  const n = times.length;
  if (n === 0) return [];
  const want = Math.max(1, Math.min(count, n));
  const indexes = want === 1 ? [0] : [...new Set(Array.from({ length: want }, (_, k) => Math.round((k * (n - 1)) / (want - 1))))];
  let lastDate: string | null = null;
  return indexes.map((index) => {
    const date = formatLocal(times[index], "date", o);
    const tick = { index, at: n > 1 ? index / (n - 1) : 0, time: formatLocal(times[index], "time", o), date: date === lastDate ? null : date };
    lastDate = date;
    return tick;
  });
}

/** The value axis: `steps` + 1 evenly spaced values from 0 to max (matching the chart's quarter grid lines). */
export function valueTicks(max: number, steps = 4): { value: number; at: number }[] {
  return Array.from({ length: steps + 1 }, (_, k) => ({ value: (max * k) / steps, at: k / steps }));
}
