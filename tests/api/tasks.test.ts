/**
 * Task management: create, read, edit, assign, move through statuses, delete; every change audited;
 * assignees are staff; quick stats; optimistic concurrency in the adapter; who may call each route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectError, expectInvalidFields, expectUnknownKey } from "../fixtures/builders.ts";
import { callers, expectAdminOnly, type Callers } from "../fixtures/roles.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";

type Task = {
  id: string; title: string; description: string; priority: string; status: string; category: string; assignedTo: string | null;
  assignee: { id: string; name: string; email: string } | null; createdBy: string; creator: { id: string } | null;
  dueDate: string | null; createdAt: string; updatedAt: string; completedAt: string | null;
};

let t: TestApp;
let who: Callers;
let admin: Session;
let adminId: string;
let traderId: string;
let customerId: string;
beforeAll(async () => {
  t = await makeTestApp();
  who = await callers(t);
  admin = who.admin;
  adminId = await currentUserId(admin);
  traderId = await currentUserId(who.trader);
  customerId = await currentUserId(who.customer);
});
afterAll(() => t.close());

const audits = (id: string) =>
  t.database.client.execute({ sql: "SELECT action, before, after, actor_id FROM audit_log WHERE entity_type = 'task' AND entity_id = ? ORDER BY created_at, rowid", args: [id] });

async function create(body: Record<string, unknown>): Promise<Task> {
  const res = await admin.post("/api/admin/tasks", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Task;
}

describe("creating and reading tasks", () => {
  it("creates a task with defaults, audited, and lists and reads it", async () => {
    const task = await create({ title: "  Review Ethan Brooks  ", category: "risk_review" });
    expect(task).toMatchObject({
      title: "Review Ethan Brooks", description: "", priority: "medium", status: "pending", category: "risk_review",
      assignedTo: null, assignee: null, createdBy: adminId, dueDate: null, completedAt: null,
    });
    const a = await audits(task.id);
    expect(a.rows.map((r) => r.action)).toEqual(["task.create"]);
    expect(a.rows[0].actor_id).toBe(adminId);
    const list = (await (await admin.get("/api/admin/tasks")).json()) as Task[];
    expect(list.map((x) => x.id)).toContain(task.id);
    const one = await admin.get(`/api/admin/tasks/${task.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(task);
    await expectError(await admin.get("/api/admin/tasks/tsk_nobody"), 404, "TASK.NOT_FOUND");
  });

  it("assigns to staff with a due date; refuses a customer or unknown assignee, writing nothing", async () => {
    const due = "2026-12-01T09:00:00.000Z";
    const task = await create({ title: "Settle the A-League match", category: "bet_settlement", priority: "high", assignedTo: traderId, dueDate: due, description: "After the result is in" });
    expect(task).toMatchObject({ assignedTo: traderId, dueDate: due, priority: "high", assignee: expect.objectContaining({ id: traderId, name: "Demo Trader" }) });
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM tasks");
    await expectError(await admin.post("/api/admin/tasks", { title: "x", category: "risk_review", assignedTo: customerId }), 422, "TASK.ASSIGNEE_INVALID");
    await expectError(await admin.post("/api/admin/tasks", { title: "x", category: "risk_review", assignedTo: "usr_nobody" }), 422, "TASK.ASSIGNEE_INVALID");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM tasks")).toBe(before);
  });

  it("validates the body", async () => {
    await expectInvalidFields(await admin.post("/api/admin/tasks", { category: "risk_review" }), "title");
    await expectInvalidFields(await admin.post("/api/admin/tasks", { title: "x", category: "risk_review", priority: "urgent" }), "priority");
    await expectInvalidFields(await admin.post("/api/admin/tasks", { title: "x", category: "gardening" }), "category");
    await expectInvalidFields(await admin.post("/api/admin/tasks", { title: "x", category: "risk_review", dueDate: "tomorrow" }), "dueDate");
    await expectUnknownKey(await admin.post("/api/admin/tasks", { title: "x", category: "risk_review", createdBy: traderId }), "createdBy");
  });

  it("filters by status, priority, category and assignee", async () => {
    const all = (await (await admin.get("/api/admin/tasks")).json()) as Task[];
    for (const [q, f] of [
      ["status=pending", (x: Task) => x.status === "pending"],
      ["priority=high", (x: Task) => x.priority === "high"],
      ["category=bet_settlement", (x: Task) => x.category === "bet_settlement"],
      [`assignedTo=${traderId}`, (x: Task) => x.assignedTo === traderId],
    ] as const) {
      const got = (await (await admin.get(`/api/admin/tasks?${q}`)).json()) as Task[];
      expect(got.map((x) => x.id).sort()).toEqual(all.filter(f).map((x) => x.id).sort());
    }
    await expectInvalidFields(await admin.get("/api/admin/tasks?status=done"), "status");
  });
});

describe("editing tasks", () => {
  it("moves through its statuses, stamping completion, with an audit record of each change", async () => {
    const task = await create({ title: "Rotate feed keys", category: "system_maintenance" });
    const patch = async (body: Record<string, unknown>) => {
      const res = await admin.patch(`/api/admin/tasks/${task.id}`, body);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Task;
    };
    expect((await patch({ status: "in_progress", assignedTo: adminId })).status).toBe("in_progress");
    const done = await patch({ status: "completed" });
    expect(done.completedAt).not.toBeNull();
    const reopened = await patch({ status: "pending" });
    expect(reopened.completedAt).toBeNull();
    const edited = await patch({ title: "Rotate feed API keys", priority: "critical", dueDate: null, assignedTo: null });
    expect(edited).toMatchObject({ title: "Rotate feed API keys", priority: "critical", assignedTo: null, assignee: null });
    const a = await audits(task.id);
    expect(a.rows.map((r) => r.action)).toEqual(["task.create", "task.status", "task.status", "task.status", "task.update"]);
    expect(JSON.parse(String(a.rows[1].before))).toEqual({ status: "pending", assignedTo: null });
    expect(JSON.parse(String(a.rows[1].after))).toEqual({ status: "in_progress", assignedTo: adminId });
    expect(JSON.parse(String(a.rows[4].after))).toEqual({ title: "Rotate feed API keys", priority: "critical", assignedTo: null });
  });

  it("does not complete a cancelled task without reopening it", async () => {
    const task = await create({ title: "Old check", category: "risk_review", status: "cancelled" });
    await expectError(await admin.patch(`/api/admin/tasks/${task.id}`, { status: "completed" }), 409, "TASK.INVALID_TRANSITION");
    expect((await admin.patch(`/api/admin/tasks/${task.id}`, { status: "in_progress" })).status).toBe(200);
  });

  it("refuses empty or invalid patches, unknown tasks and non-staff assignees, writing nothing", async () => {
    const task = await create({ title: "Patch me", category: "risk_review" });
    const before = await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log");
    await expectError(await admin.patch(`/api/admin/tasks/${task.id}`, {}), 400, "REQUEST.INVALID");
    await expectInvalidFields(await admin.patch(`/api/admin/tasks/${task.id}`, { status: "done" }), "status");
    await expectUnknownKey(await admin.patch(`/api/admin/tasks/${task.id}`, { createdAt: "2020-01-01T00:00:00Z" }), "createdAt");
    await expectError(await admin.patch("/api/admin/tasks/tsk_nobody", { status: "completed" }), 404, "TASK.NOT_FOUND");
    await expectError(await admin.patch(`/api/admin/tasks/${task.id}`, { assignedTo: customerId }), 422, "TASK.ASSIGNEE_INVALID");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log")).toBe(before);
    const after = (await (await admin.get(`/api/admin/tasks/${task.id}`)).json()) as Task;
    expect(after.assignedTo).toBeNull();
  });

  it("an edit based on a stale read writes nothing (the adapter checks the version)", async () => {
    const task = await create({ title: "Race me", category: "risk_review" });
    const ports = libsqlPorts(t.database);
    const current = (await ports.tasks.find(task.id))!;
    const stale = new Date(current.updatedAt.getTime() - 1);
    const audit = { id: "aud_test_stale", actorId: adminId, actorRole: "admin", action: "task.update", entityType: "task", entityId: task.id, before: {}, after: {}, createdAt: new Date() };
    expect(await ports.tasks.update({ ...current, title: "Lost update" }, stale, audit)).toBe("conflict");
    expect((await ports.tasks.find(task.id))!.title).toBe("Race me");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE id = 'aud_test_stale'")).toBe(0);
  });
});

describe("deleting tasks", () => {
  it("deletes with an audit record of the task as it was", async () => {
    const task = await create({ title: "Delete me", category: "system_maintenance", priority: "low" });
    const res = await admin.request("DELETE", `/api/admin/tasks/${task.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: task.id });
    const a = await audits(task.id);
    expect(a.rows.map((r) => r.action)).toEqual(["task.create", "task.delete"]);
    expect(JSON.parse(String(a.rows[1].before))).toMatchObject({ title: "Delete me", priority: "low" });
    await expectError(await admin.get(`/api/admin/tasks/${task.id}`), 404, "TASK.NOT_FOUND");
    await expectError(await admin.request("DELETE", `/api/admin/tasks/${task.id}`), 404, "TASK.NOT_FOUND");
  });
});

describe("quick stats and staff", () => {
  it("counts pending, in progress, completed today and open high priority", async () => {
    const all = (await (await admin.get("/api/admin/tasks")).json()) as Task[];
    const today = new Date().toISOString().slice(0, 10);
    const res = await admin.get("/api/admin/task-stats");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      pending: all.filter((x) => x.status === "pending").length,
      inProgress: all.filter((x) => x.status === "in_progress").length,
      completedToday: all.filter((x) => x.status === "completed" && x.completedAt?.startsWith(today)).length,
      highPriority: all.filter((x) => ["pending", "in_progress"].includes(x.status) && ["high", "critical"].includes(x.priority)).length,
    });
  });

  it("lists active admins and traders as assignable staff, without demo accounts", async () => {
    const staff = (await (await admin.get("/api/admin/staff")).json()) as { id: string; role: string }[];
    expect(staff.every((s) => s.role === "admin" || s.role === "trader")).toBe(true);
    const real = await t.database.client.execute("SELECT id FROM users WHERE role IN ('admin','trader') AND is_active = 1 AND is_demo = 0");
    expect(staff.map((s) => s.id).sort()).toEqual(real.rows.map((r) => String(r.id)).sort());
    // The demo admin and trader signed in above are not assignees (else the assignee list showed 20+ identical "Demo Admin").
    expect(staff.map((s) => s.id)).not.toContain(adminId);
    expect(staff.map((s) => s.id)).not.toContain(traderId);
    expect(staff.map((s) => s.id)).not.toContain(customerId);
  });

  it("the seeded demo has real tasks", async () => {
    const seeded = await countRows(t.database, "SELECT COUNT(*) AS n FROM tasks t JOIN users u ON u.id = t.created_by WHERE u.email = 'sarah.mitchell@example.com'");
    expect(seeded).toBe(4);
  });
});

describe("authorization", () => {
  it.each([
    { method: "GET", path: "/api/admin/tasks" },
    { method: "POST", path: "/api/admin/tasks", body: { title: "x", category: "risk_review" } },
    { method: "GET", path: "/api/admin/tasks/tsk_nobody" },
    { method: "PATCH", path: "/api/admin/tasks/tsk_nobody", body: { status: "completed" } },
    { method: "DELETE", path: "/api/admin/tasks/tsk_nobody" },
    { method: "GET", path: "/api/admin/task-stats" },
    { method: "GET", path: "/api/admin/staff" },
  ] as const)("$method $path is for admins only", async (route) => {
    await expectAdminOnly(who, route);
  });
});
