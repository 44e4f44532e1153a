/** Tasks and bulk operations on libSQL. */
import type { Reach } from "../../domain/shared/reach.ts";
import { inReach } from "./reach.ts";
import type { Row } from "@libsql/client";
import type {
  BulkOperationRecord, BulkOperations, TaskRecord, Tasks, TaskView,
} from "../../domain/ports/index.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf, type Database } from "./database.ts";

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));
const isAssigneeInvalid = (e: unknown) => /TASK\.ASSIGNEE_INVALID/.test(String(e instanceof Error ? e.message : e)) ||
  constraintOf(e) === "FOREIGN KEY constraint failed";

const SELECT_TASKS = `SELECT t.*,
    a.first_name AS a_first, a.last_name AS a_last, a.email AS a_email,
    c.first_name AS c_first, c.last_name AS c_last, c.email AS c_email
  FROM tasks t LEFT JOIN users a ON a.id = t.assigned_to LEFT JOIN users c ON c.id = t.created_by`;

function toTask(r: Row): TaskView {
  return {
    id: String(r.id),
    title: String(r.title),
    description: String(r.description),
    priority: r.priority as TaskRecord["priority"],
    status: r.status as TaskRecord["status"],
    category: r.category as TaskRecord["category"],
    assignedTo: r.assigned_to === null ? null : String(r.assigned_to),
    createdBy: String(r.created_by),
    dueDate: dateOrNull(r.due_date),
    createdAt: new Date(Number(r.created_at)),
    updatedAt: new Date(Number(r.updated_at)),
    completedAt: dateOrNull(r.completed_at),
    assignee: r.assigned_to === null || r.a_email === null ? null
      : { id: String(r.assigned_to), name: `${r.a_first} ${r.a_last}`.trim(), email: String(r.a_email) },
    creator: r.c_email === null ? null : { id: String(r.created_by), name: `${r.c_first} ${r.c_last}`.trim(), email: String(r.c_email) },
  };
}

const taskArgs = (t: TaskRecord) => [
  t.title, t.description, t.priority, t.status, t.category, t.assignedTo, t.dueDate ? t.dueDate.getTime() : null,
  t.updatedAt.getTime(), t.completedAt ? t.completedAt.getTime() : null,
];

export class LibsqlTasks implements Tasks {
  private readonly d: Database;
  constructor(d: Database) {
    this.d = d;
  }

  async list(filter: { status?: string; priority?: string; category?: string; assignedTo?: string }) {
    const where: string[] = [];
    const args: string[] = [];
    for (const [col, v] of [["status", filter.status], ["priority", filter.priority], ["category", filter.category], ["assigned_to", filter.assignedTo]] as const) {
      if (v) {
        where.push(`t.${col} = ?`);
        args.push(v);
      }
    }
    const rs = await this.d.client.execute({
      sql: `${SELECT_TASKS} ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
            ORDER BY CASE t.status WHEN 'in_progress' THEN 0 WHEN 'pending' THEN 1 WHEN 'completed' THEN 2 ELSE 3 END,
              CASE t.priority WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END,
              COALESCE(t.due_date, 9e15), t.created_at DESC, t.id`,
      args,
    });
    return rs.rows.map(toTask);
  }

  async find(id: string) {
    const rs = await this.d.client.execute({ sql: `${SELECT_TASKS} WHERE t.id = ?`, args: [id] });
    return rs.rows[0] ? toTask(rs.rows[0]) : null;
  }

