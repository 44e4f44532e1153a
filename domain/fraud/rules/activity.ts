/**
 * What the fraud rules read (real activity: bets, wallet payments, sign-in sessions and the durable
 * record of sign-in addresses) and what they produce (alerts, transaction-monitoring records with
 * risk scores, and user risk profiles).
 */
import type { RiskLevel } from "../../shared/risk-level.ts";
import type { VerificationLevel } from "../../shared/types.ts";
import type { FraudAlertType, FraudSeverity } from "../alert-types.ts";

export interface FraudCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isDemo: boolean;
  verificationLevel: VerificationLevel | "pending" | "rejected";
  createdAt: Date;
}
export interface BetActivity {
  id: string;
  userId: string;
  stake: number;
  placedAt: Date;
  status: string;
}
/** A wallet payment; amount is the positive size of the movement. Adjustments are credits only. */
export interface PaymentActivity {
  id: string;
  userId: string;
  kind: "deposit" | "deposit_bonus" | "withdrawal" | "adjustment";
  amount: number;
  createdAt: Date;
}
export interface SessionActivity {
  userId: string;
  ip: string | null;
  createdAt: Date;
}
export interface ExistingAlert {
  dedupeKey: string;
  userId: string;
  alertType: FraudAlertType;
  severity: FraudSeverity;
  status: "open" | "investigating" | "resolved";
  /** A shared-address alert: its address and every account it concerns (absent: userId alone). */
  ip?: string | null;
  accounts?: readonly string[];
}
export interface FraudActivity {
  /** Customers only (staff are not scored). */
  customers: FraudCustomer[];
  bets: BetActivity[];
  payments: PaymentActivity[];
  /** Sessions that exist now (deleted on logout, suspension or a password change). */
  sessions: SessionActivity[];
  /**
   * Every session started with a known address (sign-in, registration, demo login), kept for good:
   * the addresses survive the sessions, so a ring cannot hide by logging out.
   */
  signIns: SessionActivity[];
  alerts: ExistingAlert[];
}

export interface AlertCandidate {
  dedupeKey: string;
  /** The alert's subject (for an incident of several accounts, the one that completed it). */
  userId: string;
  /** Every account the alert concerns when there are several (a shared address); absent: userId alone. */
  accounts?: readonly string[];
  alertType: FraudAlertType;
  severity: FraudSeverity;
  description: string;
  /** Percent, for bonus-abuse alerts. */
  confidence: number | null;
  evidence: Record<string, unknown>;
}
export interface MonitoringCandidate {
  monitoringType: "bet_stake" | "deposit" | "withdrawal" | "deposit_bonus";
  reference: string;
  userId: string;
  amount: number;
  riskScore: number;
  reasons: string[];
  createdAt: Date;
}
export interface RiskProfileCandidate {
  userId: string;
  riskLevel: RiskLevel;
  riskScore: number;
  factors: string[];
}
