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
import { executeSync, type ConnectionSource, type SyncConnection } from "./embedded-client.ts";

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
}

export const MAX_GROUP = 128;

export class GroupCommitter {
  private readonly source: ConnectionSource;
  private queue: Pending[] = [];
  private scheduled = false;
  readonly stats: GroupCommitStats = { groups: 0, writes: 0, refused: 0, largest: 0 };

  constructor(source: ConnectionSource) {
    this.source = source;
  }

  /** Queue one all-or-nothing write; resolves with its statements' results once committed. */
  write(statements: InStatement[]): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ statements, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the current turn's callbacks, so the requests arriving together share a commit.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const group = this.queue.splice(0, MAX_GROUP);
    if (this.queue.length > 0) setImmediate(() => void this.flush());
    else this.scheduled = false;
    let db: SyncConnection;
    try {
      db = await this.source.acquire();
    } catch (e) {
      for (const p of group) p.reject(e);
      return;
    }
    try {
      this.commitGroup(db, group);
    } catch (e) {
      // Something outside any write failed (a SAVEPOINT, a ROLLBACK): nobody may wait forever.
      // The pool rolls back what is still open; rejecting an answered caller changes nothing.
      for (const p of group) p.reject(e);
    } finally {
      this.source.release(db);
    }
  }

  /** Synchronous from BEGIN to COMMIT: nothing else of this process runs in between. */
  private commitGroup(db: SyncConnection, group: Pending[]) {
    const done: { p: Pending; results: ResultSet[] }[] = [];
    const refused: { p: Pending; error: unknown }[] = [];
    try {
      executeSync(db, "BEGIN IMMEDIATE");
    } catch (e) {
      for (const p of group) p.reject(e);
      return;
    }
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
