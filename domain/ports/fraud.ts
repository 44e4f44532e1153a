/** Fraud records: what the rules read, the alerts, monitoring records and risk profiles they store. */
import type { Reach } from "../shared/reach.ts";
import type { AuditEntry, User } from "../shared/types.ts";
import type { FraudAlertType, FraudSeverity } from "../fraud/alert-types.ts";
import type { RiskLevel } from "../shared/risk-level.ts";

export type FraudAlertStatus = "open" | "investigating" | "resolved";

/**
 * How an operator resolved an alert: `confirmed` (real fraud) or `false_positive` give each rule
 * its precision; `resolved` is the spec's unclassified resolution (and the default).
 */
export type FraudResolution = "confirmed" | "false_positive" | "resolved";

/** Alerts of one rule by what became of them (for the rule's precision). */
export interface RuleOutcomeCounts {
  alertType: FraudAlertType;
  /** Open or investigating. */
  open: number;
  confirmed: number;
  falsePositives: number;
  /** Resolved without saying which (the spec's `resolved`, or before outcomes were recorded). */
  unclassified: number;
}

export interface FraudAlertRecord {
  id: string;
  userId: string;
  alertType: FraudAlertType;
  severity: FraudSeverity;
  status: FraudAlertStatus;
  description: string;
  dedupeKey: string;
  confidence: number | null;
  evidence: Record<string, unknown>;
  createdAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  notes: string | null;
  /** How it was resolved; null while open (and for alerts resolved before outcomes were recorded). */
  resolution: FraudResolution | null;
  user: { id: string; email: string; firstName: string; lastName: string };
}

export interface NewFraudAlert {
  id: string;
  userId: string;
  alertType: FraudAlertType;
  severity: FraudSeverity;
  description: string;
  dedupeKey: string;
  confidence: number | null;
  evidence: Record<string, unknown>;
  createdAt: Date;
}

export interface MonitoringRecord {
  id: string;
  userId: string;
  monitoringType: "bet_stake" | "deposit" | "withdrawal" | "deposit_bonus";
  reference: string;
  amount: number;
  riskScore: number;
  reasons: string[];
  createdAt: Date;
  user: { email: string };
}

export interface RiskProfileRecord {
  userId: string;
  riskLevel: RiskLevel;
  riskScore: number;
  factors: string[];
  lastReviewed: Date | null;
  user: { id: string; email: string; firstName: string; lastName: string; verificationLevel: string };
}

/** What the fraud rules read: see domain/fraud/rules/index.ts FraudActivity. */
export interface FraudActivitySnapshot {
  customers: { id: string; email: string; firstName: string; lastName: string; isDemo: boolean; verificationLevel: User["verificationLevel"]; createdAt: Date }[];
  bets: { id: string; userId: string; stake: number; placedAt: Date; status: string }[];
  payments: { id: string; userId: string; kind: "deposit" | "deposit_bonus" | "withdrawal" | "adjustment"; amount: number; createdAt: Date }[];
  sessions: { userId: string; ip: string | null; createdAt: Date }[];
  /** Addresses of every session started (sign_in_addresses), kept after the sessions are deleted. */
  signIns: { userId: string; ip: string | null; createdAt: Date }[];
  alerts: { dedupeKey: string; userId: string; alertType: FraudAlertType; severity: FraudSeverity; status: FraudAlertStatus }[];
}

export interface FraudRecords {
  /** Customers, and their bets, wallet payments, sessions and sign-in addresses since `since`, plus every alert's key. */
  activity(since: Date): Promise<FraudActivitySnapshot>;
  /**
   * Store one scan in one write: alerts whose dedupe key is new (others are left as they are),
   * monitoring records (rescored when already present) and risk profiles (replaced).
   */
  record(scan: {
    alerts: NewFraudAlert[];
    monitoring: Omit<MonitoringRecord, "user">[];
    profiles: { userId: string; riskLevel: RiskLevel; riskScore: number; factors: string[] }[];
    at: Date;
  }): Promise<{ alertsRaised: number; monitoringRecords: number }>;
  /** Alerts about the customers within `reach` (the demo sandbox, domain/shared/reach.ts). */
  listAlerts(filter: { since?: Date; status?: FraudAlertStatus; type?: FraudAlertType; userId?: string; limit: number; reach: Reach }): Promise<FraudAlertRecord[]>;
  findAlert(id: string): Promise<FraudAlertRecord | null>;
  /** Resolve an open or investigating alert with its audit record, in one write; false if it is not (or no longer) open. */
  resolve(change: { id: string; resolution: FraudResolution; notes: string; by: string; at: Date }, audit: AuditEntry): Promise<boolean>;
  /** Every rule's alerts counted by outcome (open, confirmed, false positive, unclassified). */
  outcomesByRule(): Promise<RuleOutcomeCounts[]>;
  /** An operator's flag: a manual alert and its audit record in one write. */
  raise(alert: NewFraudAlert, audit: AuditEntry): Promise<void>;
  monitoring(filter: { since: Date; userId?: string; minRiskScore: number; limit: number; reach: Reach }): Promise<MonitoringRecord[]>;
  profiles(limit: number, reach: Reach): Promise<RiskProfileRecord[]>;
}
