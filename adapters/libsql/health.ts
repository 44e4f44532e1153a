/** The Health port over libSQL: one trivial query, timed, its failure an answer rather than an error. */
import type { Client } from "@libsql/client";
import type { DatabaseCheck, DatabaseKind, Health } from "../../domain/ports/health.ts";

export class LibsqlHealth implements Health {
  private readonly client: Client;
  private readonly kind: DatabaseKind;
  constructor(client: Client, kind: DatabaseKind) {
    this.client = client;
    this.kind = kind;
  }

  async checkDatabase(): Promise<DatabaseCheck> {
    const started = performance.now();
    let ok = true;
    try {
      await this.client.execute("SELECT 1");
    } catch {
      ok = false;
    }
    return { ok, kind: this.kind, roundTripMs: Math.round((performance.now() - started) * 100) / 100 };
  }
}
