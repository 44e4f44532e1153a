/**
 * Opening the database: an embedded file (default), :memory:, or a remote libSQL/Turso URL.
 * Applies the committed drizzle migrations. Writes elsewhere go through `client.batch(..., "write")`
 * so each change is one atomic write holding the single writer lock as briefly as possible.
 */
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import * as schema from "./schema.ts";
import { GroupCommitter, type GroupWrites } from "./group-commit.ts";
import { WriterThread } from "./writer-thread.ts";
import { embeddedFileClient, FILE_CONNECTION_PRAGMAS } from "./embedded-client.ts";
import { AUTOCHECKPOINT_PAGES, DEFAULT_CHECKPOINT_INTERVAL_MS, RESTART_FRAMES, startBackgroundCheckpoints, type BackgroundCheckpoints } from "./checkpointer.ts";
import { databaseKind, type DatabaseKind } from "./statements.ts";
export { databaseKind, type DatabaseKind };

export type Db = LibSQLDatabase<typeof schema>;

export interface Database {
  client: Client;
  db: Db;
  kind: DatabaseKind;
  /**
   * Group commit for the hot writes (adapters/libsql/group-commit.ts), on a plain embedded file
   * only; absent for :memory:, remote and replica databases, where each write is its own batch.
   */
  groupCommit?: GroupWrites;
  /** The writer thread doing that group commit, when asked for and running (adapters/libsql/writer-thread.ts). */
  writerThread?: WriterThread | null;
  /**
   * The background checkpoints, when asked for and running (adapters/libsql/checkpointer.ts): on the
   * writer thread when there is one, else on a thread of their own.
   */
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
  /** Group-commit the hot writes on a thread of their own (servers; plain embedded files only). */
  writerThread?: boolean;
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
  const embedded = kind === "file" && !opts.syncUrl ? embeddedFileClient(url.slice("file:".length), 5000) : null;
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
  if (kind === "file") {
    // WAL lets readers run beside the one writer; the busy timeout makes a second connection wait
    // for the writer instead of failing with SQLITE_BUSY.
    await client.execute("PRAGMA journal_mode = WAL");
    for (const pragma of FILE_CONNECTION_PRAGMAS) await client.execute(pragma);
  } else if (kind === "memory") {
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  const path = url.slice("file:".length);
  const autocheckpoint = (pages: number) => client.execute(`PRAGMA wal_autocheckpoint = ${pages}`).catch(() => {});
  const local = embedded ? () => new GroupCommitter(embedded.connections) : null;
  const schedule = embedded && opts.backgroundCheckpoints ? { intervalMs: DEFAULT_CHECKPOINT_INTERVAL_MS, restartFrames: RESTART_FRAMES } : undefined;
  const writerThread =
    local && opts.writerThread
      ? await WriterThread.start(path, {
          fallback: local,
          // The writer thread runs the background checkpoints itself: one thread fewer.
          checkpoints: schedule,
          // If it dies, this connection writes, and checkpoints in its commits again.
          onStopped: () => void (schedule && autocheckpoint(AUTOCHECKPOINT_PAGES)),
        })
      : null;
  const groupCommit = writerThread ?? local?.();
  let checkpoints: BackgroundCheckpoints | null = null;
  if (schedule && writerThread) {
    await autocheckpoint(0);
    checkpoints = {
      async stop() {
        await writerThread.close();
        await autocheckpoint(AUTOCHECKPOINT_PAGES);
      },
    };
  } else if (schedule) checkpoints = await startBackgroundCheckpoints(client, path, schedule.intervalMs, schedule.restartFrames);
  return {
    client,
    db,
    kind,
    groupCommit,
    writerThread,
    checkpoints,
    close: () => {
      void checkpoints?.stop();
      void writerThread?.close();
      client.close();
    },
  };
}

// Statement helpers live apart, so a module that needs them (the fraud scan's thread) does not load drizzle.
export { ASSERTION_FAILED, assertStatement, constraintOf } from "./statements.ts";
