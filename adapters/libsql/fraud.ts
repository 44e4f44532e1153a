/**
 * Fraud alerts, transaction monitoring and user risk profiles on libSQL. How a scan's record is
 * written and its large reads paged lives in ./fraud/scan-io.ts, the alert rows in ./fraud/rows.ts.
 */
import type { Reach } from "../../domain/shared/reach.ts";
import { inReach } from "./reach.ts";
import type {
  FraudActivitySnapshot, FraudAlertRecord, FraudAlertStatus, FraudRecords, FraudResolution, MonitoringRecord, NewFraudAlert, RiskProfileRecord, RuleOutcomeCounts,
} from "../../domain/ports/index.ts";
import type { FraudAlertType } from "../../domain/fraud/alert-types.ts";
import type { RiskLevel } from "../../domain/shared/risk-level.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./statements.ts";
import { json, dateOrNull, accountsOf, SELECT_ALERTS, toAlert, insertAlert } from "./fraud/rows.ts";
import {
  RECORD_CHUNK, ALERT_CHUNK, RECORD_PAUSE_MS, fraudWriter, upsertScores, upsertProfiles, chunks, READ_PAGE, readPaged,
} from "./fraud/scan-io.ts";
import type { FraudDatabase, FraudWrite, ProfileRow } from "./fraud/scan-io.ts";

export {
  fraudWriter, type FraudDatabase, type FraudWrite, type WrittenResult,
} from "./fraud/scan-io.ts";

export class LibsqlFraudRecords implements FraudRecords {
  private readonly d: FraudDatabase;
  private readonly write: FraudWrite;
  private readonly readPage: number;
  /** `write`: where a scan's record goes (default: this process's writer, `fraudWriter`). */
  constructor(d: FraudDatabase, write: FraudWrite = fraudWriter(d), readPage = READ_PAGE) {
    this.d = d;
    this.write = write;
    this.readPage = readPage;
  }

  async activity(since: Date): Promise<FraudActivitySnapshot> {
    const t = since.getTime();
    const c = this.d.client;
    const bets = await readPaged(
      c,
      { columns: "b.id, b.user_id, b.stake, b.status", from: "bets b JOIN users u ON u.id = b.user_id", where: "u.role = 'customer'", time: "b.placed_at", rowid: "b.rowid" },
      t,
      this.readPage,
    );
    const [customers, payments, sessions, signIns, alerts] = await Promise.all([
      c.execute("SELECT id, email, first_name, last_name, is_demo, verification_level, created_at FROM users WHERE role = 'customer'"),
      c.execute({
        sql: `SELECT tx.id, a.user_id, tx.kind, SUM(p.amount) AS amount, tx.created_at
              FROM ledger_transactions tx
              JOIN ledger_postings p ON p.transaction_id = tx.id
              JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'wallet'
              WHERE tx.kind IN ('deposit','deposit_bonus','withdrawal','adjustment') AND tx.created_at >= ?
              GROUP BY tx.id, a.user_id`,
        args: [t],
      }),
      c.execute({ sql: "SELECT user_id, ip, created_at FROM sessions WHERE created_at >= ?", args: [t] }),
      // Kept after logout or suspension deletes the sessions (migration 0020).
      c.execute({ sql: "SELECT user_id, ip, at FROM sign_in_addresses WHERE at >= ?", args: [t] }),
      // A shared-address alert's address and accounts, from its evidence: the rules raise one per
      // incident (keys with '#') and count it for every account; an older alert was raised once per
      // account, so it counts for its own account only.
      c.execute(`SELECT dedupe_key, user_id, alert_type, severity, status,
                   CASE WHEN alert_type = 'shared_address' THEN json_extract(evidence, '$.ip') END AS ip,
                   CASE WHEN alert_type = 'shared_address' AND instr(dedupe_key, '#') > 0 THEN json_extract(evidence, '$.userIds') END AS accounts
                 FROM fraud_alerts`),
    ]);
    return {
      customers: customers.rows.map((r) => ({
        id: String(r.id),
        email: String(r.email),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        isDemo: Boolean(Number(r.is_demo)),
        verificationLevel: r.verification_level as FraudActivitySnapshot["customers"][number]["verificationLevel"],
        createdAt: new Date(Number(r.created_at)),
      })),
      bets: bets.map((r) => ({
        id: String(r.id),
        userId: String(r.user_id),
        stake: Number(r.stake),
        placedAt: new Date(Number(r.t)),
        status: String(r.status),
      })),
      payments: payments.rows
        .map((r) => ({
          id: String(r.id),
          userId: String(r.user_id),
          kind: r.kind as FraudActivitySnapshot["payments"][number]["kind"],
          signed: Number(r.amount),
          createdAt: new Date(Number(r.created_at)),
        }))
        // Adjustments count only as credits (operator bonuses); debits are corrections.
        .filter((p) => p.signed !== 0 && (p.kind !== "adjustment" || p.signed > 0))
        .map(({ signed, ...p }) => ({ ...p, amount: Math.abs(signed) })),
      sessions: sessions.rows.map((r) => ({
        userId: String(r.user_id),
        ip: r.ip === null ? null : String(r.ip),
        createdAt: new Date(Number(r.created_at)),
      })),
      signIns: signIns.rows.map((r) => ({
        userId: String(r.user_id),
        ip: String(r.ip),
        createdAt: new Date(Number(r.at)),
      })),
      alerts: alerts.rows.map((r) => ({
        dedupeKey: String(r.dedupe_key),
        userId: String(r.user_id),
        alertType: r.alert_type as FraudAlertType,
        severity: r.severity as FraudAlertRecord["severity"],
        status: r.status as FraudAlertStatus,
        ...(r.ip ? { ip: String(r.ip) } : {}),
        ...(r.accounts ? { accounts: accountsOf(String(r.accounts), String(r.user_id)) } : {}),
      })),
    };
  }

