/**
 * The Trading port on libSQL: trader price changes, customer stake factors and trading alerts.
 * Price changes are compare-and-set writes with their audit record; the outcomes trigger of
 * migration 0005 appends each change to price_changes in the same write.
 */
import type { Client, Row } from "@libsql/client";
import type { Trading, TradingAlertRecord } from "../../domain/ports/index.ts";
import type { AlertCandidate } from "../../domain/risk/alerts.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { oneRow } from "./rows.ts";

/** Alerts with the acknowledging user's name joined in (the desk shows who, not an id). */
const ALERTS_WITH_NAMES = `SELECT a.*, COALESCE(NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.email) AS acknowledged_by_name
  FROM trading_alerts a LEFT JOIN users u ON u.id = a.acknowledged_by`;

function toAlert(r: Row): TradingAlertRecord {
  return {
    id: String(r.id),
    key: String(r.dedupe_key),
    type: r.type as TradingAlertRecord["type"],
    severity: r.severity as TradingAlertRecord["severity"],
    message: String(r.message),
    eventId: r.event_id === null ? null : String(r.event_id),
    eventName: r.event_name === null ? null : String(r.event_name),
    marketId: r.market_id === null ? null : String(r.market_id),
    createdAt: new Date(Number(r.created_at)),
    acknowledgedAt: r.acknowledged_at === null ? null : new Date(Number(r.acknowledged_at)),
    acknowledgedBy: r.acknowledged_by === null ? null : String(r.acknowledged_by),
    acknowledgedByName: r.acknowledged_by_name === null || r.acknowledged_by_name === undefined ? null : String(r.acknowledged_by_name),
    resolvedAt: r.resolved_at === null || r.resolved_at === undefined ? null : new Date(Number(r.resolved_at)),
    resolvedBy: r.resolved_by === null || r.resolved_by === undefined ? null : String(r.resolved_by),
  };
}

export class LibsqlTrading implements Trading {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async setPrice(change: { outcomeId: string; fromMilli: number; toMilli: number; at: Date }, audit: AuditEntry) {
    try {
      await this.client.batch(
        [
          assertStatement(
            `EXISTS (SELECT 1 FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN events e ON e.id = m.event_id
                     WHERE o.id = ? AND m.status <> 'closed' AND e.status <> 'finished')`,
            [change.outcomeId],
          ),
          assertStatement("EXISTS (SELECT 1 FROM outcomes WHERE id = ? AND price_milli = ?)", [change.outcomeId, change.fromMilli]),
          {
            sql: "UPDATE outcomes SET price_milli = ?, updated_at = ? WHERE id = ? AND price_milli = ?",
            args: [change.toMilli, change.at.getTime(), change.outcomeId, change.fromMilli],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return "changed" as const;
    } catch (e) {
      if (constraintOf(e) !== ASSERTION_FAILED) throw e;
      const rs = await this.client.execute({
        sql: `SELECT m.status AS market_status, e.status AS event_status FROM outcomes o JOIN markets m ON m.id = o.market_id
              JOIN events e ON e.id = m.event_id WHERE o.id = ?`,
        args: [change.outcomeId],
      });
      const r = rs.rows[0];
      if (!r || r.market_status === "closed" || r.event_status === "finished") return "closed" as const;
      return "moved" as const;
    }
  }

  async stakeFactorOf(userId: string): Promise<number> {
    const rs = await this.client.execute(oneRow({ sql: "SELECT factor_bp FROM customer_stake_factors WHERE user_id = ?", args: [userId] }));
    return rs.rows.length === 0 ? 10_000 : Number(rs.rows[0].factor_bp);
  }

  async setStakeFactor(change: { userId: string; bp: number; at: Date; by: string }, audit: AuditEntry) {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM users WHERE id = ? AND role = 'customer')", [change.userId]),
          {
            sql: `INSERT INTO customer_stake_factors (user_id, factor_bp, updated_at, updated_by) VALUES (?, ?, ?, ?)
                  ON CONFLICT (user_id) DO UPDATE SET factor_bp = excluded.factor_bp, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
            args: [change.userId, change.bp, change.at.getTime(), change.by],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return "set" as const;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return "not_customer" as const;
      throw e;
    }
  }

  async raiseAlerts(alerts: readonly (AlertCandidate & { id: string; createdAt: Date })[]): Promise<number> {
    if (alerts.length === 0) return 0;
    const results = await this.client.batch(
      alerts.map((a) => ({
        sql: `INSERT INTO trading_alerts (id, dedupe_key, type, severity, message, event_id, event_name, market_id, created_at, subject, level)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        args: [a.id, a.key, a.type, a.severity, a.message, a.eventId, a.eventName, a.marketId, a.createdAt.getTime(), a.subject, a.level],
      })),
      "write",
    );
    return results.reduce((s, r) => s + r.rowsAffected, 0);
  }

  async listAlerts(filter: { status: "active" | "acknowledged" | "all"; limit: number }): Promise<TradingAlertRecord[]> {
    const where =
      filter.status === "active" ? "WHERE a.acknowledged_at IS NULL AND a.resolved_at IS NULL" : filter.status === "acknowledged" ? "WHERE a.acknowledged_at IS NOT NULL" : "";
    const rs = await this.client.execute({
      sql: `${ALERTS_WITH_NAMES} ${where} ORDER BY a.created_at DESC, a.rowid DESC LIMIT ?`,
      args: [filter.limit],
    });
    return rs.rows.map(toAlert);
  }

  async findAlert(id: string): Promise<TradingAlertRecord | null> {
    const rs = await this.client.execute({ sql: `${ALERTS_WITH_NAMES} WHERE a.id = ?`, args: [id] });
    return rs.rows.length === 0 ? null : toAlert(rs.rows[0]);
  }

  async acknowledgeAlert(ack: { alertId: string; by: string; at: Date }, audit: AuditEntry): Promise<boolean> {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM trading_alerts WHERE id = ? AND acknowledged_at IS NULL)", [ack.alertId]),
          {
            sql: "UPDATE trading_alerts SET acknowledged_at = ?, acknowledged_by = ? WHERE id = ? AND acknowledged_at IS NULL",
            args: [ack.at.getTime(), ack.by, ack.alertId],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return true;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED || (e instanceof Error && e.message.includes("ALERT.IMMUTABLE"))) return false;
      throw e;
    }
  }

  async activeAlertCount(): Promise<number> {
    const rs = await this.client.execute("SELECT COUNT(*) AS n FROM trading_alerts WHERE acknowledged_at IS NULL AND resolved_at IS NULL");
    return Number(rs.rows[0].n);
  }

  async openAlerts() {
    const rs = await this.client.execute("SELECT id, subject, level, event_id FROM trading_alerts WHERE resolved_at IS NULL");
    return rs.rows.map((r) => ({
      id: String(r.id),
      subject: r.subject === null ? null : String(r.subject),
      level: r.level === null ? null : Number(r.level),
      eventId: r.event_id === null ? null : String(r.event_id),
    }));
  }

  async resolveAlerts(ids: readonly string[], by: string, at: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const rs = await this.client.execute({
      sql: `UPDATE trading_alerts SET resolved_at = ?, resolved_by = ? WHERE resolved_at IS NULL AND id IN (${ids.map(() => "?").join(",")})`,
      args: [at.getTime(), by, ...ids],
    });
    return rs.rowsAffected;
  }
}
