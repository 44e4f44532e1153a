/**
 * The governed risk settings on libSQL: the four-eyes thresholds (migration 0047) and the event limit
 * default (migration 0062), rows of risk_settings. A change is one write with its audit record and,
 * for a loosening, the approval it was applied under.
 */
import type { Client } from "@libsql/client";
import { GOVERNED_SETTINGS, type ApprovalClaim, type GovernedSetting, type RiskSettings } from "../../domain/ports/index.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { approvalRefused, approvalStatements } from "./approvals.ts";

/** What each setting is when its row is absent (the migrations insert these). */
const DEFAULTS: Record<GovernedSetting, number> = {
  approval_money_threshold: 100_000,
  approval_bonus_threshold: 50_000,
  approval_limit_threshold: 2_000_000_000,
  event_liability_limit: 500_000_000,
};

export class LibsqlRiskSettings implements RiskSettings {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async governed(): Promise<Record<GovernedSetting, number>> {
    const rs = await this.client.execute({
      sql: `SELECT key, value FROM risk_settings WHERE key IN (${GOVERNED_SETTINGS.map(() => "?").join(",")})`,
      args: [...GOVERNED_SETTINGS],
    });
    const out = { ...DEFAULTS };
    for (const r of rs.rows) out[String(r.key) as GovernedSetting] = Number(r.value);
    return out;
  }

  async setGoverned(change: { key: GovernedSetting; value: number; approval?: ApprovalClaim | null }, audit: AuditEntry) {
    try {
      await this.client.batch(
        [
          {
            sql: "INSERT INTO risk_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            args: [change.key, change.value],
          },
          ...approvalStatements(change.approval),
          auditStatement(audit),
        ],
        "write",
      );
      return "set" as const;
    } catch (e) {
      if (approvalRefused(e)) return "approval_decided" as const;
      throw e;
    }
  }
}
