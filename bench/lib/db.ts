/**
 * A connection of the benchmark's own to a running server's database file (its checks read what was
 * stored; the stream benchmark writes one price). The server is still writing meanwhile, so the
 * connection waits for the lock (a busy timeout, as the server's own connection has) instead of
 * failing at once with SQLITE_BUSY: a smoke run on a loaded machine failed that way.
 */
import { createClient, type Client } from "@libsql/client";

export const openServerDatabase = (dbPath: string): Client => createClient({ url: `file:${dbPath}`, concurrency: 1, timeout: 30_000 });
