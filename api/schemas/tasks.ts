/**
 * Task management and bulk operations, as the product spec's admin console has them.
 */
import { z } from "@hono/zod-openapi";
import { IsoDate, plain } from "./common.ts";

export const TaskStatus = z.enum(["pending", "in_progress", "completed", "cancelled"]);
export type TaskStatus = z.infer<typeof TaskStatus>;
export const TaskPriority = z.enum(["low", "medium", "high", "critical"]);
export type TaskPriority = z.infer<typeof TaskPriority>;
export const TaskCategory = z.enum(["bet_settlement", "risk_review", "system_maintenance"]);
export type TaskCategory = z.infer<typeof TaskCategory>;

export const StaffRef = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const Task = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    priority: TaskPriority,
    status: TaskStatus,
    category: TaskCategory,
    assignedTo: z.string().nullable().openapi({ description: "Staff user id (admin or trader)" }),
    assignee: StaffRef.nullable(),
    createdBy: z.string(),
    creator: StaffRef.nullable(),
    dueDate: IsoDate.nullable(),
    createdAt: IsoDate,
    updatedAt: IsoDate,
    completedAt: IsoDate.nullable(),
  })
  .openapi("Task");
export type Task = z.infer<typeof Task>;

export const TaskIdParam = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" }, example: "tsk_01" }),
});

export const TasksQuery = z.object({
  status: TaskStatus.optional().openapi({ param: { name: "status", in: "query" } }),
  priority: TaskPriority.optional().openapi({ param: { name: "priority", in: "query" } }),
  category: TaskCategory.optional().openapi({ param: { name: "category", in: "query" } }),
  assignedTo: z.string().min(1).max(64).optional().openapi({ param: { name: "assignedTo", in: "query" } }),
});

export const CreateTaskBody = z
  .object({
    title: plain(z.string().trim().min(1).max(200)),
    description: plain(z.string().max(4000), "text").default(""),
    priority: TaskPriority.default("medium"),
    status: TaskStatus.default("pending"),
    category: TaskCategory,
    assignedTo: z.string().min(1).max(64).nullable().default(null),
    dueDate: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .strict()
  .openapi("CreateTask");
export type CreateTaskBody = z.infer<typeof CreateTaskBody>;

export const UpdateTaskBody = z
  .object({
    title: plain(z.string().trim().min(1).max(200)).optional(),
    description: plain(z.string().max(4000), "text").optional(),
    priority: TaskPriority.optional(),
    status: TaskStatus.optional(),
    category: TaskCategory.optional(),
    assignedTo: z.string().min(1).max(64).nullable().optional(),
    dueDate: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, "Send at least one field to change")
  .openapi("UpdateTask");
export type UpdateTaskBody = z.infer<typeof UpdateTaskBody>;

export const TaskStats = z
  .object({
    pending: z.number().int(),
    inProgress: z.number().int(),
    completedToday: z.number().int(),
    highPriority: z.number().int().openapi({ description: "Open (pending or in progress) tasks of priority high or critical" }),
  })
  .openapi("TaskStats");
export type TaskStats = z.infer<typeof TaskStats>;

export const StaffMember = StaffRef.extend({ role: z.enum(["admin", "trader"]) }).openapi("StaffMember");
export type StaffMember = z.infer<typeof StaffMember>;

// ---- Bulk operations ------------------------------------------------------------------------

export const BulkOperationType = z.enum(["settlement", "customer_insight", "risk_analysis", "export_report"]);
export type BulkOperationType = z.infer<typeof BulkOperationType>;
export const BulkOperationStatus = z.enum(["pending", "processing", "completed", "failed"]);
export type BulkOperationStatus = z.infer<typeof BulkOperationStatus>;

/** The bulk-settlement sports filter of the product spec's business constants, mapped to stored sports (american_football = nfl). */
export const BulkSportFilter = z.enum(["all", "soccer", "basketball", "tennis", "american_football"]);
export const AnalysisType = z.enum(["comprehensive", "sharp_detection", "pattern_analysis", "clv_analysis"]);
export const InsightSegment = z.enum(["all", "high_value", "new_customers", "suspicious"]);
export const ReportType = z.enum(["financial", "customer_activity", "risk_metrics", "regulatory"]);
export const DateRange = z.enum(["today", "week", "month", "quarter", "custom"]);

export const CreateBulkOperationBody = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("settlement"),
        params: z
          .object({
            /**
             * completed_events: settle every pending bet whose legs are on finished events (match
             * winner graded from the final score; other markets are counted as failed / needs review).
             * manual_review: settles nothing, lists those needing review in the result CSV.
             */
            settlementType: z.enum(["completed_events", "manual_review"]).default("completed_events"),
            sport: BulkSportFilter.default("all"),
          })
          .strict()
          .default({ settlementType: "completed_events", sport: "all" }),
      })
      .strict(),
    z
      .object({
        type: z.literal("customer_insight"),
        params: z
          .object({ analysisType: AnalysisType.default("comprehensive"), segment: InsightSegment.default("all") })
          .strict()
          .default({ analysisType: "comprehensive", segment: "all" }),
      })
      .strict(),
    z
      .object({
        type: z.literal("risk_analysis"),
        params: z
          .object({ analysisType: AnalysisType.default("comprehensive"), segment: InsightSegment.default("all") })
          .strict()
          .default({ analysisType: "comprehensive", segment: "all" }),
      })
      .strict(),
    z
      .object({
        type: z.literal("export_report"),
        params: z
          .object({
            reportType: ReportType,
            dateRange: DateRange.default("month"),
            from: z.iso.datetime({ offset: true }).optional().openapi({ description: "Required when dateRange is custom" }),
            to: z.iso.datetime({ offset: true }).optional().openapi({ description: "Required when dateRange is custom" }),
          })
          .strict(),
      })
      .strict(),
  ])
  .openapi("CreateBulkOperation");
export type CreateBulkOperationBody = z.infer<typeof CreateBulkOperationBody>;

export const BulkOperation = z
  .object({
    id: z.string(),
    type: BulkOperationType,
    title: z.string(),
    description: z.string(),
    status: BulkOperationStatus,
    progress: z.number().int().min(0).max(100).openapi({ description: "Percent" }),
    targetCount: z.number().int(),
    processed: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    params: z.record(z.string(), z.unknown()),
    summary: z.record(z.string(), z.number()).openapi({ description: "Counts and totals the run produced" }),
    error: z.string().nullable(),
    hasResult: z.boolean().openapi({ description: "A CSV is available at /api/admin/bulk-operations/{id}/result.csv" }),
    createdBy: z.string(),
    createdAt: IsoDate,
    startedAt: IsoDate.nullable(),
    completedAt: IsoDate.nullable(),
  })
  .openapi("BulkOperation");
export type BulkOperation = z.infer<typeof BulkOperation>;

export const BulkOperationResponse = z.object({ operation: BulkOperation }).openapi("BulkOperationResponse");
