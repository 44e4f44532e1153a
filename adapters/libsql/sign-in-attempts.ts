/**
 * Sign-in attempts in the database, so throttling holds across server instances. A success clears
 * the count of its account from its address (failures there before it no longer count); the count
 * of an address and the account's count across strangers only age out, so signing in to one's own
 * account resets neither a spray across many accounts nor a crowd guessing at one. The addresses an
 * account is known at are those its sessions started from (sign_in_addresses, kept for good).
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

  async recentFailures(q: { email: string; ip: string | null; since: Date; accountSince: Date }) {
    const since = q.since.getTime();
    const pair = this.client.execute({
      sql: `SELECT at FROM sign_in_attempts
            WHERE email = ? AND ip IS ? AND success = 0 AND at >= ?
              AND id > COALESCE((SELECT MAX(id) FROM sign_in_attempts WHERE email = ? AND ip IS ? AND success = 1), 0)
            ORDER BY at`,
      args: [q.email, q.ip, since, q.email, q.ip],
    });
    const address =
      q.ip === null
        ? null
        : this.client.execute({
            sql: "SELECT at FROM sign_in_attempts WHERE ip = ? AND success = 0 AND at >= ? ORDER BY at",
            args: [q.ip, since],
          });
    const account = this.client.execute({
      sql: "SELECT ip, at FROM sign_in_attempts WHERE email = ? AND success = 0 AND at >= ? ORDER BY at",
      args: [q.email, q.accountSince.getTime()],
    });
    const known = this.client.execute({
      sql: "SELECT DISTINCT a.ip FROM users u JOIN sign_in_addresses a ON a.user_id = u.id WHERE u.email = ?",
      args: [q.email],
    });
    const [p, b, a, k] = await Promise.all([pair, address, account, known]);
    return {
      byPair: p.rows.map((r) => Number(r.at)),
      byAddress: b ? b.rows.map((r) => Number(r.at)) : [],
      byAccount: a.rows.map((r) => ({ ip: r.ip === null ? null : String(r.ip), at: Number(r.at) })),
      knownAddresses: k.rows.map((r) => String(r.ip)),
    };
  }
}
