import { describe, expect, it } from "vitest";
import type { TaskRecord } from "../ports/index.ts";
import { applyTaskPatch, canMoveTask, taskDiff, taskStats } from "./task-rules.ts";

const T0 = new Date("2026-11-21T08:00:00.000Z");
const T1 = new Date("2026-11-21T09:00:00.000Z");
const task = (extra: Partial<TaskRecord> = {}): TaskRecord => ({
  id: "tsk_1", title: "Review", description: "", priority: "medium", status: "pending", category: "risk_review",
  assignedTo: null, createdBy: "usr_a", dueDate: null, createdAt: T0, updatedAt: T0, completedAt: null, ...extra,
});

describe("task status moves", () => {
  it("allows work moves and reopening, not completing a cancelled task", () => {
    expect(canMoveTask("pending", "in_progress")).toBe(true);
    expect(canMoveTask("in_progress", "completed")).toBe(true);
    expect(canMoveTask("completed", "pending")).toBe(true);
    expect(canMoveTask("cancelled", "completed")).toBe(false);
    expect(canMoveTask("cancelled", "cancelled")).toBe(true);
  });

  it("stamps completedAt on completion and clears it on reopening", () => {
    const done = applyTaskPatch(task(), { status: "completed" }, T1)!;
    expect(done.completedAt).toEqual(T1);
    expect(done.updatedAt).toEqual(T1);
    expect(applyTaskPatch(done, { status: "in_progress" }, T1)!.completedAt).toBeNull();
    expect(applyTaskPatch(task({ status: "cancelled" }), { status: "completed" }, T1)).toBeNull();
  });

  it("diffs only the fields that changed", () => {
    const after = applyTaskPatch(task(), { priority: "high", title: "Review" }, T1)!;
    expect(taskDiff(task(), after)).toEqual({ before: { priority: "medium" }, after: { priority: "high" } });
  });
});

describe("task quick stats", () => {
  it("counts pending, in progress, completed today and open high priority", () => {
    const now = new Date("2026-11-21T15:00:00.000Z");
    const stats = taskStats(
      [
        task({ status: "pending", priority: "high" }),
        task({ status: "in_progress", priority: "critical" }),
        task({ status: "completed", completedAt: new Date("2026-11-21T01:00:00.000Z"), priority: "high" }),
        task({ status: "completed", completedAt: new Date("2026-11-20T23:00:00.000Z") }),
        task({ status: "cancelled", priority: "critical" }),
      ],
      now,
    );
    expect(stats).toEqual({ pending: 1, inProgress: 1, completedToday: 1, highPriority: 2 });
  });
});
