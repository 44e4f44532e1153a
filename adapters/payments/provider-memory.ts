/**
 * The simulated provider's memory in the table simulated_provider_operations (migration 0022) of
 * our database: a stand-in for the provider's own records that survives our process dying. The
 * first record for a (kind, reference) wins (INSERT ... ON CONFLICT DO NOTHING), so two requests
 * racing with one idempotency key get one outcome.
 */
import type { Client, Row } from "@libsql/client";
import type { ProviderAnswer, ProviderOperation, ProviderReversal } from "../../domain/ports/payment-provider.ts";
import type { ProviderMemory, ProviderRecord } from "./simulated-provider.ts";

const answerOf = (r: Row): ProviderAnswer =>
  Number(r.approved) === 1
    ? { approved: true, providerReference: String(r.provider_reference) }
    : { approved: false, providerReference: r.provider_reference === null ? null : String(r.provider_reference), reason: String(r.reason) };

export class LibsqlProviderMemory implements ProviderMemory {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async remember(r: ProviderRecord): Promise<ProviderAnswer> {
    const [, rs] = await this.client.batch([
      {
        sql: `INSERT INTO simulated_provider_operations (kind, reference, method, amount, approved, provider_reference, reason, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, reference) DO NOTHING`,
        args: [r.kind, r.reference, r.method, r.amount, r.answer.approved ? 1 : 0, r.answer.providerReference, r.answer.approved ? null : r.answer.reason, Date.now()],
      },
      { sql: "SELECT * FROM simulated_provider_operations WHERE kind = ? AND reference = ?", args: [r.kind, r.reference] },
    ], "write");
    return answerOf(rs.rows[0]);
  }

  async recall(kind: ProviderOperation, reference: string): Promise<ProviderAnswer | null> {
    const rs = await this.client.execute({ sql: "SELECT * FROM simulated_provider_operations WHERE kind = ? AND reference = ?", args: [kind, reference] });
    return rs.rows[0] ? answerOf(rs.rows[0]) : null;
  }

  /** Reversals after the fact in simulated_provider_reversals (migration 0037); the first record wins. */
  async rememberReversal(kind: "charge" | "payout", reference: string, r: ProviderReversal): Promise<ProviderReversal> {
    const [, rs] = await this.client.batch([
      {
        sql: "INSERT INTO simulated_provider_reversals (kind, reference, reason, reversed_at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, reference) DO NOTHING",
        args: [kind, reference, r.reason, r.at.getTime()],
      },
      { sql: "SELECT reason, reversed_at FROM simulated_provider_reversals WHERE kind = ? AND reference = ?", args: [kind, reference] },
    ], "write");
    return { reason: String(rs.rows[0].reason), at: new Date(Number(rs.rows[0].reversed_at)) };
  }

  async recallReversal(kind: "charge" | "payout", reference: string): Promise<ProviderReversal | null> {
    const rs = await this.client.execute({ sql: "SELECT reason, reversed_at FROM simulated_provider_reversals WHERE kind = ? AND reference = ?", args: [kind, reference] });
    const r = rs.rows[0];
    return r ? { reason: String(r.reason), at: new Date(Number(r.reversed_at)) } : null;
  }
}
