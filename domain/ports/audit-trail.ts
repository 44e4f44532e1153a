/** The audit trail, as the operators read it. */
import type { AuditEntry } from "../shared/types.ts";

export interface AuditFilter {
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
