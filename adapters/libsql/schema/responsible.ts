/** Responsible gambling and person protection: limits, exclusions, session activity, person keys, register checks. */
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { sql } from "drizzle-orm";
import { users } from "./users.ts";

/** One row per customer, limit type and period; a pending change has an effective time. */
export const responsibleLimits = sqliteTable(
  "responsible_limits",
  {
    userId: text("user_id").notNull().references(() => users.id),
    type: text("type", { enum: ["deposit", "loss"] }).notNull(),
    period: text("period", { enum: ["daily", "weekly", "monthly"] }).notNull(),
    /** The limit in force (cents); null = none. */
    amount: integer("amount"),
    /** The pending limit; null with an effective time = removal. */
    pendingAmount: integer("pending_amount"),
    pendingEffectiveAt: integer("pending_effective_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type, t.period] }),
    check("responsible_limits_type_ck", sql`${t.type} IN ('deposit','loss')`),
    check("responsible_limits_period_ck", sql`${t.period} IN ('daily','weekly','monthly')`),
    check("responsible_limits_amount_ck", sql`${t.amount} IS NULL OR ${t.amount} > 0`),
    check(
      "responsible_limits_pending_ck",
      sql`(${t.pendingEffectiveAt} IS NULL AND ${t.pendingAmount} IS NULL) OR (${t.pendingEffectiveAt} IS NOT NULL AND (${t.pendingAmount} IS NULL OR ${t.pendingAmount} > 0))`,
    ),
  ],
);

export const responsibleProfiles = sqliteTable("responsible_profiles", {
  userId: text("user_id").primaryKey().references(() => users.id),
  /** When the customer set a deposit limit or declined to, before their first deposit. */
  limitPromptAnsweredAt: integer("limit_prompt_answered_at"),
  limitPromptDeclined: integer("limit_prompt_declined", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at").notNull(),
});

/** Time-outs and self-exclusions; append-only (triggers), so none can be lifted or shortened. */
export const responsibleExclusions = sqliteTable(
  "responsible_exclusions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    kind: text("kind", { enum: ["timeout", "self_exclusion"] }).notNull(),
    startedAt: integer("started_at").notNull(),
    /** null = permanent. */
    endsAt: integer("ends_at"),
    reason: text("reason"),
    /** A self-exclusion past its end: when the customer asked to return, and when access returns (24 h later). Migration 0023. */
    returnRequestedAt: integer("return_requested_at"),
    returnAccessAt: integer("return_access_at"),
    /** Inherited from this account of the same person (null: the customer's own). */
    sourceUserId: text("source_user_id"),
  },
  (t) => [
    index("responsible_exclusions_user_idx").on(t.userId, t.endsAt),
    check("responsible_exclusions_kind_ck", sql`${t.kind} IN ('timeout','self_exclusion')`),
    check("responsible_exclusions_end_ck", sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startedAt}`),
  ],
);

/** Each sign-in session's start and last seen request (kept after sign-out) for reality-check statistics. */
export const sessionActivity = sqliteTable(
  "session_activity",
  {
    sessionId: text("session_id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    startedAt: integer("started_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
  },
  (t) => [index("session_activity_user_idx").on(t.userId, t.lastSeenAt)],
);

/**
 * Keyed hashes (HMAC-SHA256, adapters/libsql/person-keys.ts) of an account's identity (in two
 * look-alike forms), address and document, to find the same person (migrations 0023, 0055).
 */
export const personKeys = sqliteTable(
  "person_keys",
  {
    userId: text("user_id").primaryKey().references(() => users.id),
    identityKey: text("identity_key").notNull(),
    addressKey: text("address_key"),
    documentKey: text("document_key"),
    updatedAt: integer("updated_at").notNull(),
    identityUpperKey: text("identity_upper_key"),
    /** A document key from before 0055 (plain SHA-256): the number is not stored, so it cannot be recomputed. */
    legacyDocumentKey: text("legacy_document_key"),
    /** The secret and scheme the keys were made with; rows of another version are recomputed at start. */
    keyVersion: text("key_version"),
  },
  (t) => [
    index("person_keys_identity_idx").on(t.identityKey),
    index("person_keys_address_idx").on(t.addressKey),
    index("person_keys_document_idx").on(t.documentKey),
    index("person_keys_identity_upper_idx").on(t.identityUpperKey),
    index("person_keys_legacy_document_idx").on(t.legacyDocumentKey),
  ],
);

/** The national self-exclusion register's last answer for the account (cached for a short time). */
export const registerChecks = sqliteTable("register_checks", {
  userId: text("user_id").primaryKey().references(() => users.id),
  listed: integer("listed", { mode: "boolean" }).notNull(),
  checkedAt: integer("checked_at").notNull(),
  reference: text("reference"),
});

/** The last refused verification attempt; removed when a level is reached. */
export const verificationRejections = sqliteTable("verification_rejections", {
  userId: text("user_id").primaryKey().references(() => users.id),
  step: text("step").notNull(),
  reason: text("reason").notNull(),
  rejectedAt: integer("rejected_at").notNull(),
});

/** Operators' responsible-gambling contacts with customers; append-only (triggers). */
export const rgInteractions = sqliteTable(
  "rg_interactions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    operatorId: text("operator_id").notNull().references(() => users.id),
    channel: text("channel", { enum: ["phone", "email", "chat", "in_app", "letter"] }).notNull(),
    summary: text("summary").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("rg_interactions_user_idx").on(t.userId, t.createdAt),
    index("rg_interactions_at_idx").on(t.createdAt),
    check("rg_interactions_channel_ck", sql`${t.channel} IN ('phone','email','chat','in_app','letter')`),
  ],
);
