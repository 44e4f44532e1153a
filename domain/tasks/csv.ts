/**
 * CSV (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled. Text that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) gets a leading
 * apostrophe; numbers (and negative decimal amounts such as "-5.00") are written as they are.
 */
export type CsvCell = string | number | boolean | null | undefined;

export function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  let s = v;
  if (/^[=+\-@\t\r]/.test(s) && !/^-\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Cents as a plain decimal with two places, e.g. 12345 -> "123.45", -5 -> "-0.05". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const a = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
}
