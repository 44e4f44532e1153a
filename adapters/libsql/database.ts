/**
 * Opening the database: an embedded file (default), :memory:, or a remote libSQL/Turso URL.
 * Applies the committed migrations (hand-written SQL; drizzle's migrator only runs them and keeps
 * its journal). This is where the performance path is chosen: a plain embedded file gets the
 * client, group commit and checkpointer of ./perf/; everything else, and a file opened with
 * `plain`, gets the stock @libsql/client, which the adapters use the same way, in plain SQL.
 * Writes go through `client.batch(..., "write")` so each change is one atomic write holding the
 * single writer lock as briefly as possible.
 */
import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { embeddedFileClient, GroupCommitter, startBackgroundCheckpoints, type BackgroundCheckpoints } from "./perf/index.ts";
import { databaseKind, type DatabaseKind } from "./statements.ts";
export { databaseKind, type DatabaseKind };

export interface Database {
  client: Client;
  kind: DatabaseKind;
  /**
   * Group commit for the hot writes (adapters/libsql/perf/group-commit.ts), on an embedded file
   * only; absent for :memory:, remote, replica and `plain` databases, where each write is its own batch.
   */
  groupCommit?: GroupCommitter;
  /** The background checkpointer, when asked for and running (adapters/libsql/perf/checkpointer.ts). */
  checkpoints?: BackgroundCheckpoints | null;
  close(): void;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export async function openDatabase(opts: {
  url: string;
  authToken?: string;
  syncUrl?: string;
  syncIntervalSeconds?: number;
  /** Checkpoint the WAL from a worker thread instead of inside commits (servers; embedded files only). */
  backgroundCheckpoints?: boolean;
  /**
   * The stock @libsql/client for an embedded file too: none of ./perf/ (no kept statements, no
   * group commit, no background checkpoints). Tests run the adapters over this path beside the
   * other one (tests/contract/harness.ts), so both keep giving the same answers.
   */
  plain?: boolean;
}): Promise<Database> {
  const kind = databaseKind(opts.url);
  const url = kind === "memory" ? ":memory:" : opts.url;
  if (kind === "file") {
    const path = url.slice("file:".length);
    await mkdir(dirname(path), { recursive: true });
  }
  // An embedded replica: a local file that syncs from the remote primary (syncUrl) and sends its
  // writes there. Without syncUrl a file URL is a plain embedded database.
  // One connection per process: the PRAGMAs below (foreign keys, synchronous) are per connection,
  // and a pooled second connection would silently lack them. Calls are synchronous on this thread
  // anyway, and no code holds an interactive transaction. `timeout` is the busy timeout: a write
  // waits up to 5 s for another process's writer instead of failing with SQLITE_BUSY.
  const embedded = kind === "file" && !opts.syncUrl && !opts.plain ? embeddedFileClient(url.slice("file:".length), 5000) : null;
  const client =
    embedded
      ? embedded.client
      : createClient({
          url,
          concurrency: 1,
          timeout: 5000,
          authToken: opts.authToken || undefined,
          ...(opts.syncUrl ? { syncUrl: opts.syncUrl, syncInterval: opts.syncIntervalSeconds ?? 1 } : {}),
        });
  if (kind !== "remote") {
    // WAL lets readers run beside the one writer; the busy timeout makes a second connection wait
    // for the writer instead of failing with SQLITE_BUSY.
    if (kind === "file") await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA synchronous = NORMAL");
    // Read pages through a memory map instead of a read() per page missing from SQLite's small
    // default cache: placement runs ~25% faster and its p99 halves (docs/benchmarks.md). Writes
    // still go through the WAL; the map is address space, filled only by pages actually read.
    if (kind === "file") await client.execute("PRAGMA mmap_size = 268435456");
    // When the log starts over after a burst of writes, cut the file back to 64 MiB.
    if (kind === "file") await client.execute("PRAGMA journal_size_limit = 67108864");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  await migrate(drizzle(client), { migrationsFolder });
  const groupCommit = embedded ? new GroupCommitter(embedded.connections) : undefined;
  const checkpoints = embedded && opts.backgroundCheckpoints ? await startBackgroundCheckpoints(client, url.slice("file:".length)) : null;
  return {
    client,
    kind,
    groupCommit,
    checkpoints,
    close: () => {
      void checkpoints?.stop();
      client.close();
    },
  };
}

// Statement helpers live apart, so a module that needs them (the fraud scan's thread) does not load drizzle.
export { ASSERTION_FAILED, assertStatement, constraintOf } from "./statements.ts";
