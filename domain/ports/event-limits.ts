/** An event's own liability limit and its running liability (migration 0062; docs/trading.md "Event limit"). */
import type { AuditEntry, EventStatus } from "../shared/types.ts";
import type { ApprovalClaim } from "./approvals.ts";

export interface EventLimitView {
  eventId: string;
  eventName: string;
  status: EventStatus;
  /** The event's own limit (cents), or null when it takes the house default. */
  own: number | null;
  /** The limit placement enforces: its own, else the default (risk_settings event_liability_limit). */
  limit: number;
  /** The house default (risk_settings event_liability_limit). */
  defaultLimit: number;
  /** The real book's running total: the sum over its markets of each market's worst outcome liability. */
  liability: number;
}

export interface EventLimits {
  find(eventId: string): Promise<EventLimitView | null>;
  /** Set (or with null, clear back to the default) the event's own limit, with its audit record and any approval. */
  set(change: { eventId: string; limit: number | null; approval?: ApprovalClaim | null }, audit: AuditEntry): Promise<"set" | "not_found" | "approval_decided">;
}
