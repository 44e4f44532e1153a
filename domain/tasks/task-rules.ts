/**
 * Task rules. Status moves: pending -> in_progress | completed | cancelled; in_progress -> pending |
 * completed | cancelled; a completed or cancelled task can be reopened (-> pending or in_progress)
 * but a cancelled task is not completed without reopening it first. completedAt is set when a task
 * becomes completed and cleared when it leaves that status.
 */
import type { TaskRecord, TaskStatus } from "../ports/index.ts";

const MOVES: Record<TaskStatus, TaskStatus[]> = {
  pending: ["in_progress", "completed", "cancelled"],
  in_progress: ["pending", "completed", "cancelled"],
  completed: ["pending", "in_progress"],
  cancelled: ["pending", "in_progress"],
};

export const canMoveTask = (from: TaskStatus, to: TaskStatus) => from === to || MOVES[from].includes(to);

export type TaskPatch = Partial<Pick<TaskRecord, "title" | "description" | "priority" | "status" | "category" | "assignedTo" | "dueDate">>;

/** The task after a patch at `now`, or null when the status move is not allowed. */
export function applyTaskPatch(task: TaskRecord, patch: TaskPatch, now: Date): TaskRecord | null {
  const status = patch.status ?? task.status;
  if (!canMoveTask(task.status, status)) return null;
  return {
    ...task,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    status,
    updatedAt: now,
    completedAt: status === "completed" ? (task.status === "completed" ? task.completedAt : now) : null,
  };
}

/** The fields that differ between two versions of a task, for the audit record. */
export function taskDiff(before: TaskRecord, after: TaskRecord): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = ["title", "description", "priority", "status", "category", "assignedTo", "dueDate"] as const;
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  for (const k of keys) {
    if (norm(before[k]) !== norm(after[k])) {
      b[k] = norm(before[k]);
      a[k] = norm(after[k]);
    }
  }
  return { before: b, after: a };
}

/** Quick Stats of the Tasks tab. "Completed today" is since midnight UTC of `now`. */
export function taskStats(tasks: readonly TaskRecord[], now: Date) {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    pending: tasks.filter((t) => t.status === "pending").length,
    inProgress: tasks.filter((t) => t.status === "in_progress").length,
    completedToday: tasks.filter((t) => t.status === "completed" && t.completedAt && t.completedAt.getTime() >= midnight).length,
    highPriority: tasks.filter((t) => (t.status === "pending" || t.status === "in_progress") && (t.priority === "high" || t.priority === "critical")).length,
  };
}
