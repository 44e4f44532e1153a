/** Create Task and Edit: POST /api/admin/tasks and PATCH /api/admin/tasks/{id}. */
import { Callout, Flex, Grid, Select, TextArea, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { CreateTaskBody, Task, UpdateTaskBody } from "../../../../../api/schemas/tasks.ts";
import { apiSend } from "../../../lib/api.ts";
import { keys, queries } from "../../../lib/queries.ts";
import { toLocalInput } from "../../../lib/local-time.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { Field } from "../form.tsx";
import { FormDialog } from "../form-dialog.tsx";

export const STATUS_LABEL = { pending: "Pending", in_progress: "In Progress", completed: "Completed", cancelled: "Cancelled" } as const;
export const PRIORITY_LABEL = { low: "Low", medium: "Medium", high: "High", critical: "Critical" } as const;
export const CATEGORY_LABEL = { bet_settlement: "Bet settlement", risk_review: "Risk review", system_maintenance: "System maintenance" } as const;

type Form = {
  title: string;
  description: string;
  priority: Task["priority"];
  status: Task["status"];
  category: Task["category"];
  assignedTo: string;
  dueDate: string;
};

/** The dialog's fields for a task; the due date as the browser's calendar day (saved as 17:00 that day). */
export function fromTask(t: Task | null): Form {
  return {
    title: t?.title ?? "",
    description: t?.description ?? "",
    priority: t?.priority ?? "medium",
    status: t?.status ?? "pending",
    category: t?.category ?? "bet_settlement",
    assignedTo: t?.assignedTo ?? "none",
    dueDate: t?.dueDate ? toLocalInput(new Date(t.dueDate)).slice(0, 10) : "",
  };
}

/** What a task change refreshes. */
export const TASK_KEYS = [keys.tasks, keys.taskStats, keys.audit];

export function TaskDialog({ task, open, onOpenChange }: { task: Task | null; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [form, setForm] = useState<Form>(() => fromTask(task));
  const staff = useQuery({ ...queries.staff(), enabled: open });
  const editing = task !== null;

  const save = useAdminMutation({
    request: (body: CreateTaskBody | UpdateTaskBody) =>
      editing
        ? apiSend<Task | { task: Task }>("PATCH", `/api/admin/tasks/${encodeURIComponent(task!.id)}`, body)
        : apiSend<Task | { task: Task }>("POST", "/api/admin/tasks", body),
    success: () => ({ title: editing ? "Task updated" : "Task created", description: form.title.trim() }),
    onSuccess: () => onOpenChange(false),
    failure: editing ? "Failed to update the task" : "Failed to create the task",
    invalidate: TASK_KEYS,
  });

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  function submit() {
    const dueDate = form.dueDate ? new Date(`${form.dueDate}T17:00:00`).toISOString() : null;
    save.mutate({
      title: form.title.trim(),
      description: form.description,
      priority: form.priority,
      status: form.status,
      category: form.category,
      assignedTo: form.assignedTo === "none" ? null : form.assignedTo,
      dueDate,
    });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        if (o) setForm(fromTask(task));
        onOpenChange(o);
      }}
      onOpen={() => setForm(fromTask(task))}
      maxWidth="520px"
      testId="task-dialog"
      title={editing ? "Edit Task" : "Create Task"}
      description={editing ? "Change the task, its status or who it is assigned to." : "A task for the operations team."}
      onSubmit={submit}
      confirmLabel={editing ? "Save Changes" : "Create Task"}
      confirmTestId="task-save"
      pending={save.isPending}
    >
      <Flex direction="column" gap="3">
        <Field id="tk-title" label="Title">
          <TextField.Root id="tk-title" required maxLength={200} value={form.title} onChange={(e) => set("title", e.target.value)} data-testid="task-title-input" />
        </Field>
        <Field id="tk-description" label="Description">
          <TextArea id="tk-description" maxLength={4000} value={form.description} onChange={(e) => set("description", e.target.value)} />
        </Field>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field id="tk-priority" label="Priority">
            <Select.Root value={form.priority} onValueChange={(v) => set("priority", v as Form["priority"])}>
              <Select.Trigger id="tk-priority" aria-label="Priority" />
              <Select.Content>
                {Object.entries(PRIORITY_LABEL).map(([v, l]) => (
                  <Select.Item key={v} value={v}>
                    {l}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
          <Field id="tk-status" label="Status">
            <Select.Root value={form.status} onValueChange={(v) => set("status", v as Form["status"])}>
              <Select.Trigger id="tk-status" aria-label="Status" />
              <Select.Content>
                {Object.entries(STATUS_LABEL).map(([v, l]) => (
                  <Select.Item key={v} value={v}>
                    {l}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
          <Field id="tk-category" label="Category">
            <Select.Root value={form.category} onValueChange={(v) => set("category", v as Form["category"])}>
              <Select.Trigger id="tk-category" aria-label="Category" />
              <Select.Content>
                {Object.entries(CATEGORY_LABEL).map(([v, l]) => (
                  <Select.Item key={v} value={v}>
                    {l}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
          <Field id="tk-assignee" label="Assignee">
            <Select.Root value={form.assignedTo} onValueChange={(v) => set("assignedTo", v)}>
              <Select.Trigger id="tk-assignee" aria-label="Assignee" data-testid="task-assignee" />
              <Select.Content>
                <Select.Item value="none">Unassigned</Select.Item>
                {(staff.data ?? []).map((s) => (
                  <Select.Item key={s.id} value={s.id}>
                    {s.name} ({s.role})
                  </Select.Item>
                ))}
                {task?.assignee && !(staff.data ?? []).some((s) => s.id === task.assignee!.id) && (
                  <Select.Item value={task.assignee.id}>{task.assignee.name}</Select.Item>
                )}
              </Select.Content>
            </Select.Root>
          </Field>
          <Field id="tk-due" label="Due date">
            <TextField.Root id="tk-due" type="date" value={form.dueDate} onChange={(e) => set("dueDate", e.target.value)} />
          </Field>
        </Grid>
        {staff.isError && (
          <Callout.Root color="amber" size="1">
            <Callout.Text>Staff list unavailable: {staff.error.message}</Callout.Text>
          </Callout.Root>
        )}
      </Flex>
    </FormDialog>
  );
}
