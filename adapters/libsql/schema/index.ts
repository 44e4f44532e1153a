/**
 * The database schema (drizzle, SQLite dialect for libSQL), one file per context. Money columns are
 * integer cents; odds columns are integer thousandths. Invariants the database itself enforces are
 * written as CHECKs here and as triggers in the custom migration (see migrations/*_guards.sql).
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
