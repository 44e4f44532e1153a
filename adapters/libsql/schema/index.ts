/**
 * The database schema (drizzle, SQLite dialect for libSQL), one file per context: a typed map of
 * what the hand-written migrations build, and what `drizzle-kit generate` drafts a migration from.
 * Adapters do not query through it (plain SQL). Money columns are integer cents; odds columns are
 * integer thousandths. Invariants the database enforces are CHECKs here and triggers in the
 * migrations (named in triggers.ts). adapters/libsql/schema.test.ts keeps this equal to a migrated
 * database.
 */
export * from "./users.ts";
export * from "./catalog.ts";
export * from "./betting.ts";
export * from "./wallet.ts";
export * from "./responsible.ts";
export * from "./fantasy.ts";
export * from "./fraud.ts";
export * from "./tasks.ts";
export * from "./trading.ts";
export * from "./system.ts";
export * from "./ledger-audit.ts";
export * from "./controls.ts";
