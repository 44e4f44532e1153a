/**
 * Task use cases: create, edit (fields, status, assignee, due date) and delete; each change is one
 * write with its audit record. Assignees must be staff (admin or trader).
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { TaskCategory, TaskPriority, TaskRecord, TaskStatus, TaskView } from "../ports/index.ts";
import { applyTaskPatch, taskDiff, taskStats, type TaskPatch } from "./task-rules.ts";

export interface NewTaskInput {
  title: string;
  description: string;
  priority: TaskPriority;
  status: TaskStatus;
  category: TaskCategory;
  assignedTo: string | null;
  dueDate: Date | null;
}

const snapshot = (t: TaskRecord) => ({
  title: t.title, description: t.description, priority: t.priority, status: t.status, category: t.category,
  assignedTo: t.assignedTo, dueDate: t.dueDate ? t.dueDate.toISOString() : null,
});

export async function listTasks(ctx: Ctx, filter: Parameters<Ctx["ports"]["tasks"]["list"]>[0]) {
  const who = requireRole(ctx.actor, ["admin"], "see tasks");
  if (!who.ok) return who;
  return ok(await ctx.ports.tasks.list(filter));
}

export async function getTaskStats(ctx: Ctx) {
  const who = requireRole(ctx.actor, ["admin"], "see task figures");
  if (!who.ok) return who;
  return ok(taskStats(await ctx.ports.tasks.list({}), ctx.clock.now()));
}

export async function listStaff(ctx: Ctx) {
  const who = requireRole(ctx.actor, ["admin"], "see staff");
  if (!who.ok) return who;
  return ok(await ctx.ports.tasks.staff());
}

export async function createTask(ctx: Ctx, input: NewTaskInput): Promise<Result<TaskView>> {
  const who = requireRole(ctx.actor, ["admin"], "create tasks");
  if (!who.ok) return who;
  const actor = who.value;
  const now = ctx.clock.now();
  const task: TaskRecord = {
    id: ctx.ids.next("tsk"),
    title: input.title.trim(),
    description: input.description,
    priority: input.priority,
    status: input.status,
    category: input.category,
    assignedTo: input.assignedTo,
    createdBy: actor.id,
    dueDate: input.dueDate,
    createdAt: now,
    updatedAt: now,
    completedAt: input.status === "completed" ? now : null,
  };
  const written = await ctx.ports.tasks.create(task, {
    id: ctx.ids.next("aud"), actorId: actor.id, actorRole: actor.role, action: "task.create", entityType: "task",
    entityId: task.id, before: null, after: snapshot(task), createdAt: now,
  });
  if (written === "assignee_invalid") return err(domainError("TASK.ASSIGNEE_INVALID", "Tasks can only be assigned to staff (admin or trader)"));
  return ok((await ctx.ports.tasks.find(task.id))!);
}

export async function updateTask(ctx: Ctx, id: string, patch: TaskPatch): Promise<Result<TaskView>> {
  const who = requireRole(ctx.actor, ["admin"], "edit tasks");
  if (!who.ok) return who;
  const actor = who.value;
  const task = await ctx.ports.tasks.find(id);
  if (!task) return err(domainError("TASK.NOT_FOUND", "No task with that id"));
  const now = ctx.clock.now();
  const next = applyTaskPatch(task, patch, now);
  if (!next) return err(domainError("TASK.INVALID_TRANSITION", `A ${task.status} task cannot be set ${patch.status}; reopen it first`));
  const diff = taskDiff(task, next);
  if (Object.keys(diff.after).length === 0) return ok(task);
  const { assignee: _a, creator: _c, ...record } = next as TaskView;
  const written = await ctx.ports.tasks.update(record, task.updatedAt, {
    id: ctx.ids.next("aud"), actorId: actor.id, actorRole: actor.role,
    action: diff.after.status !== undefined ? "task.status" : "task.update", entityType: "task", entityId: id,
    before: diff.before, after: diff.after, createdAt: now,
  });
  if (written === "conflict") return err(domainError("TASK.CONFLICT", "The task changed meanwhile; reload it and try again"));
  if (written === "assignee_invalid") return err(domainError("TASK.ASSIGNEE_INVALID", "Tasks can only be assigned to staff (admin or trader)"));
  return ok((await ctx.ports.tasks.find(id))!);
}

export async function deleteTask(ctx: Ctx, id: string): Promise<Result<{ id: string }>> {
  const who = requireRole(ctx.actor, ["admin"], "delete tasks");
  if (!who.ok) return who;
  const actor = who.value;
  const task = await ctx.ports.tasks.find(id);
  if (!task) return err(domainError("TASK.NOT_FOUND", "No task with that id"));
  const done = await ctx.ports.tasks.delete(id, {
    id: ctx.ids.next("aud"), actorId: actor.id, actorRole: actor.role, action: "task.delete", entityType: "task",
    entityId: id, before: snapshot(task), after: null, createdAt: ctx.clock.now(),
  });
  if (!done) return err(domainError("TASK.NOT_FOUND", "No task with that id"));
  return ok({ id });
}

export async function getTask(ctx: Ctx, id: string): Promise<Result<TaskView>> {
  const who = requireRole(ctx.actor, ["admin"], "see tasks");
  if (!who.ok) return who;
  const task = await ctx.ports.tasks.find(id);
  return task ? ok(task) : err(domainError("TASK.NOT_FOUND", "No task with that id"));
}
