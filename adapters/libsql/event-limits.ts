/**
 * The EventLimits port on libSQL (migration 0062): an event's own limit (events.liability_limit,
 * NULL = the risk_settings default) and its real-book running total (event_liability, demo = 0),
 * the figures the placement trigger checks.
 */
import type { Client } from "@libsql/client";
import type { ApprovalClaim, EventLimits, EventLimitView } from "../../domain/ports/index.ts";
import type { AuditEntry, EventStatus } from "../../domain/shared/types.ts";
import { writeLiabilityLimit } from "./approvals.ts";

/** The SQL of an event's enforced limit on alias `e`, as the placement trigger reads it. */
export const EVENT_LIMIT_SQL = (e: string) => `COALESCE(${e}.liability_limit, (SELECT value FROM risk_settings WHERE key = 'event_liability_limit'))`;
/** The SQL of an event's real-book liability on alias `e` (the running total the trigger keeps). */
const EVENT_LIABILITY_SQL = (e: string) => `COALESCE((SELECT el.worst_sum FROM event_liability el WHERE el.event_id = ${e}.id AND el.demo = 0), 0)`;

export class LibsqlEventLimits implements EventLimits {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async find(eventId: string): Promise<EventLimitView | null> {
    const rs = await this.client.execute({
      sql: `SELECT e.id, e.name, e.status, e.liability_limit, ${EVENT_LIMIT_SQL("e")} AS enforced,
              (SELECT value FROM risk_settings WHERE key = 'event_liability_limit') AS default_limit, ${EVENT_LIABILITY_SQL("e")} AS liability
            FROM events e WHERE e.id = ?`,
      args: [eventId],
    });
    const r = rs.rows[0];
    if (!r) return null;
    return {
      eventId: String(r.id),
      eventName: String(r.name),
      status: r.status as EventStatus,
      own: r.liability_limit === null ? null : Number(r.liability_limit),
      limit: Number(r.enforced),
      defaultLimit: Number(r.default_limit),
      liability: Number(r.liability),
    };
  }

  set(change: { eventId: string; limit: number | null; approval?: ApprovalClaim | null }, audit: AuditEntry) {
    return writeLiabilityLimit(this.client, "events", { id: change.eventId, limit: change.limit, approval: change.approval }, audit);
  }
}
