/** Operators' tasks and bulk operations. */
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { sql } from "drizzle-orm";
import { users } from "./users.ts";

export const tasks = sqliteTable(
  "tasks",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priority: text("priority", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    status: text("status", { enum: ["pending", "in_progress", "completed", "cancelled"] }).notNull(),
    category: text("category", { enum: ["bet_settlement", "risk_review", "system_maintenance"] }).notNull(),
    assignedTo: text("assigned_to").references(() => users.id),
    createdBy: text("created_by").notNull().references(() => users.id),
    dueDate: integer("due_date"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (t) => [
    index("tasks_status_idx").on(t.status),
    index("tasks_assignee_idx").on(t.assignedTo),
    check("tasks_priority_ck", sql`${t.priority} IN ('low','medium','high','critical')`),
    check("tasks_status_ck", sql`${t.status} IN ('pending','in_progress','completed','cancelled')`),
    check("tasks_category_ck", sql`${t.category} IN ('bet_settlement','risk_review','system_maintenance')`),
  ],
);

export const bulkOperations = sqliteTable(
  "bulk_operations",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: ["settlement", "customer_insight", "risk_analysis", "export_report"] }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: ["pending", "processing", "completed", "failed"] }).notNull().default("pending"),
    params: text("params").notNull().default("{}"),
    targetCount: integer("target_count").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    succeeded: integer("succeeded").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    progress: integer("progress").notNull().default(0),
    summary: text("summary").notNull().default("{}"),
    error: text("error"),
    resultCsv: text("result_csv"),
    createdBy: text("created_by").notNull().references(() => users.id),
    createdAt: createdAt(),
    startedAt: integer("started_at"),
    completedAt: integer("completed_at"),
  },
  (t) => [
    index("bulk_operations_status_idx").on(t.status, t.createdAt),
    check("bulk_operations_type_ck", sql`${t.type} IN ('settlement','customer_insight','risk_analysis','export_report')`),
    check("bulk_operations_status_ck", sql`${t.status} IN ('pending','processing','completed','failed')`),
    check("bulk_operations_progress_ck", sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);
