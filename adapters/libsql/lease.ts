/**
 * A named lease in the shared database: among several processes only the holder runs the leased
 * work (the demo feed, schedulers). Acquiring and renewing are one conditional upsert: it succeeds
 * when nobody holds the lease, when this holder already does, or when the holder's lease expired
 * (a crashed process hands over after `ttlMs`).
 */
import type { Client } from "@libsql/client";

import type { Leadership } from "../../domain/ports/leadership.ts";
export type { Leadership };

export class DatabaseLease implements Leadership {
  readonly holder: string;
  private readonly client: Client;
  private readonly name: string;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(client: Client, opts: { name: string; holder: string; ttlMs: number; now?: () => number }) {
    this.client = client;
    this.name = opts.name;
    this.holder = opts.holder;
    this.ttlMs = opts.ttlMs;
    this.now = opts.now ?? Date.now;
  }

  async tryAcquire(): Promise<boolean> {
    const now = this.now();
    const rs = await this.client.execute({
      sql: `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
            ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
            WHERE leases.holder = excluded.holder OR leases.expires_at <= ?`,
      args: [this.name, this.holder, now + this.ttlMs, now],
    });
    return rs.rowsAffected === 1;
  }

  async release(): Promise<void> {
    await this.client.execute({ sql: "DELETE FROM leases WHERE name = ? AND holder = ?", args: [this.name, this.holder] });
  }
}
