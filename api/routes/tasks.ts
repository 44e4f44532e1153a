/** Task management and bulk operations (admin). */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import {
  BulkOperation, BulkOperationResponse, CreateBulkOperationBody, CreateTaskBody, StaffMember, Task, TaskIdParam, TasksQuery, TaskStats,
  UpdateTaskBody,
} from "../schemas/tasks.ts";
import { IdParam } from "../schemas/common.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { csvContent, csvResponse } from "./users.ts";
import { createTask, deleteTask, getTask, getTaskStats, listStaff, listTasks, updateTask } from "../../domain/tasks/manage-tasks.ts";
import {
  bulkOperationCsv, getBulkOperation, listBulkOperations, startBulkOperation, type BulkOperationRequest,
} from "../../domain/tasks/bulk-operations.ts";
import type { BulkOperationRecord, TaskView } from "../../domain/ports/index.ts";

export const taskRoutes = new OpenAPIHono<AppEnv>();

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

const presentTask = (t: TaskView): Task => ({
  id: t.id,
  title: t.title,
  description: t.description,
  priority: t.priority,
  status: t.status,
  category: t.category,
  assignedTo: t.assignedTo,
  assignee: t.assignee,
  createdBy: t.createdBy,
  creator: t.creator,
  dueDate: isoOrNull(t.dueDate),
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
  completedAt: isoOrNull(t.completedAt),
});

const presentOperation = (o: BulkOperationRecord): BulkOperation => ({
  id: o.id,
  type: o.type,
  title: o.title,
  description: o.description,
  status: o.status,
  progress: o.progress,
  targetCount: o.targetCount,
  processed: o.processed,
  succeeded: o.succeeded,
  failed: o.failed,
  params: o.params,
  summary: o.summary,
  error: o.error,
  hasResult: o.hasResult,
  createdBy: o.createdBy,
  createdAt: o.createdAt.toISOString(),
  startedAt: isoOrNull(o.startedAt),
  completedAt: isoOrNull(o.completedAt),
});

taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/tasks",
    tags: ["Admin: tasks"],
    summary: "Tasks, in progress and pending first, by priority and due date (admin)",
    middleware: [requireRole("admin")] as const,
    request: { query: TasksQuery },
    responses: { 200: json(z.array(Task), "Tasks"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(unwrap(await listTasks(ctxOf(c), c.req.valid("query"))).map(presentTask), 200),
);

taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/task-stats",
    tags: ["Admin: tasks"],
    summary: "Quick Stats: pending, in progress, completed today (UTC), open high priority (admin)",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(TaskStats, "Figures"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await getTaskStats(ctxOf(c))), 200),
);

taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/staff",
    tags: ["Admin: tasks"],
    summary: "Active staff (admins and traders) that tasks can be assigned to (admin)",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(z.array(StaffMember), "Staff"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await listStaff(ctxOf(c))), 200),
);

taskRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/tasks",
    tags: ["Admin: tasks"],
    summary: "Create a task (admin). Audited.",
    middleware: [requireRole("admin")] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreateTaskBody } } } },
    responses: { 201: json(Task, "Created"), ...errorResponses(400, 401, 403, 422) },
  }),
  async (c) => {
    const b = c.req.valid("json");
    const task = unwrap(await createTask(ctxOf(c), { ...b, dueDate: b.dueDate ? new Date(b.dueDate) : null }));
    return c.json(presentTask(task), 201);
  },
);

taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/tasks/{id}",
    tags: ["Admin: tasks"],
    summary: "One task (admin)",
    middleware: [requireRole("admin")] as const,
    request: { params: TaskIdParam },
    responses: { 200: json(Task, "Task"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(presentTask(unwrap(await getTask(ctxOf(c), id))), 200);
  },
);

taskRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/admin/tasks/{id}",
    tags: ["Admin: tasks"],
    summary: "Edit a task: fields, status, assignee, due date (admin). Audited.",
    description:
      "Status moves: pending -> in_progress | completed | cancelled; in_progress -> pending | completed | cancelled; completed or " +
      "cancelled -> pending | in_progress (reopen). A cancelled task cannot be completed without reopening it (409 TASK.INVALID_TRANSITION).",
    middleware: [requireRole("admin")] as const,
    request: {
      params: TaskIdParam,
      body: { required: true, content: { "application/json": { schema: UpdateTaskBody } } },
    },
    responses: { 200: json(Task, "The task after the change"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const b = c.req.valid("json");
    const patch = { ...b, dueDate: b.dueDate === undefined ? undefined : b.dueDate === null ? null : new Date(b.dueDate) };
    return c.json(presentTask(unwrap(await updateTask(ctxOf(c), id, patch))), 200);
  },
);

taskRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/admin/tasks/{id}",
    tags: ["Admin: tasks"],
    summary: "Delete a task (admin). Audited with the task as it was.",
    middleware: [requireRole("admin")] as const,
    request: { params: TaskIdParam },
    responses: { 200: json(z.object({ id: z.string() }), "Deleted"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(unwrap(await deleteTask(ctxOf(c), c.req.valid("param").id)), 200),
);

// ---- Bulk operations ----------------------------------------------------------------------------

taskRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/bulk-operations",
    tags: ["Admin: tasks"],
    summary: "Start a bulk operation; it runs in the background (admin). Audited.",
    description:
      "settlement: settles pending bets whose legs are all on finished events, grading match-winner markets from the final score; " +
      "other markets, or events without a score, are counted failed (needs review). customer_insight / risk_analysis: a CSV per " +
      "customer of the segment. export_report: financial, customer_activity, risk_metrics or regulatory CSV over the period. " +
      "Poll GET /api/admin/bulk-operations/{id} for progress; download /result.csv when completed.",
    middleware: [requireRole("admin")] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreateBulkOperationBody } } } },
    responses: { 202: json(BulkOperationResponse, "Queued"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const op = unwrap(await startBulkOperation(ctxOf(c), c.req.valid("json") as BulkOperationRequest));
    c.get("deps").jobs.bulkOperationQueued();
    return c.json({ operation: presentOperation(op) }, 202);
  },
);

taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/bulk-operations",
    tags: ["Admin: tasks"],
    summary: "Recent bulk operations with their progress, newest first (admin)",
    middleware: [requireRole("admin")] as const,
    request: {
      query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50).openapi({ param: { name: "limit", in: "query" } }) }),
    },
    responses: { 200: json(z.array(BulkOperation), "Operations"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(unwrap(await listBulkOperations(ctxOf(c), c.req.valid("query").limit)).map(presentOperation), 200),
);

taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/bulk-operations/{id}",
    tags: ["Admin: tasks"],
    summary: "One bulk operation and its progress (admin)",
    middleware: [requireRole("admin")] as const,
    request: { params: IdParam },
    responses: { 200: json(BulkOperationResponse, "Operation"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json({ operation: presentOperation(unwrap(await getBulkOperation(ctxOf(c), c.req.valid("param").id))) }, 200),
);

taskRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/bulk-operations/{id}/result.csv",
    tags: ["Admin: tasks"],
    summary: "The CSV a finished bulk operation produced (admin)",
    middleware: [requireRole("admin")] as const,
    request: { params: IdParam },
    responses: { 200: csvContent("result.csv"), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const { op, csv } = unwrap(await bulkOperationCsv(ctxOf(c), c.req.valid("param").id));
    const name = `${op.type}-${op.createdAt.toISOString().slice(0, 10)}-${op.id}.csv`;
    return csvResponse(c, name, csv);
  },
);