  async create(t: TaskRecord, audit: AuditEntry) {
    try {
      await this.d.client.batch(
        [
          {
            sql: `INSERT INTO tasks (title, description, priority, status, category, assigned_to, due_date, updated_at, completed_at, id, created_by, created_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [...taskArgs(t), t.id, t.createdBy, t.createdAt.getTime()],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return "created" as const;
    } catch (e) {
      if (isAssigneeInvalid(e)) return "assignee_invalid" as const;
      throw e;
    }
  }

  async update(t: TaskRecord, expectedUpdatedAt: Date, audit: AuditEntry) {
    try {
      await this.d.client.batch(
        [
          {
            sql: `UPDATE tasks SET title = ?, description = ?, priority = ?, status = ?, category = ?, assigned_to = ?, due_date = ?,
                    updated_at = ?, completed_at = ?
                  WHERE id = ? AND updated_at = ?`,
            args: [...taskArgs(t), t.id, expectedUpdatedAt.getTime()],
          },
          // Someone else changed the task since it was read: write nothing.
          assertStatement("changes() = 1", []),
          auditStatement(audit),
        ],
        "write",
      );
      return "updated" as const;
    } catch (e) {
      if (isAssigneeInvalid(e)) return "assignee_invalid" as const;
      if (constraintOf(e) === ASSERTION_FAILED) return "conflict" as const;
      throw e;
    }
  }

  async delete(id: string, audit: AuditEntry) {
    try {
      await this.d.client.batch(
        [{ sql: "DELETE FROM tasks WHERE id = ?", args: [id] }, assertStatement("changes() = 1", []), auditStatement(audit)],
        "write",
      );
      return true;
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return false;
      throw e;
    }
  }

  async staff() {
    const rs = await this.d.client.execute(
      "SELECT id, first_name, last_name, email, role FROM users WHERE role IN ('admin','trader') AND is_active = 1 AND is_demo = 0 ORDER BY first_name, last_name, id",
    );
    return rs.rows.map((r) => ({
      id: String(r.id),
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: String(r.email),
      role: r.role as "admin" | "trader",
    }));
  }
}

const SELECT_OPS = `SELECT id, type, title, description, status, params, target_count, processed, succeeded, failed, progress, summary,
  error, result_csv IS NOT NULL AS has_result, created_by, created_at, started_at, completed_at FROM bulk_operations`;

function toOperation(r: Row): BulkOperationRecord {
  return {
    id: String(r.id),
    type: r.type as BulkOperationRecord["type"],
    title: String(r.title),
    description: String(r.description),
    status: r.status as BulkOperationRecord["status"],
    params: JSON.parse(String(r.params)) as Record<string, unknown>,
    targetCount: Number(r.target_count),
    processed: Number(r.processed),
    succeeded: Number(r.succeeded),
    failed: Number(r.failed),
    progress: Number(r.progress),
    summary: JSON.parse(String(r.summary)) as Record<string, number>,
    error: r.error === null ? null : String(r.error),
    hasResult: Boolean(Number(r.has_result)),
    createdBy: String(r.created_by),
    createdAt: new Date(Number(r.created_at)),
    startedAt: dateOrNull(r.started_at),
    completedAt: dateOrNull(r.completed_at),
  };
}

export class LibsqlBulkOperations implements BulkOperations {
  private readonly d: Database;
  constructor(d: Database) {
    this.d = d;
  }

  async create(op: BulkOperationRecord, audit: AuditEntry) {
    await this.d.client.batch(
      [
        {
          sql: `INSERT INTO bulk_operations (id, type, title, description, status, params, created_by, created_at)
                VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)`,
          args: [op.id, op.type, op.title, op.description, JSON.stringify(op.params), op.createdBy, op.createdAt.getTime()],
        },
        auditStatement(audit),
      ],
      "write",
    );
  }

  async list(limit: number, reach: Reach) {
    const rs = await this.d.client.execute({
      sql: `${SELECT_OPS} WHERE ${inReach(reach, "created_by")} ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      args: [limit],
    });
    return rs.rows.map(toOperation);
  }

  async find(id: string) {
    const rs = await this.d.client.execute({ sql: `${SELECT_OPS} WHERE id = ?`, args: [id] });
    return rs.rows[0] ? toOperation(rs.rows[0]) : null;
  }

  async claimNext(at: Date) {
    // One conditional update claims the oldest pending operation; a second runner gets nothing.
    const rs = await this.d.client.execute({
      sql: `UPDATE bulk_operations SET status = 'processing', started_at = ?
            WHERE id = (SELECT id FROM bulk_operations WHERE status = 'pending' ORDER BY created_at, rowid LIMIT 1) AND status = 'pending'
            RETURNING id`,
      args: [at.getTime()],
    });
    return rs.rows[0] ? this.find(String(rs.rows[0].id)) : null;
  }

  async progress(id: string, p: { targetCount: number; processed: number; succeeded: number; failed: number; progress: number }) {
    await this.d.client.execute({
      sql: `UPDATE bulk_operations SET target_count = ?, processed = ?, succeeded = ?, failed = ?, progress = ?
            WHERE id = ? AND status = 'processing'`,
      args: [p.targetCount, p.processed, p.succeeded, p.failed, p.progress, id],
    });
  }

  async finish(
    id: string,
    f: {
      status: "completed" | "failed"; summary: Record<string, number>; error: string | null; resultCsv: string | null; at: Date;
      targetCount: number; processed: number; succeeded: number; failed: number; progress: number;
    },
  ) {
    await this.d.client.execute({
      sql: `UPDATE bulk_operations SET status = ?, summary = ?, error = ?, result_csv = ?, completed_at = ?, target_count = ?, processed = ?,
              succeeded = ?, failed = ?, progress = ?
            WHERE id = ? AND status = 'processing'`,
      args: [f.status, JSON.stringify(f.summary), f.error, f.resultCsv, f.at.getTime(), f.targetCount, f.processed, f.succeeded, f.failed, f.progress, id],
    });
  }

  async failInterrupted(at: Date) {
    const rs = await this.d.client.execute({
      sql: `UPDATE bulk_operations SET status = 'failed', error = 'Interrupted: the server stopped while it was running', completed_at = ?
            WHERE status = 'processing'`,
      args: [at.getTime()],
    });
    return rs.rowsAffected;
  }

  async resultCsv(id: string) {
    const rs = await this.d.client.execute({ sql: "SELECT result_csv FROM bulk_operations WHERE id = ?", args: [id] });
    const v = rs.rows[0]?.result_csv;
    return v === null || v === undefined ? null : String(v);
  }
}
