/** The audit trail, as the operators read it. */
import type { Reach } from "../shared/reach.ts";
import type { AuditEntry } from "../shared/types.ts";

export interface AuditFilter {
  /**
   * The demo sandbox: demo staff read only what demo and sample accounts did; real staff read the
   * whole trail (what demo staff did included: that is the oversight).
   */
  reach?: Reach;
  actorId?: string;
  entityType?: string;
  entityId?: string;
  /** Exact action, or a prefix when it ends in '.'. */
  action?: string;
  from?: Date;
  to?: Date;
  limit: number;
}

export interface AuditTrail {
  list(filter: AuditFilter): Promise<(AuditEntry & { actorName: string | null })[]>;
}
