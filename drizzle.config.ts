import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./adapters/libsql/schema.ts",
  out: "./adapters/libsql/migrations",
});
