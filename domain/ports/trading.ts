/** Trading: prices, stake factors and the trading alerts. */
import type { AlertCandidate, AlertSeverity, AlertType } from "../risk/alerts.ts";
import type { AuditEntry } from "../shared/types.ts";

export interface TradingAlertRecord {
  id: string;
  key: string;
  type: AlertType;
  severity: AlertSeverity;
  message: string;
  eventId: string | null;
  eventName: string | null;
  marketId: string | null;
  createdAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
  /** The acknowledging user's name (first and last, else email); null when not acknowledged or the user is gone. */
  acknowledgedByName?: string | null;
  /** Cleared by the system (resolvedBy "system") when the exposure fell or the event finished. */
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

export interface Trading {
  /** Set an outcome's price if it is still `fromMilli` and its market is not closed, with the audit record. */
  setPrice(change: { outcomeId: string; fromMilli: number; toMilli: number; at: Date }, audit: AuditEntry): Promise<"changed" | "moved" | "closed">;
  /** The customer's stake factor in basis points (10000 = 100 % = no extra limit; 1 = 0.01 %). */
  stakeFactorOf(userId: string): Promise<number>;
  setStakeFactor(change: { userId: string; bp: number; at: Date; by: string }, audit: AuditEntry): Promise<"set" | "not_customer">;
  /** Store new alerts; a key already stored is skipped. Returns how many were new. */
  raiseAlerts(alerts: readonly (AlertCandidate & { id: string; createdAt: Date })[]): Promise<number>;
  listAlerts(filter: { status: "active" | "acknowledged" | "all"; limit: number }): Promise<TradingAlertRecord[]>;
  findAlert(id: string): Promise<TradingAlertRecord | null>;
  acknowledgeAlert(ack: { alertId: string; by: string; at: Date }, audit: AuditEntry): Promise<boolean>;
  activeAlertCount(): Promise<number>;
  /** Open (unresolved) alerts, for de-duplication and clearing. */
  openAlerts(): Promise<import("../risk/alerts.ts").OpenAlert[]>;
  /** Mark the given open alerts resolved by `by` at `at`; returns how many changed. */
  resolveAlerts(ids: readonly string[], by: string, at: Date): Promise<number>;
}
