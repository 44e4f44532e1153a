/** The admin console's users: lists, stats, suspension, staff accounts, activity. */
import type { Reach } from "../shared/reach.ts";
import type { AuditEntry, BetRecord, User } from "../shared/types.ts";
import type { RiskLevel } from "../shared/risk-level.ts";
import type { SuspensionCategory } from "../accounts/suspension.ts";

/** A user as the admin console lists them: the user, their wallet balance and risk profile. */
export interface AdminUserRecord extends User {
  /** Wallet balance in cents, or null for staff without a wallet. */
  balance: number | null;
  riskLevel: RiskLevel;
  riskScore: number;
}

export interface AdminUserFilter {
  search?: string;
  status?: "active" | "suspended";
  /** verified = full; basic = basic; pending = basic or pending; rejected = none or rejected. */
  kyc?: "verified" | "basic" | "pending" | "rejected";
  role?: User["role"];
  /** Whose accounts (the demo sandbox, domain/shared/reach.ts). */
  reach: Reach;
}

export interface UserActivityRecord {
  audit: (AuditEntry & { relation: "subject" | "actor" })[];
  bets: BetRecord[];
  transactions: { id: string; kind: string; amount: number; reference: string | null; createdAt: Date; createdBy: string | null }[];
  sessions: { startedAt: Date; expiresAt: Date; ip: string | null }[];
}

export interface AdminUsers {
  list(filter: AdminUserFilter): Promise<AdminUserRecord[]>;
  find(id: string): Promise<AdminUserRecord | null>;
  /** Figures over the accounts within `reach`, so they add up to what the list shows. */
  stats(reach: Reach): Promise<{ total: number; active: number; suspended: number; pendingKyc: number; highRisk: number }>;
  /**
   * Set isActive with its audit record in one write; suspending also deletes every session of the
   * user in that write. "unchanged" (nothing written) when the user already had that status.
   */
  setActive(
    /** `category`: why a suspension is made, as the customer is told it (ignored on activation). */
    change: { userId: string; isActive: boolean; category?: SuspensionCategory },
    audit: AuditEntry,
  ): Promise<{ kind: "changed"; sessionsEnded: number } | { kind: "unchanged" } | { kind: "not_found" }>;
  /** Create a staff or customer account with a password hash (customers get a wallet), audited, in one write. */
  createWithPassword(
    user: User,
    passwordHash: string,
    openWallet: boolean,
    audit: AuditEntry,
  ): Promise<"created" | "email_taken">;
  activity(userId: string, limit: number): Promise<UserActivityRecord>;
}
