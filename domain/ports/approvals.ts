/** Requests waiting for a second staff member's approval (domain/approvals; migration 0047). */
import type { AuditEntry } from "../shared/types.ts";

export type ApprovalKind = "bet_resettle" | "market_resettle" | "market_unsettle" | "market_limit" | "bonus" | "event_limit" | "risk_setting";
export type ApprovalState = "pending" | "approved" | "rejected" | "stale";

export interface ApprovalRequest {
  id: string;
  kind: ApprovalKind;
  subjectType: "bet" | "market" | "user" | "event" | "setting";
  subjectId: string;
  /** Cents: the money the change moves, or (a limit) the limit asked for. */
  amount: number;
  summary: string;
  /** The request as made (`input`) and the state it was made against (`against`), re-checked on approval. */
  payload: { input: unknown; against: Record<string, unknown> };
  state: ApprovalState;
  requestedBy: string;
  requestedByName?: string | null;
  requestedAt: Date;
  decidedBy: string | null;
  decidedByName?: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
}

/** risk_settings: above these (cents) a change is a request (docs/security.md "Four eyes"). */
export interface ApprovalThresholds {
  /** Money moved by one resettlement (a bet's, or a market's over all its bets) or unsettlement. */
  money: number;
  /** An operator's bonus. */
  bonus: number;
  /** A market's liability limit raised above this. */
  limit: number;
}

/**
 * The approval, written in the same write as the change it approves: the request moves from pending
 * to approved there, so a second approval of it (or a racing one) aborts that whole write.
 */
export interface ApprovalClaim {
  requestId: string;
  by: string;
  at: Date;
  note: string | null;
  audit: AuditEntry;
}

export interface Approvals {
  thresholds(): Promise<ApprovalThresholds>;
  /** The request and its audit record; "already_pending" when the same thing already waits (one open request per bet or market). */
  create(request: ApprovalRequest, audit: AuditEntry): Promise<"created" | "already_pending">;
  find(id: string): Promise<ApprovalRequest | null>;
  /** Newest first; pending ones oldest first. */
  list(filter: { state: ApprovalState | "all"; limit: number }): Promise<ApprovalRequest[]>;
  /** Close a pending request without applying it (rejected, or stale), audited, once. */
  close(c: { requestId: string; state: "rejected" | "stale"; by: string; at: Date; note: string | null; audit: AuditEntry }): Promise<"closed" | "already_decided">;
}
