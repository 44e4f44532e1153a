import type { Client, InStatement } from "@libsql/client";
import { inReach } from "./reach.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import type { AuditFilter, AuditTrail } from "../../domain/ports/index.ts";

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

/**
 * Many audit records in one statement (their order kept): the rows as one JSON array read by
 * json_each, so the statement's text and its one argument do not grow with the number of records.
 */
export const auditManyStatement = (entries: readonly AuditEntry[]): InStatement => ({
  sql: `INSERT INTO audit_log (id, actor_id, actor_role, action, entity_type, entity_id, before, after, created_at)
        SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8
        FROM json_each(?) j ORDER BY j.key`,
  args: [
    JSON.stringify(
      entries.map((a) => [
        a.id, a.actorId, a.actorRole, a.action, a.entityType, a.entityId,
        a.before === undefined ? null : JSON.stringify(a.before),
        a.after === undefined ? null : JSON.stringify(a.after),
        a.createdAt.getTime(),
      ]),
    ),
  ],
});

/** The AuditTrail port: audit records with filters, newest first, with the actor's name. */
export class LibsqlAuditTrail implements AuditTrail {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async list(filter: AuditFilter): Promise<(AuditEntry & { actorName: string | null })[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (filter.actorId) (where.push("a.actor_id = ?"), args.push(filter.actorId));
    if (filter.reach === "sandbox") where.push(`a.actor_id IS NOT NULL AND ${inReach("sandbox", "a.actor_id")}`);
    if (filter.entityType) (where.push("a.entity_type = ?"), args.push(filter.entityType));
    if (filter.entityId) (where.push("a.entity_id = ?"), args.push(filter.entityId));
    if (filter.action) {
      if (filter.action.endsWith(".")) (where.push("substr(a.action, 1, ?) = ?"), args.push(filter.action.length, filter.action));
      else (where.push("a.action = ?"), args.push(filter.action));
    }
    if (filter.from) (where.push("a.created_at >= ?"), args.push(filter.from.getTime()));
    if (filter.to) (where.push("a.created_at <= ?"), args.push(filter.to.getTime()));
    const rs = await this.client.execute({
      sql: `SELECT a.*, u.first_name, u.last_name, u.email FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
            ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY a.created_at DESC, a.rowid DESC LIMIT ?`,
      args: [...args, filter.limit],
    });
    const parse = (v: unknown): unknown => (v === null || v === undefined ? null : (JSON.parse(String(v)) as unknown));
    return rs.rows.map((r) => ({
      id: String(r.id),
      actorId: r.actor_id === null ? null : String(r.actor_id),
      actorRole: String(r.actor_role),
      action: String(r.action),
      entityType: String(r.entity_type),
      entityId: String(r.entity_id),
      before: parse(r.before),
      after: parse(r.after),
      createdAt: new Date(Number(r.created_at)),
      actorName:
        r.email === null || r.email === undefined
          ? null
          : `${String(r.first_name ?? "")} ${String(r.last_name ?? "")}`.trim() || String(r.email),
    }));
  }
}
