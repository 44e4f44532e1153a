/** Grading legs of bets that stay pending, and resettling a bet. */
import type { AuditEntry, DeadHeat } from "../shared/types.ts";
import type { LedgerTransaction } from "../wallet/ledger.ts";
import type { ApprovalClaim } from "./approvals.ts";

export interface ResettlementPlan {
  betId: string;
  /** The bet's resettlement counter as read; the write is refused if it changed meanwhile. */
  fromCount: number;
  fromStatus: "won" | "lost" | "void";
  status: "won" | "lost" | "void";
  actualReturn: number;
  legResults: { legId: string; result: "won" | "lost" | "void" }[];
  settledAt: Date;
  settledBy: string;
  correction: LedgerTransaction | null;
  /** Four eyes: the approval it applies, decided in this write. */
  approval?: ApprovalClaim | null;
  audit: AuditEntry;
}

export interface Settlements {
  /** Leg results of a bet that stays pending (a multiple waiting for its other legs); "not_pending" if it settled meanwhile. */
  gradeLegs(betId: string, legResults: { legId: string; result: "won" | "lost" | "void"; deadHeat?: DeadHeat | null }[]): Promise<"graded" | "not_pending">;
  resettlementCount(betId: string): Promise<number | null>;
  /** New status, return and leg results, the correcting postings and the audit record, in one write. */
  resettle(plan: ResettlementPlan): Promise<"resettled" | "conflict" | "insufficient_funds" | "approval_decided">;
}