  async record(scan: {
    alerts: NewFraudAlert[];
    monitoring: Omit<MonitoringRecord, "user">[];
    profiles: ProfileRow[];
    at: Date;
  }) {
    const at = scan.at.getTime();
    const alerts = scan.alerts.map((a) => insertAlert(a, true));
    const { changed, created } = await this.changedScores(scan.monitoring);
    const scores = chunks(changed, RECORD_CHUNK).map((rows) => upsertScores(rows, at));
    const profiles = chunks(scan.profiles, RECORD_CHUNK).map((rows) => upsertProfiles(rows, at));
    // A scan rescores every recent transaction (150,000 at the placement benchmark's peak): in one
    // write that held the writer for seconds and stopped every bet. The alerts go first (ALERT_CHUNK
    // per write), then the scores, then the profiles (RECORD_CHUNK rows per write), with a pause
    // between. A score that did not change is not written at all (changedScores; the upsert's WHERE
    // still keeps scored_at, when it last changed, if one changes meanwhile). Each write is all-or-nothing; a scan stopped
    // halfway is completed by the next one (alerts are keyed, scores and profiles are upserts).
    const pause = () => new Promise((resolve) => setTimeout(resolve, RECORD_PAUSE_MS));
    let alertsRaised = 0;
    for (const some of chunks(alerts, ALERT_CHUNK)) {
      alertsRaised += (await this.write(some)).reduce((n, r) => n + r.rowsAffected, 0);
      await pause();
    }
    for (const statement of [...scores, ...profiles]) {
      await this.write([statement]);
      await pause();
    }
    return { alertsRaised, monitoringRecords: created };
  }

  /**
   * The scores to write: new ones, and stored ones whose score, reasons or amount changed (`created`
   * counts the new ones). Most of a scan's rescored transactions come out as they were; comparing
   * here, with a paged read on the scan's own connection, keeps them out of the writes.
   */
  private async changedScores<M extends Omit<MonitoringRecord, "user">>(monitoring: M[]): Promise<{ changed: M[]; created: number }> {
    if (monitoring.length === 0) return { changed: monitoring, created: 0 };
    let oldest = Infinity;
    for (const m of monitoring) oldest = Math.min(oldest, m.createdAt.getTime());
    const transaction = (type: unknown, reference: unknown) => `${type}\u0000${reference}`;
    const stored = await readPaged(
      this.d.client,
      { columns: "monitoring_type, reference, amount, risk_score, reasons", from: "transaction_monitoring", time: "created_at", rowid: "rowid" },
      oldest,
      this.readPage,
    );
    const scores = new Map(stored.map((r) => [transaction(r.monitoring_type, r.reference), `${r.amount}\u0000${r.risk_score}\u0000${r.reasons}`]));
    let created = 0;
    const changed = monitoring.filter((m) => {
      const was = scores.get(transaction(m.monitoringType, m.reference));
      if (was === undefined) created++;
      return was !== `${m.amount}\u0000${m.riskScore}\u0000${JSON.stringify(m.reasons)}`;
    });
    return { changed, created };
  }

