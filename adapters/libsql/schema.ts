/** The database schema, one file per context in schema/ (drizzle.config.ts and imports keep pointing here). */
export * from "./schema/index.ts";
