/** The risk settings an admin edits on the settings screen (domain/approvals/risk-settings.ts). */
import type { AuditEntry } from "../shared/types.ts";
import type { ApprovalClaim } from "./approvals.ts";

/** The four-eyes thresholds and the event limit default: every one is looser when higher. */
export const GOVERNED_SETTINGS = ["approval_money_threshold", "approval_bonus_threshold", "approval_limit_threshold", "event_liability_limit"] as const;
export type GovernedSetting = (typeof GOVERNED_SETTINGS)[number];

export interface RiskSettings {
  /** The current value of each governed setting (cents). */
  governed(): Promise<Record<GovernedSetting, number>>;
  /** Write one setting with its audit record (and the approval it was applied under). */
  setGoverned(change: { key: GovernedSetting; value: number; approval?: ApprovalClaim | null }, audit: AuditEntry): Promise<"set" | "approval_decided">;
}