  async listAlerts(filter: { since?: Date; status?: FraudAlertStatus; type?: FraudAlertType; userId?: string; limit: number; reach: Reach }) {
    const where: string[] = [inReach(filter.reach, "f.user_id")];
    const args: (string | number)[] = [];
    if (filter.since) {
      where.push("f.created_at >= ?");
      args.push(filter.since.getTime());
    }
    if (filter.status) {
      where.push("f.status = ?");
      args.push(filter.status);
    }
    if (filter.type) {
      where.push("f.alert_type = ?");
      args.push(filter.type);
    }
    if (filter.userId) {
      where.push("f.user_id = ?");
      args.push(filter.userId);
    }
    const rs = await this.d.client.execute({
      sql: `${SELECT_ALERTS} ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
            ORDER BY CASE f.status WHEN 'open' THEN 0 WHEN 'investigating' THEN 1 ELSE 2 END,
              CASE f.severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END,
              f.created_at DESC, f.id LIMIT ?`,
      args: [...args, filter.limit],
    });
    return rs.rows.map(toAlert);
  }

  async findAlert(id: string) {
    const rs = await this.d.client.execute({ sql: `${SELECT_ALERTS} WHERE f.id = ?`, args: [id] });
    return rs.rows[0] ? toAlert(rs.rows[0]) : null;
  }

  async resolve(change: { id: string; resolution: FraudResolution; notes: string; by: string; at: Date }, audit: AuditEntry): Promise<boolean> {
    try {
      await this.d.client.batch(
        [
          {
            sql: `UPDATE fraud_alerts SET status = 'resolved', resolution = ?, resolved_at = ?, resolved_by = ?, notes = ?
                  WHERE id = ? AND status IN ('open','investigating')`,
            args: [change.resolution, change.at.getTime(), change.by, change.notes, change.id],
          },
          assertStatement("changes() = 1", []),
          auditStatement(audit),
        ],
        "write",
      );
      return true;
    } catch (e) {
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED || /FRAUD\.ALERT_NOT_OPEN/.test(String(e))) return false;
      throw e;
    }
  }

  async outcomesByRule(): Promise<RuleOutcomeCounts[]> {
    const rs = await this.d.client.execute(
      `SELECT alert_type,
         SUM(status <> 'resolved') AS open,
         SUM(status = 'resolved' AND resolution = 'confirmed') AS confirmed,
         SUM(status = 'resolved' AND resolution = 'false_positive') AS false_positives,
         SUM(status = 'resolved' AND (resolution IS NULL OR resolution = 'resolved')) AS unclassified
       FROM fraud_alerts GROUP BY alert_type ORDER BY alert_type`,
    );
    return rs.rows.map((r) => ({
      alertType: r.alert_type as FraudAlertType,
      open: Number(r.open),
      confirmed: Number(r.confirmed),
      falsePositives: Number(r.false_positives),
      unclassified: Number(r.unclassified),
    }));
  }

  async raise(alert: NewFraudAlert, audit: AuditEntry): Promise<void> {
    await this.d.client.batch([insertAlert(alert, false), auditStatement(audit)], "write");
  }

  async monitoring(filter: { since: Date; userId?: string; minRiskScore: number; limit: number; reach: Reach }): Promise<MonitoringRecord[]> {
    const args: (string | number)[] = [filter.since.getTime(), filter.minRiskScore];
    if (filter.userId) args.push(filter.userId);
    const rs = await this.d.client.execute({
      sql: `SELECT m.*, u.email FROM transaction_monitoring m JOIN users u ON u.id = m.user_id
            WHERE m.created_at >= ? AND m.risk_score >= ? AND ${inReach(filter.reach, "m.user_id")} ${filter.userId ? "AND m.user_id = ?" : ""}
            ORDER BY m.created_at DESC, m.id LIMIT ?`,
      args: [...args, filter.limit],
    });
    return rs.rows.map((r) => ({
      id: String(r.id),
      userId: String(r.user_id),
      monitoringType: r.monitoring_type as MonitoringRecord["monitoringType"],
      reference: String(r.reference),
      amount: Number(r.amount),
      riskScore: Number(r.risk_score),
      reasons: json<string[]>(r.reasons, []),
      createdAt: new Date(Number(r.created_at)),
      user: { email: String(r.email) },
    }));
  }

  async profiles(limit: number, reach: Reach): Promise<RiskProfileRecord[]> {
    const rs = await this.d.client.execute({
      sql: `SELECT p.*, u.email, u.first_name, u.last_name, u.verification_level
            FROM user_risk_profiles p JOIN users u ON u.id = p.user_id
            WHERE ${inReach(reach, "p.user_id")}
            ORDER BY p.risk_score DESC, p.last_reviewed DESC, u.email LIMIT ?`,
      args: [limit],
    });
    return rs.rows.map((r) => ({
      userId: String(r.user_id),
      riskLevel: r.risk_level as RiskLevel,
      riskScore: Number(r.risk_score),
      factors: json<string[]>(r.factors, []),
      lastReviewed: dateOrNull(r.last_reviewed),
      user: {
        id: String(r.user_id),
        email: String(r.email),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        verificationLevel: String(r.verification_level),
      },
    }));
  }
}
