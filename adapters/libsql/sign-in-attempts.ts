/**
 * Sign-in attempts in the database, so throttling holds across server instances. A success clears
 * the count for its account (failures before it no longer count); the count for an address only
 * ages out, so signing in to one's own account cannot reset a spray across many accounts.
 * Attempts older than a day are pruned in the same write as a new one.
 */
import type { Client } from "@libsql/client";
import type { SignInAttempt, SignInAttempts } from "../../domain/ports/index.ts";

const KEEP_MS = 24 * 3_600_000;

export class LibsqlSignInAttempts implements SignInAttempts {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async record(a: SignInAttempt): Promise<void> {
    await this.client.batch(
      [
        { sql: "DELETE FROM sign_in_attempts WHERE at < ?", args: [a.at.getTime() - KEEP_MS] },
        {
          sql: "INSERT INTO sign_in_attempts (email, ip, success, at) VALUES (?, ?, ?, ?)",
          args: [a.email, a.ip, a.success ? 1 : 0, a.at.getTime()],
        },
      ],
      "write",
    );
  }

  async recentFailures(q: { email: string; ip: string | null; since: Date }): Promise<{ byAccount: number[]; byAddress: number[] }> {
    const since = q.since.getTime();
    const account = this.client.execute({
      sql: `SELECT at FROM sign_in_attempts
            WHERE email = ? AND success = 0 AND at >= ?
              AND id > COALESCE((SELECT MAX(id) FROM sign_in_attempts WHERE email = ? AND success = 1), 0)
            ORDER BY at`,
      args: [q.email, since, q.email],
    });
    const address =
      q.ip === null
        ? null
        : this.client.execute({
            sql: "SELECT at FROM sign_in_attempts WHERE ip = ? AND success = 0 AND at >= ? ORDER BY at",
            args: [q.ip, since],
          });
    const [a, b] = await Promise.all([account, address]);
    return {
      byAccount: a.rows.map((r) => Number(r.at)),
      byAddress: b ? b.rows.map((r) => Number(r.at)) : [],
    };
  }
}
