/**
 * The migrations (hand-written SQL) are the authority on the database; the drizzle schema is a
 * typed map of it that `drizzle-kit generate` drafts new migrations from. A map drawn by hand
 * drifts, so this test migrates a fresh database and compares the two both ways: every table,
 * column (name, type affinity, not-null, primary key, a default drizzle knows), index (name,
 * columns, unique, partial condition), UNIQUE constraint, foreign key and CHECK, nothing missing on
 * either side. Triggers have no drizzle form; the list in schema/triggers.ts is compared with the
 * database's instead, so a migration that adds or drops a trigger fails here until the list says so.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@libsql/client";
import { is, SQL } from "drizzle-orm";
import { getTableConfig, SQLiteSyncDialect, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { copyTemplateDatabase } from "../../tests/fixtures/template-db.ts";
import { openDatabase, type Database } from "./database.ts";
import * as schema from "./schema.ts";
import { TRIGGERS } from "./schema/triggers.ts";

const dialect = new SQLiteSyncDialect();
const tables: SQLiteTable[] = Object.values(schema as Record<string, unknown>).filter((t): t is SQLiteTable => is(t, SQLiteTable));

/** SQLite's rules for the type affinity of a declared column type, applied alike to both sides. */
function affinity(declared: string): string {
  const t = declared.toUpperCase();
  if (t.includes("INT")) return "INTEGER";
  if (/CHAR|CLOB|TEXT/.test(t)) return "TEXT";
  if (t === "" || t.includes("BLOB")) return "BLOB";
  if (/REAL|FLOA|DOUB/.test(t)) return "REAL";
  return "NUMERIC";
}

/** Outer parentheses that enclose the whole text (not "(a) OR (b)"), removed. */
function unwrap(text: string): string {
  let s = text.trim();
  for (;;) {
    if (!s.startsWith("(") || !s.endsWith(")")) return s;
    let depth = 0;
    for (let i = 0; i < s.length; i++) {
      depth += s[i] === "(" ? 1 : s[i] === ")" ? -1 : 0;
      if (depth === 0 && i < s.length - 1) return s; // the first "(" closes before the end
    }
    s = s.slice(1, -1).trim();
  }
}

/** SQL text spelled one way: no identifier quoting or table prefixes, one space, lower case, no enclosing parentheses. */
const normalSql = (text: string) =>
  unwrap(
    text
      .replace(/[`"]/g, "")
      .replace(/\b[a-z_]\w*\.(?=[a-z_])/gi, "")
      .replace(/\s+/g, " ")
      .replace(/\( /g, "(")
      .replace(/ \)/g, ")")
      .trim()
      .toLowerCase(),
  );

/** A default as SQL text, spelled one way, booleans as 0/1. */
function normalDefault(v: string): string {
  const s = normalSql(v);
  return s === "true" ? "1" : s === "false" ? "0" : s;
}

/** The text inside each CHECK (...) of a CREATE TABLE statement, named or not, table- or column-level. */
function checksOf(createTable: string): string[] {
  const out: string[] = [];
  for (const m of createTable.matchAll(/\bCHECK\s*\(/gi)) {
    let depth = 0;
    const start = m.index + m[0].length - 1;
    for (let i = start; i < createTable.length; i++) {
      depth += createTable[i] === "(" ? 1 : createTable[i] === ")" ? -1 : 0;
      if (depth === 0) {
        out.push(normalSql(createTable.slice(start, i + 1)));
        break;
      }
    }
  }
  return out;
}

/** What drizzle-kit would write as the column's DEFAULT, or null when the database has none to compare. */
function drizzleDefault(c: SQLiteColumn): string | null {
  if (!c.hasDefault || c.default === undefined) return null; // $defaultFn: filled in by the query builder, not the database
  const d: unknown = c.default;
  if (is(d, SQL)) return normalDefault(dialect.sqlToQuery(d).sql);
  if (typeof d === "boolean") return d ? "1" : "0";
  if (typeof d === "number" || typeof d === "bigint") return String(d);
  if (typeof d === "string") return `'${d.replace(/'/g, "''")}'`;
  return normalDefault(JSON.stringify(d));
}

