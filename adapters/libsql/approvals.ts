/**
 * The Approvals port on libSQL (migration 0047): requests, their thresholds from risk_settings, and
 * the statements that approve a request inside the write of the change it approves
 * (`approvalStatements`), which the adapters of those changes append to their own batch. The
 * database decides each request once (trigger approval_requests_decide_once) and never by the
 * person who asked (CHECK approval_requests_four_eyes_ck).
 */
import type { Client, InStatement, Row } from "@libsql/client";
import type { ApprovalClaim, ApprovalRequest, Approvals, ApprovalThresholds } from "../../domain/ports/index.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";

/** What each threshold is when its risk_settings row is absent (the migration inserts these). */
const DEFAULTS: ApprovalThresholds = { money: 100_000, bonus: 50_000, limit: 2_000_000_000 };

/** The request moves to approved in the caller's write; nothing else may decide it meanwhile. */
export function approvalStatements(claim: ApprovalClaim | null | undefined): InStatement[] {
  if (!claim) return [];
  return [
    {
      // No "WHERE state = 'pending'": a decided request must abort the write (the trigger), not be skipped.
      sql: "UPDATE approval_requests SET state = 'approved', decided_by = ?, decided_at = ?, decision_note = ? WHERE id = ?",
      args: [claim.by, claim.at.getTime(), claim.note, claim.requestId],
    },
    auditStatement(claim.audit),
  ];
}

/** Did a write fail because its approval was already decided, or approved by the person who asked? */
export function approvalRefused(e: unknown): boolean {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.includes("APPROVAL.ALREADY_DECIDED") || msg.includes("approval_requests_four_eyes_ck");
}

/**
 * A liability limit written on one row of `table` (an event's or a market's), with the approval it
 * claims and its audit entry, in one write: "not_found" when the row is absent, "approval_decided"
 * when someone else decided the request first.
 */
export async function writeLiabilityLimit(
  client: Client,
  table: "events" | "markets",
  change: { id: string; limit: number | null; approval?: ApprovalClaim | null },
  audit: AuditEntry,
): Promise<"set" | "not_found" | "approval_decided"> {
  try {
    await client.batch(
      [
        assertStatement(`EXISTS (SELECT 1 FROM ${table} WHERE id = ?)`, [change.id]),
        { sql: `UPDATE ${table} SET liability_limit = ? WHERE id = ?`, args: [change.limit, change.id] },
        ...approvalStatements(change.approval),
        auditStatement(audit),
      ],
      "write",
    );
    return "set";
  } catch (e) {
    if (approvalRefused(e)) return "approval_decided";
    if (constraintOf(e) === ASSERTION_FAILED) return "not_found";
    throw e;
  }
}

const NAMED = `SELECT a.*,
  COALESCE(NULLIF(TRIM(rq.first_name || ' ' || rq.last_name), ''), rq.email) AS requested_by_name,
  COALESCE(NULLIF(TRIM(dc.first_name || ' ' || dc.last_name), ''), dc.email) AS decided_by_name
  FROM approval_requests a LEFT JOIN users rq ON rq.id = a.requested_by LEFT JOIN users dc ON dc.id = a.decided_by`;

function fromRow(r: Row): ApprovalRequest {
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: String(r.id),
    kind: r.kind as ApprovalRequest["kind"],
    subjectType: r.subject_type as ApprovalRequest["subjectType"],
    subjectId: String(r.subject_id),
    amount: Number(r.amount),
    summary: String(r.summary),
    payload: JSON.parse(String(r.payload)) as ApprovalRequest["payload"],
    state: r.state as ApprovalRequest["state"],
    requestedBy: String(r.requested_by),
    requestedByName: str(r.requested_by_name),
    requestedAt: new Date(Number(r.requested_at)),
    decidedBy: str(r.decided_by),
    decidedByName: str(r.decided_by_name),
    decidedAt: r.decided_at === null || r.decided_at === undefined ? null : new Date(Number(r.decided_at)),
    decisionNote: str(r.decision_note),
  };
}

export class LibsqlApprovals implements Approvals {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async thresholds(): Promise<ApprovalThresholds> {
    const rs = await this.client.execute(
      "SELECT key, value FROM risk_settings WHERE key IN ('approval_money_threshold', 'approval_bonus_threshold', 'approval_limit_threshold')",
    );
    const v = (key: string, fallback: number) => {
      const row = rs.rows.find((r) => r.key === key);
      return row ? Number(row.value) : fallback;
    };
    return { money: v("approval_money_threshold", DEFAULTS.money), bonus: v("approval_bonus_threshold", DEFAULTS.bonus), limit: v("approval_limit_threshold", DEFAULTS.limit) };
  }

  async create(q: ApprovalRequest, audit: AuditEntry): Promise<"created" | "already_pending"> {
    try {
      await this.client.batch(
        [
          {
            sql: `INSERT INTO approval_requests (id, kind, subject_type, subject_id, amount, summary, payload, state, requested_by, requested_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
            args: [q.id, q.kind, q.subjectType, q.subjectId, q.amount, q.summary, JSON.stringify(q.payload), q.requestedBy, q.requestedAt.getTime()],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return "created";
    } catch (e) {
      if (constraintOf(e)?.startsWith("UNIQUE constraint failed")) return "already_pending";
      throw e;
    }
  }

  async find(id: string): Promise<ApprovalRequest | null> {
    const rs = await this.client.execute({ sql: `${NAMED} WHERE a.id = ?`, args: [id] });
    return rs.rows.length === 0 ? null : fromRow(rs.rows[0]);
  }

  async list(filter: { state: ApprovalRequest["state"] | "all"; limit: number }): Promise<ApprovalRequest[]> {
    const rs = await this.client.execute(
      filter.state === "all"
        ? { sql: `${NAMED} ORDER BY a.requested_at DESC, a.id DESC LIMIT ?`, args: [filter.limit] }
        : {
            sql: `${NAMED} WHERE a.state = ? ORDER BY a.requested_at ${filter.state === "pending" ? "ASC" : "DESC"}, a.id LIMIT ?`,
            args: [filter.state, filter.limit],
          },
    );
    return rs.rows.map(fromRow);
  }

  async close(c: Parameters<Approvals["close"]>[0]): Promise<"closed" | "already_decided"> {
    try {
      await this.client.batch(
        [
          {
            sql: "UPDATE approval_requests SET state = ?, decided_by = ?, decided_at = ?, decision_note = ? WHERE id = ?",
            args: [c.state, c.by, c.at.getTime(), c.note, c.requestId],
          },
          auditStatement(c.audit),
        ],
        "write",
      );
      return "closed";
    } catch (e) {
      if (approvalRefused(e)) return "already_decided";
      throw e;
    }
  }
}
