/**
 * CSV export of what a screen shows, built in the browser. Money columns are written as decimal
 * units (cents / 100, two decimals); text cells are quoted and formula-like text is neutralised.
 */
export type CsvValue = string | number | boolean | null | undefined;
export type CsvColumn<T> = readonly [header: string, get: (row: T) => CsvValue];

/** Integer cents as "1234.50" (no grouping, no currency sign, so spreadsheets read a number). */
export function centsCell(v: number | null | undefined): string {
  if (v === null || v === undefined) return "";
  const sign = v < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(v));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Quote every text cell; neutralise leading = + - @ so spreadsheets do not run it as a formula. */
export function csvCell(v: CsvValue): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  if (/^-?\d+(\.\d+)?$/.test(v)) return v;
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const header = columns.map(([name]) => csvCell(name)).join(",");
  const body = rows.map((r) => columns.map(([, get]) => csvCell(get(r))).join(","));
  return [header, ...body].join("\r\n") + "\r\n";
}

export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob([csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** "odds-2026-11-21-0930.csv" */
export function csvFilename(prefix: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}

/** Build and download in one call; returns the number of data rows written. */
export function exportCsv<T>(prefix: string, columns: readonly CsvColumn<T>[], rows: readonly T[]): number {
  downloadCsv(csvFilename(prefix), toCsv(columns, rows));
  return rows.length;
}