/** An index column as the database lists it: the column's name, or "<expr>" for an expression. */
const indexColumn = (c: SQLiteColumn | SQL) => (is(c, SQL) ? "<expr>" : c.name);

type Described = Map<string, string>;

/** The drizzle schema, one line per fact, keyed so the two sides can be compared both ways. */
function fromDrizzle(): Described {
  const out: Described = new Map();
  for (const table of tables) {
    const cfg = getTableConfig(table);
    const pk = new Set<string>(cfg.columns.filter((c) => c.primary).map((c) => c.name));
    for (const p of cfg.primaryKeys) for (const c of p.columns) pk.add(c.name);
    out.set(`table ${cfg.name}`, "");
    for (const c of cfg.columns) {
      out.set(`column ${cfg.name}.${c.name}`, [
        affinity(c.getSQLType()),
        c.notNull ? "not null" : "null",
        pk.has(c.name) ? "pk" : "",
        `default ${drizzleDefault(c) ?? "-"}`,
      ].filter(Boolean).join(" "));
      if (c.isUnique) out.set(`unique ${cfg.name}(${c.name})`, "");
    }
    for (const u of cfg.uniqueConstraints) out.set(`unique ${cfg.name}(${u.columns.map((c) => c.name).join(",")})`, "");
    for (const i of cfg.indexes) {
      const { name, columns, unique, where } = i.config;
      const partial = where ? ` where ${normalSql(dialect.sqlToQuery(where).sql)}` : "";
      out.set(`index ${cfg.name}.${name}`, `(${columns.map(indexColumn).join(",")})${unique ? " unique" : ""}${partial}`);
    }
    for (const c of cfg.checks) out.set(`check ${cfg.name}: ${normalSql(dialect.sqlToQuery(c.value).sql)}`, "");
    for (const fk of cfg.foreignKeys) {
      const r = fk.reference();
      const to = getTableConfig(r.foreignTable).name;
      out.set(`foreign key ${cfg.name}(${r.columns.map((c) => c.name).join(",")})`, `${to}(${r.foreignColumns.map((c) => c.name).join(",")})`);
    }
  }
  return out;
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A partial index's condition from its CREATE INDEX text (" where ..."), or "" for a whole-table index. */
async function whereOf(client: Client, index: string): Promise<string> {
  const rs = await client.execute({ sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", args: [index] });
  const match = /\bWHERE\b([\s\S]*)$/i.exec(String(rs.rows[0]?.sql ?? ""));
  return match ? ` where ${normalSql(match[1]!.replace(/;\s*$/, ""))}` : "";
}

/** The migrated database, described in the same lines as fromDrizzle. */
async function fromDatabase(client: Client): Promise<Described> {
  const out: Described = new Map();
  const names = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
  );
  for (const { name } of names.rows) {
    const t = String(name);
    out.set(`table ${t}`, "");
    const cols = await client.execute(`PRAGMA table_info("${t}")`);
    // An INTEGER PRIMARY KEY is the rowid, never null whatever the declaration says; drizzle marks it not null.
    const pkCount = cols.rows.filter((r) => Number(r.pk) > 0).length;
    for (const r of cols.rows) {
      const isPk = Number(r.pk) > 0;
      const rowid = isPk && pkCount === 1 && String(r.type).toUpperCase() === "INTEGER";
      const dflt = str(r.dflt_value);
      out.set(`column ${t}.${r.name}`, [
        affinity(String(r.type)),
        Number(r.notnull) === 1 || rowid ? "not null" : "null",
        isPk ? "pk" : "",
        `default ${dflt === null ? "-" : normalDefault(dflt)}`,
      ].filter(Boolean).join(" "));
    }
    const created = await client.execute({ sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", args: [t] });
    for (const c of checksOf(String(created.rows[0]?.sql ?? ""))) out.set(`check ${t}: ${c}`, "");
    const fks = await client.execute(`PRAGMA foreign_key_list("${t}")`);
    const byId = new Map<number, { from: string[]; table: string; to: string[] }>();
    for (const r of fks.rows) {
      const fk = byId.get(Number(r.id)) ?? { from: [], table: String(r.table), to: [] };
      fk.from.push(String(r.from));
      fk.to.push(String(r.to));
      byId.set(Number(r.id), fk);
    }
    for (const fk of byId.values()) out.set(`foreign key ${t}(${fk.from.join(",")})`, `${fk.table}(${fk.to.join(",")})`);
    const list = await client.execute(`PRAGMA index_list("${t}")`);
    for (const ix of list.rows) {
      if (ix.origin === "pk") continue; // the primary key, compared with the columns
      const info = await client.execute(`PRAGMA index_info("${ix.name}")`);
      const columns = info.rows.map((r) => (r.name === null ? "<expr>" : String(r.name)));
      if (ix.origin === "u") out.set(`unique ${t}(${columns.join(",")})`, "");
      else out.set(`index ${t}.${ix.name}`, `(${columns.join(",")})${Number(ix.unique) === 1 ? " unique" : ""}${await whereOf(client, String(ix.name))}`);
    }
  }
  return out;
}

/** Every line that is not the same on both sides, as "key: drizzle says X, database says Y". */
function disagreements(drizzle: Described, database: Described): string[] {
  const keys = [...new Set([...drizzle.keys(), ...database.keys()])].sort();
  return keys
    .filter((k) => drizzle.get(k) !== database.get(k))
    .map((k) => `${k}: drizzle ${drizzle.has(k) ? `"${drizzle.get(k)}"` : "has none"}, database ${database.has(k) ? `"${database.get(k)}"` : "has none"}`);
}

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "schema-test-"));
  await copyTemplateDatabase(join(dir, "schema.db"), { seed: false });
  database = await openDatabase({ url: `file:${join(dir, "schema.db")}` });
});

