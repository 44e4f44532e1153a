/** The reads of the back office's reports and views: bet counts, bets and audit records in a period, closing lines. */
import type { Reach } from "../shared/reach.ts";
import type { AuditEntry, BetRecord } from "../shared/types.ts";

export interface Reports {
  /** Bets placed on each event since `since` (count). */
  recentBetCounts(eventIds: readonly string[], since: Date): Promise<Map<string, number>>;
  /** Bets placed in a period with their legs, for reports. */
  betsBetween(from: Date, to: Date, reach: Reach): Promise<(BetRecord & { customer: { email: string } })[]>;
  /** Legs on live or finished events: the odds taken and the closing price (the outcome's price at the event's start). */
  closingLines(reach: Reach): Promise<{ userId: string; betId: string; oddsMilli: number; closingMilli: number; settled: boolean }[]>;
  /** Audit records in a period (regulatory report). */
  auditBetween(from: Date, to: Date, limit: number): Promise<AuditEntry[]>;
}
