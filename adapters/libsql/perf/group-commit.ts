/**
 * Group commit for the hot writes (bet placement, rate-limit counters) on an embedded database.
 *
 * Each write is still all-or-nothing on its own: its statements run between `SAVEPOINT` and
 * `RELEASE`, and a statement that fails (a guard, a CHECK, a trigger's RAISE(ABORT)) rolls back that
 * write alone with `ROLLBACK TO` and rejects only its caller. What is shared is the transaction:
 * every write queued during one turn of the event loop runs in one `BEGIN IMMEDIATE ... COMMIT`, so
 * the cost of a commit (the WAL frames of every touched page, the lock round trip) is paid once for
 * the group instead of once per bet. A caller is answered only after the COMMIT, so an acknowledged
 * write is durable exactly as before; a crash before the COMMIT loses the whole group, none of it
 * acknowledged. Writes run in the order they were queued, so a later write sees the earlier ones
 * (the same serial order the database would give separate transactions).
 *
 * The flush is synchronous on the one connection (the embedded driver is synchronous anyway), so no
 * other statement of this process can run inside the group's transaction. If a failure ends the
 * whole transaction (which our RAISE(ABORT) guards never do, but SQLITE_FULL or an I/O error would),
 * every write not yet refused is retried alone in its own transaction.
 */
import type { InStatement, ResultSet } from "@libsql/client";
import { executeSync, isBusy, type ConnectionSource, type SyncConnection } from "./embedded-client.ts";

interface Pending {
  statements: InStatement[];
  resolve(results: ResultSet[]): void;
  reject(e: unknown): void;
}

export interface GroupCommitStats {
  /** Transactions committed (one per group). */
  groups: number;
  /** Writes committed. */
  writes: number;
  /** Writes refused by one of their statements (rolled back alone). */
  refused: number;
  /** The largest group so far. */
  largest: number;
  /** Times a group found the writer lock held by another connection and waited. */
  busyWaits: number;
}

export const MAX_GROUP = 128;

export interface GroupCommitOptions {
  /** How long a group waits for another connection's writer before its callers get SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** How often a waiting group tries again. */
  retryEveryMs?: number;
}

export class GroupCommitter {
  private readonly source: ConnectionSource;
  private readonly busyTimeoutMs: number;
  private readonly retryEveryMs: number;
  private queue: Pending[] = [];
  /** A flush is scheduled, running, or waiting for another writer: write() only queues. */
  private pending = false;
  /** Since when the writer lock has been held by another connection (another process). */
  private busySince: number | null = null;
  readonly stats: GroupCommitStats = { groups: 0, writes: 0, refused: 0, largest: 0, busyWaits: 0 };

  constructor(source: ConnectionSource, opts: GroupCommitOptions = {}) {
    this.source = source;
    this.busyTimeoutMs = opts.busyTimeoutMs ?? 5000;
    this.retryEveryMs = opts.retryEveryMs ?? 1;
  }

  /** Queue one all-or-nothing write; resolves with its statements' results once committed. */
  write(statements: InStatement[]): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ statements, resolve, reject });
      if (!this.pending) {
        this.pending = true;
        // After the current turn's callbacks, so the requests arriving together share a commit.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    let db: SyncConnection;
    try {
      db = await this.source.acquire();
    } catch (e) {
      for (const p of this.queue.splice(0, MAX_GROUP)) p.reject(e);
      this.next(0);
      return;
    }
    let waitMs = 0;
    try {
      const begun = this.begin(db);
      if (typeof begun === "object") {
        // Another process holds the writer lock (its own group, or a checkpoint emptying the log).
        // Wait on a timer rather than in SQLite's busy handler, which would stop this thread - and
        // every request it serves - for as long as the other writer takes. Writes queued meanwhile
        // join this group.
        this.stats.busyWaits++;
        const now = Date.now();
        this.busySince ??= now;
        if (now - this.busySince < this.busyTimeoutMs) waitMs = this.retryEveryMs;
        else {
          this.busySince = null;
          for (const p of this.queue.splice(0, MAX_GROUP)) p.reject(begun.error);
        }
      } else if (begun === "begun") {
        this.busySince = null;
        const group = this.queue.splice(0, MAX_GROUP);
        try {
          this.commitGroup(db, group);
        } catch (e) {
          // Something outside any write failed (a SAVEPOINT, a ROLLBACK): nobody may wait forever.
          // The pool rolls back what is still open; rejecting an answered caller changes nothing.
          for (const p of group) p.reject(e);
        }
      } // "failed": begin() has rejected the callers
    } finally {
      this.source.release(db);
    }
    this.next(waitMs);
  }

  /** Flush again if anything is queued (after `waitMs` when waiting for another writer). */
  private next(waitMs: number) {
    if (this.queue.length === 0) this.pending = false;
    else if (waitMs > 0) setTimeout(() => void this.flush(), waitMs);
    else setImmediate(() => void this.flush());
  }

  /**
   * BEGIN IMMEDIATE without SQLite's busy handler (busy_timeout 0 for this one statement), so a
   * lock held elsewhere comes back at once as "busy" instead of sleeping on this thread.
   */
  private begin(db: SyncConnection): "begun" | "failed" | { error: unknown } {
    try {
      executeSync(db, "PRAGMA busy_timeout = 0");
      try {
        executeSync(db, "BEGIN IMMEDIATE");
        return "begun";
      } finally {
        executeSync(db, `PRAGMA busy_timeout = ${this.busyTimeoutMs}`);
      }
    } catch (e) {
      if (isBusy(e)) return { error: e };
      // The pool rolls back a transaction left open before the connection is used again.
      for (const p of this.queue.splice(0, MAX_GROUP)) p.reject(e);
      return "failed";
    }
  }

  /** Synchronous from BEGIN (already run) to COMMIT: nothing else of this process runs in between. */
  private commitGroup(db: SyncConnection, group: Pending[]) {
    const done: { p: Pending; results: ResultSet[] }[] = [];
    const refused: { p: Pending; error: unknown }[] = [];
    let lost = false;
    for (const p of group) {
      if (lost) break;
      executeSync(db, "SAVEPOINT grouped_write");
      try {
        const results = p.statements.map((s) => executeSync(db, s));
        executeSync(db, "RELEASE grouped_write");
        done.push({ p, results });
      } catch (e) {
        refused.push({ p, error: e });
        if (db.inTransaction) {
          executeSync(db, "ROLLBACK TO grouped_write");
          executeSync(db, "RELEASE grouped_write");
        } else lost = true;
      }
    }
    if (!lost) {
      try {
        executeSync(db, "COMMIT");
      } catch {
        lost = true;
        if (db.inTransaction) executeSync(db, "ROLLBACK");
      }
    }
    if (lost) {
      // The transaction is gone, so nothing of this group was committed: each write again, alone.
      this.retryAlone(db, group);
      return;
    }
    this.stats.groups++;
    this.stats.writes += done.length;
    this.stats.refused += refused.length;
    this.stats.largest = Math.max(this.stats.largest, group.length);
    for (const { p, results } of done) p.resolve(results);
    for (const { p, error } of refused) p.reject(error);
  }

  private retryAlone(db: SyncConnection, group: Pending[]) {
    for (const p of group) {
      try {
        executeSync(db, "BEGIN IMMEDIATE");
        const results = p.statements.map((s) => executeSync(db, s));
        executeSync(db, "COMMIT");
        this.stats.groups++;
        this.stats.writes++;
        p.resolve(results);
      } catch (e) {
        if (db.inTransaction) executeSync(db, "ROLLBACK");
        this.stats.refused++;
        p.reject(e);
      }
    }
  }
}
