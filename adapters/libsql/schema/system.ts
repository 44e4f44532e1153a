/** The audit log, write assertions, leases and rate-limit counters. */
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { sql } from "drizzle-orm";

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id"),
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_entity_idx").on(t.entityType, t.entityId), index("audit_created_idx").on(t.createdAt)],
);

/**
 * Always empty: a write asserts a condition by inserting (ok) here (database.ts assertStatement);
 * the CHECK aborts the whole batch when it is false. Migration 0002; its trigger removes the row.
 */
export const writeAssertions = sqliteTable(
  "write_assertions",
  { ok: integer("ok").notNull() },
  (t) => [check("write_assertion_failed", sql`${t.ok} = 1`)],
);

/** Named leases: which process leads the work that must run once (see adapters/libsql/lease.ts). */
export const leases = sqliteTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** Rate-limit counters per bucket and fixed window (see api/middleware/rate-limit.ts). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/** Secrets the server generates once and keeps with the data (the person-key secret without PERSON_KEY_SECRET; migration 0055). */
export const serverSecrets = sqliteTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: integer("created_at").notNull(),
});
