/**
 * createTask, updateTask and deleteTask on the world (tasks on libSQL: every port there): each change
 * one write with its audit record; assignees must be staff; a completed task must be reopened
 * before it moves on; only admins manage tasks. Refusals write nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createTask, deleteTask, updateTask, type NewTaskInput } from "../../domain/tasks/manage-tasks.ts";
import type { User } from "../../domain/shared/types.ts";
import type { Result } from "../../domain/shared/result.ts";
import { makeWorld, NOW, sqlAudit, type World } from "./world.ts";

let w: World;
let admin: User;
let trader: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  admin = await w.staff("adm", "admin");
  trader = await w.staff("trd", "trader");
});
const task = (over: Partial<NewTaskInput> = {}): NewTaskInput => ({
  title: "  Check the late goal  ", description: "VAR review", priority: "high", status: "pending", category: "bet_settlement",
  assignedTo: "trd", dueDate: new Date("2026-11-22T09:00:00Z"), ...over,
});

describe("tasks", () => {
  it("created (title trimmed), assigned to a trader, audited task.create", async () => {
    const r = await createTask(w.as(admin), task());
    expect(r.ok && r.value).toMatchObject({
      id: "tsk_1", title: "Check the late goal", status: "pending", assignedTo: "trd", createdBy: "adm", createdAt: NOW, completedAt: null,
    });
    expect(await sqlAudit(w.database)).toEqual([{
      action: "task.create", actorId: "adm", entity: "task:tsk_1", before: null,
      after: { title: "Check the late goal", description: "VAR review", priority: "high", status: "pending", category: "bet_settlement", assignedTo: "trd", dueDate: "2026-11-22T09:00:00.000Z" },
    }]);
  });

  it("completed: completedAt set, audited task.status with only what changed; then deleted", async () => {
    await createTask(w.as(admin), task());
    const r = await updateTask(w.as(admin), "tsk_1", { status: "completed" });
    expect(r.ok && r.value).toMatchObject({ status: "completed", completedAt: NOW });
    expect((await sqlAudit(w.database)).at(-1)).toMatchObject({ action: "task.status", before: { status: "pending" }, after: { status: "completed" } });
    expect(await deleteTask(w.as(admin), "tsk_1")).toEqual({ ok: true, value: { id: "tsk_1" } });
    expect(await w.ports.tasks.find("tsk_1")).toBeNull();
    expect((await sqlAudit(w.database)).at(-1)).toMatchObject({ action: "task.delete", after: null });
  });
});

describe("refused, nothing written", () => {
  it("assigned to a customer: TASK.ASSIGNEE_INVALID", async () => {
    await w.customer("c1", 0);
    expect(await w.unchanged(() => createTask(w.as(admin), task({ assignedTo: "c1" })))).toEqual({
      ok: false,
      error: { code: "TASK.ASSIGNEE_INVALID", message: "Tasks can only be assigned to staff (admin or trader)" },
    });
  });

  it("a cancelled task set completed: TASK.INVALID_TRANSITION", async () => {
    await createTask(w.as(admin), task({ status: "cancelled" }));
    expect(await w.unchanged(() => updateTask(w.as(admin), "tsk_1", { status: "completed" }))).toEqual({
      ok: false,
      error: { code: "TASK.INVALID_TRANSITION", message: "A cancelled task cannot be set completed; reopen it first" },
    });
  });

  it("an unknown task: TASK.NOT_FOUND (update and delete)", async () => {
    for (const act of [() => updateTask(w.as(admin), "tsk_x", { title: "x" }), () => deleteTask(w.as(admin), "tsk_x")] as (() => Promise<Result<unknown>>)[]) {
      const r = await w.unchanged(act);
      expect(!r.ok && r.error.code).toBe("TASK.NOT_FOUND");
    }
  });

  it("a trader: AUTH.FORBIDDEN (create, update, delete)", async () => {
    await createTask(w.as(admin), task());
    for (const act of [() => createTask(w.as(trader), task()), () => updateTask(w.as(trader), "tsk_1", { title: "x" }), () => deleteTask(w.as(trader), "tsk_1")] as (() => Promise<Result<unknown>>)[]) {
      const r = await w.unchanged(act);
      expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
    }
  });
});
