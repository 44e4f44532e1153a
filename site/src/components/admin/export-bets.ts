/** Export Reports: the all-bets data as a CSV file, built in the browser. Money as decimal units. */
import type { AdminBet } from "../../../../api/schemas/bets.ts";

const COLUMNS: [string, (b: AdminBet) => string | number | null][] = [
  ["bet_id", (b) => b.id],
  ["placed_at", (b) => b.placedAt],
  ["customer_name", (b) => b.customerName],
  ["customer_email", (b) => b.customerEmail],
  ["user_id", (b) => b.userId],
  ["bet_type", (b) => b.betType],
  ["legs", (b) => b.legs.length],
  ["event", (b) => (b.betType === "multiple" ? b.legs.map((l) => l.eventName).join(" | ") : b.eventName)],
  ["market", (b) => (b.betType === "multiple" ? b.legs.map((l) => l.marketName).join(" | ") : b.marketName)],
  ["selection", (b) => (b.betType === "multiple" ? b.legs.map((l) => `${l.selectionName} @ ${l.odds}`).join(" | ") : b.selectionName)],
  ["odds", (b) => b.odds],
  ["stake", (b) => cents(b.amount)],
  ["potential_return", (b) => cents(b.potentialReturn)],
  ["actual_return", (b) => (b.actualReturn === null ? "" : cents(b.actualReturn))],
  ["status", (b) => b.status],
  ["settled_at", (b) => b.settledAt ?? ""],
  ["risk_level", (b) => b.riskProfile.riskLevel],
  ["risk_score", (b) => b.riskProfile.riskScore],
];

function cents(v: number): string {
  const sign = v < 0 ? "-" : "";
  const abs = Math.abs(v);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Quote every text cell; neutralise leading = + - @ so spreadsheets do not run it as a formula. */
function cell(v: string | number | null): string {
  if (v === null) return "";
  if (typeof v === "number" || /^-?\d+(\.\d+)?$/.test(v)) return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function betsToCsv(bets: AdminBet[]): string {
  const header = COLUMNS.map(([name]) => name).join(",");
  const rows = bets.map((b) => COLUMNS.map(([, get]) => cell(get(b))).join(","));
  return [header, ...rows].join("\r\n") + "\r\n";
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

export function exportFilename(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `bets-report-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.csv`;
}