afterAll(() => {
  database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the drizzle schema and the migrated database", () => {
  it("describe the same tables, columns, indexes and UNIQUE constraints", async () => {
    const drizzle = fromDrizzle();
    expect(drizzle.size).toBeGreaterThan(tables.length); // the comparison below has something to compare
    expect(disagreements(drizzle, await fromDatabase(database.client))).toEqual([]);
  });

  it("list the same triggers (schema/triggers.ts), each on its table", async () => {
    const rs = await database.client.execute("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name");
    const actual = rs.rows.map((r) => `${r.tbl_name}: ${r.name}`).sort();
    const listed = Object.entries(TRIGGERS).flatMap(([table, names]) => names.map((n) => `${table}: ${n}`)).sort();
    expect(actual.length).toBeGreaterThan(0);
    expect(listed).toEqual(actual);
  });

  it("finds a disagreement when there is one (the comparison can fail)", () => {
    const drizzle = fromDrizzle();
    const changed = new Map(drizzle);
    const [first] = [...drizzle.keys()].filter((k) => k.startsWith("column "));
    changed.set(first!, "TEXT null  default -x");
    changed.delete("table users");
    changed.set("index users.extra_idx", "(email)");
    expect(disagreements(drizzle, changed)).toHaveLength(3);
  });
});

/**
 * Drizzle is the migration tool only: its migrator (database.ts) and the schema it drafts from.
 * An adapter that queried through the builder would make the schema a second description in use.
 */
const MAY_IMPORT_DRIZZLE = /^(adapters\/libsql\/database\.ts|adapters\/libsql\/schema\/[\w-]+\.ts|adapters\/libsql\/schema\.test\.ts)$/;

describe("drizzle as the migration tool only", () => {
  it("is imported by the migrator and the schema, by no adapter, route or use case", () => {
    const root = resolve(import.meta.dirname, "../..");
    const sources = ["adapters", "api", "domain", "scripts", "bench", "tests"].flatMap((d) =>
      readdirSync(join(root, d), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.includes("node_modules"))
        .map((f) => relative(root, join(root, d, f))),
    );
    expect(sources.length).toBeGreaterThan(100);
    const importers = sources.filter((f) => /from\s+["']drizzle-orm[/"']/.test(readFileSync(join(root, f), "utf8")));
    expect(importers).toContain("adapters/libsql/database.ts");
    expect(importers.filter((f) => !MAY_IMPORT_DRIZZLE.test(f))).toEqual([]);
  });
});
