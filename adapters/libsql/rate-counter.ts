/** Rate-limit counters in the shared database, so every instance counts the same requests. */
import type { Client } from "@libsql/client";
import type { RateCounter } from "../../domain/ports/rate-counter.ts";
import type { GroupedWrites } from "./statements.ts";

export class LibsqlRateCounter implements RateCounter {
  private readonly client: Client;
  private readonly groupCommit: GroupedWrites | undefined;
  private hits = 0;
  /** With `groupCommit`, a count shares its commit with the placements of the same moment. */
  constructor(client: Client, groupCommit?: GroupedWrites) {
    this.client = client;
    this.groupCommit = groupCommit;
  }

  async hit(bucket: string, windowStart: number): Promise<number> {
    const count = {
      sql: `INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 1)
            ON CONFLICT(bucket, window_start) DO UPDATE SET count = count + 1 RETURNING count`,
      args: [bucket, windowStart],
    };
    const rs = this.groupCommit ? (await this.groupCommit.write([count]))[0] : await this.client.execute(count);
    // Now and then, forget windows older than a day.
    if (++this.hits % 1000 === 0)
      await this.client.execute({ sql: "DELETE FROM rate_limits WHERE window_start < ?", args: [windowStart - 86_400_000] });
    return Number(rs.rows[0].count);
  }

  async forgive(bucket: string, windowStart: number): Promise<void> {
    const take = {
      sql: "UPDATE rate_limits SET count = count - 1 WHERE bucket = ? AND window_start = ? AND count > 0",
      args: [bucket, windowStart],
    };
    if (this.groupCommit) await this.groupCommit.write([take]);
    else await this.client.execute(take);
  }
}
