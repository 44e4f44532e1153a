/** Users, their settings, follows, sign-in attempts and sessions. */
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { sql } from "drizzle-orm";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: text("role", { enum: ["admin", "customer", "trader"] }).notNull(),
    isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
    /** Written by the demo data's seed (no password, nobody registered it): within a demo staff member's reach (migration 0048). */
    isSample: integer("is_sample", { mode: "boolean" }).notNull().default(false),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    verificationLevel: text("verification_level", { enum: ["none", "basic", "full"] }).notNull().default("none"),
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    /** YYYY-MM-DD from registration (confirmed by basic verification); null for demo and seeded users. */
    dateOfBirth: text("date_of_birth"),
    /** Address confirmed by basic verification. */
    addressLine1: text("address_line1"),
    addressCity: text("address_city"),
    addressPostcode: text("address_postcode"),
    addressCountry: text("address_country"),
    /** Moved by triggers on every change to the rows that gate the customer's wagers (migration 0063). */
    wagerGateVersion: integer("wager_gate_version").notNull().default(0),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(t.email),
    index("users_sandbox_idx").on(t.isDemo, t.isSample),
    check("users_role_ck", sql`${t.role} IN ('admin','customer','trader')`),
    check("users_verification_ck", sql`${t.verificationLevel} IN ('none','basic','full')`),
  ],
);

/** A user's settings; a user without a row has the defaults (domain/accounts/settings.ts). */
export const userSettings = sqliteTable(
  "user_settings",
  {
    userId: text("user_id").primaryKey().references(() => users.id),
    oddsFormat: text("odds_format", { enum: ["decimal", "fractional", "american"] }).notNull().default("decimal"),
    priceChangePolicy: text("price_change_policy", { enum: ["refuse", "accept_higher", "accept_any"] }).notNull().default("refuse"),
    realityCheckMinutes: integer("reality_check_minutes").notNull().default(60),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    check("user_settings_odds_format_ck", sql`${t.oddsFormat} IN ('decimal','fractional','american')`),
    check("user_settings_price_policy_ck", sql`${t.priceChangePolicy} IN ('refuse','accept_higher','accept_any')`),
    check("user_settings_reality_check_ck", sql`${t.realityCheckMinutes} IN (0,30,60,90,120)`),
  ],
);

/** Teams a customer follows (their events are shown first on /betting). */
export const follows = sqliteTable(
  "follows",
  {
    userId: text("user_id").notNull().references(() => users.id),
    team: text("team").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.team] })],
);

/** Every sign-in attempt, for throttling that all server instances share. Old rows are pruned. */
export const signInAttempts = sqliteTable(
  "sign_in_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    ip: text("ip"),
    success: integer("success", { mode: "boolean" }).notNull(),
    at: integer("at").notNull(),
  },
  (t) => [
    index("sign_in_attempts_email_idx").on(t.email, t.at),
    index("sign_in_attempts_ip_idx").on(t.ip, t.at),
    index("sign_in_attempts_at_idx").on(t.at),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the opaque token in the cookie; the token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    /** The client's address when the session started; null if unknown. */
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_ip_idx").on(t.ip)],
);

/**
 * Every session started with a known address (sign-in, registration, demo login), kept after the
 * session is deleted; written by the sessions_record_address trigger, append-only (migration 0020).
 */
export const signInAddresses = sqliteTable(
  "sign_in_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").notNull().references(() => users.id),
    ip: text("ip").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [
    index("sign_in_addresses_at_idx").on(t.at),
    index("sign_in_addresses_ip_idx").on(t.ip, t.at),
    index("sign_in_addresses_user_idx").on(t.userId, t.at),
  ],
);

/** A browser's way back to its demo customer: the hash of a long-lived cookie token. */
export const demoResumes = sqliteTable("demo_resumes", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/**
 * Sessions ended by a suspension (migration 0040): a tombstone keyed by the session's id
 * (the token's hash) that tells the next request with that cookie why it no longer works. Never
 * authenticates; gone when the account is activated again, and ignored after expires_at.
 */
export const endedSessions = sqliteTable(
  "ended_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    reason: text("reason", { enum: ["suspended"] }).notNull(),
    endedAt: integer("ended_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("ended_sessions_user_idx").on(t.userId), check("ended_sessions_reason_check", sql`${t.reason} IN ('suspended')`)],
);

/**
 * Why a suspended account is suspended (migration 0056): the category the customer is shown, one
 * row per suspended account, gone when it is activated. No row reads as 'review'.
 */
export const accountSuspensions = sqliteTable(
  "account_suspensions",
  {
    userId: text("user_id").primaryKey().references(() => users.id),
    category: text("category", { enum: ["review", "payments", "security", "terms", "safer_gambling"] }).notNull(),
    suspendedAt: integer("suspended_at").notNull(),
  },
  (t) => [check("account_suspensions_category_check", sql`${t.category} IN ('review','payments','security','terms','safer_gambling')`)],
);
