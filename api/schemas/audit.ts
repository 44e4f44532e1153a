/**
 * The audit trail and the live system view. Every admin or trader
 * change writes one audit record {actor, action, entity, before, after, at}; records are
 * append-only (database triggers).
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate } from "./common.ts";

export const AuditRecord = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    actorRole: z.string(),
    actorName: z.string().nullable().openapi({ description: "The actor's full name (or email), if the actor is a user" }),
    action: z.string().openapi({ example: "market.suspend" }),
    entityType: z.string().openapi({ example: "market" }),
    entityId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    at: IsoDate,
  })
  .openapi("AuditRecord");
export type AuditRecord = z.infer<typeof AuditRecord>;

export const AuditQuery = z.object({
  actorId: z.string().max(64).optional().openapi({ param: { name: "actorId", in: "query" } }),
  entityType: z.string().max(40).optional().openapi({ param: { name: "entityType", in: "query" } }),
  entityId: z.string().max(64).optional().openapi({ param: { name: "entityId", in: "query" } }),
  action: z
    .string()
    .max(60)
    .optional()
    .openapi({ param: { name: "action", in: "query" }, description: "Exact action, or a prefix ending in '.' (e.g. 'market.')" }),
  from: z.string().datetime({ offset: true }).optional().openapi({ param: { name: "from", in: "query" }, format: "date-time" }),
  to: z.string().datetime({ offset: true }).optional().openapi({ param: { name: "to", in: "query" }, format: "date-time" }),
  limit: z.coerce.number().int().min(1).max(1000).default(200).openapi({ param: { name: "limit", in: "query" } }),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export const AuditRecords = z.array(AuditRecord).openapi("AuditRecords");

export const SystemInfo = z
  .object({
    status: z.enum(["ok", "degraded"]),
    demoMode: z.boolean(),
    databaseKind: z.enum(["file", "memory", "remote"]),
    dbRoundTripMs: z.number(),
    feed: z.object({
      running: z.boolean(),
      lastTickAt: IsoDate.nullable(),
      lagMs: z.number().nullable().openapi({ description: "Time since the feed's last tick; null when it never ticked" }),
    }),
    uptimeSeconds: z.number(),
    version: z.string(),
    serverTime: IsoDate,
    risk: z.object({
      bankrollBase: Cents.openapi({ description: "Configured base added to the house balance to make the bankroll" }),
      houseBalance: Cents,
      bankroll: Cents,
      exposureAlertPercent: z.number().openapi({ description: "Event exposure over this percent of the bankroll raises an alert (3)" }),
      defaultLiabilityLimit: Cents,
    }),
    ledgerAlarms: z
      .array(
        z.object({
          id: z.string(),
          kind: z.enum(["open_transaction", "unbalanced_transaction", "balance_mismatch"]),
          subject: z.string().openapi({ description: "The transaction or account concerned" }),
          detail: z.string(),
          firstSeenAt: IsoDate,
          lastSeenAt: IsoDate,
        }),
      )
      .openapi({ description: "Unresolved alarms of the ledger reconciliation (an unbalanced or still-open transaction, a balance that differs from its postings); empty when the ledger is sound" }),
  })
  .openapi("SystemInfo");
export type SystemInfo = z.infer<typeof SystemInfo>;
