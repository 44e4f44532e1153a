/**
 * The one-password-check-per-account slot, as a row of the `leases` table (0017) named
 * `password-check:<account>`: taking it is one conditional upsert that succeeds only when nobody
 * holds it or the holder's time ran out (a process that died mid-check); giving it back deletes
 * the row if it is still ours.
 */
import type { Client } from "@libsql/client";
import type { PasswordCheckGate } from "../../domain/ports/index.ts";

const name = (account: string) => `password-check:${account}`;

export class LibsqlPasswordChecks implements PasswordCheckGate {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async tryBegin(q: { account: string; holder: string; now: Date; until: Date }): Promise<boolean> {
    const rs = await this.client.execute({
      sql: `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
            ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
            WHERE leases.expires_at <= ?`,
      args: [name(q.account), q.holder, q.until.getTime(), q.now.getTime()],
    });
    return rs.rowsAffected === 1;
  }

  async end(q: { account: string; holder: string }): Promise<void> {
    await this.client.execute({ sql: "DELETE FROM leases WHERE name = ? AND holder = ?", args: [name(q.account), q.holder] });
  }
}
