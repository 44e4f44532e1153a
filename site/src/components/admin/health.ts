/** Formatting of the /api/health figures (the query itself is adminQueries.health() in lib/queries-admin.ts). */
import type { Health } from "../../../../api/schemas/admin.ts";

export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

export const DATABASE_KIND_LABEL: Record<Health["database"]["kind"], string> = {
  file: "libSQL file",
  memory: "In-memory",
  remote: "libSQL remote",
};

export function formatRoundTrip(ms: number): string {
  return ms < 0.1 ? "< 0.1 ms" : `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}
