/**
 * Bring the latest drizzle snapshot up to date with adapters/libsql/schema without a migration:
 * `drizzle-kit generate` against an empty temp folder writes the whole schema as a snapshot (no
 * rename questions: there is nothing to rename from), and that snapshot is stored as the snapshot
 * of the last migration in the journal, chained after the snapshot before it. Migrations here are
 * hand-written SQL (docs/architecture.md), so the snapshots only keep `drizzle-kit generate`
 * quiet: afterwards it reports "No schema changes".
 *
 *   node scripts/drizzle-snapshot.mjs
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";

const root = new URL("..", import.meta.url).pathname;
const meta = join(root, "adapters/libsql/migrations/meta");
const out = mkdtempSync(join(tmpdir(), "drizzle-snapshot-"));
const config = join(root, `drizzle.snapshot-${process.pid}.config.ts`); // beside node_modules, so it resolves drizzle-kit
writeFileSync(config, `import { defineConfig } from "drizzle-kit";
export default defineConfig({ dialect: "sqlite", schema: "./adapters/libsql/schema.ts", out: ${JSON.stringify(out)} });
`);
try {
  execFileSync("npx", ["drizzle-kit", "generate", "--config", config], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const fresh = JSON.parse(readFileSync(join(out, "meta/0000_snapshot.json"), "utf8"));
  const journal = JSON.parse(readFileSync(join(meta, "_journal.json"), "utf8"));
  const last = String(journal.entries.at(-1).idx).padStart(4, "0");
  const target = `${last}_snapshot.json`;
  const existing = readdirSync(meta).filter((f) => f.endsWith("_snapshot.json")).sort();
  const previous = existing.filter((f) => f < target).at(-1);
  const prevId = previous ? JSON.parse(readFileSync(join(meta, previous), "utf8")).id : "00000000-0000-0000-0000-000000000000";
  const id = existing.includes(target) ? JSON.parse(readFileSync(join(meta, target), "utf8")).id : randomUUID();
  const { version, dialect, ...rest } = fresh;
  delete rest.id;
  delete rest.prevId;
  writeFileSync(join(meta, target), JSON.stringify({ version, dialect, id, prevId, ...rest }, null, 2) + "\n");
  console.log(`${target}: ${Object.keys(fresh.tables).length} tables, after ${previous ?? "nothing"}`);
} finally {
  rmSync(config, { force: true });
  rmSync(out, { recursive: true, force: true });
}
