import type { InStatement } from "@libsql/client";
import type { AuditEntry } from "../../domain/shared/types.ts";

export const auditStatement = (a: AuditEntry): InStatement => ({
  sql: `INSERT INTO audit_log (id, actor_id, actor_role, action, entity_type, entity_id, before, after, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  args: [
    a.id,
    a.actorId,
    a.actorRole,
    a.action,
    a.entityType,
    a.entityId,
    a.before === undefined ? null : JSON.stringify(a.before),
    a.after === undefined ? null : JSON.stringify(a.after),
    a.createdAt.getTime(),
  ],
});
