/** The operators' tasks. */
import type { AuditEntry } from "../shared/types.ts";

export type TaskStatus = "pending" | "in_progress" | "completed" | "cancelled";

export type TaskPriority = "low" | "medium" | "high" | "critical";

export type TaskCategory = "bet_settlement" | "risk_review" | "system_maintenance";

export interface TaskRecord {
  id: string;
  title: string;
  description: string;
  priority: TaskPriority;
  status: TaskStatus;
  category: TaskCategory;
  assignedTo: string | null;
  createdBy: string;
  dueDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export interface TaskView extends TaskRecord {
  assignee: { id: string; name: string; email: string } | null;
  creator: { id: string; name: string; email: string } | null;
}

export interface Tasks {
  list(filter: { status?: TaskStatus; priority?: TaskPriority; category?: TaskCategory; assignedTo?: string }): Promise<TaskView[]>;
  find(id: string): Promise<TaskView | null>;
  /** "assignee_invalid" when assignedTo is not a staff user; nothing is written then. */
  create(task: TaskRecord, audit: AuditEntry): Promise<"created" | "assignee_invalid">;
  /** Replace the task if it is still at `expectedUpdatedAt`, with its audit record, in one write. */
  update(task: TaskRecord, expectedUpdatedAt: Date, audit: AuditEntry): Promise<"updated" | "conflict" | "assignee_invalid">;
  delete(id: string, audit: AuditEntry): Promise<boolean>;
  staff(): Promise<{ id: string; name: string; email: string; role: "admin" | "trader" }[]>;
}
