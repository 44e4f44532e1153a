/** Export Reports: the all-bets data as a CSV file, built in the browser. Money as decimal units. */
import type { AdminBet } from "../../../../api/schemas/bets.ts";
import { centsCell, csvFilename, toCsv, type CsvColumn } from "./csv.ts";

export const BET_COLUMNS: readonly CsvColumn<AdminBet>[] = [
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
  ["stake", (b) => centsCell(b.amount)],
  ["potential_return", (b) => centsCell(b.potentialReturn)],
  ["actual_return", (b) => centsCell(b.actualReturn)],
  ["status", (b) => b.status],
  ["settled_at", (b) => b.settledAt ?? ""],
  ["risk_level", (b) => b.riskProfile.riskLevel],
  ["risk_score", (b) => b.riskProfile.riskScore],
];

export function betsToCsv(bets: readonly AdminBet[]): string {
  return toCsv(BET_COLUMNS, bets);
}

export { downloadCsv } from "./csv.ts";

export function exportFilename(now = new Date()): string {
  return csvFilename("bets-report", now);
}
