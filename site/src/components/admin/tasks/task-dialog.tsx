/** Create Task and Edit: POST /api/admin/tasks and PATCH /api/admin/tasks/{id}. */
import { Callout, Flex, Grid, Select, TextArea, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { CreateTaskBody, Task, UpdateTaskBody } from "../../../../../api/schemas/tasks.ts";
import { apiSend } from "../../../lib/api.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
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

/** A labelled select over a value -> label table (priority, status, category). */
function LabelSelect<K extends string>({ id, label, labels, value, onChange }: { id: string; label: string; labels: Record<K, string>; value: K; onChange: (v: K) => void }) {
  return (
    <Field id={id} label={label}>
      <Select.Root value={value} onValueChange={(v) => onChange(v as K)}>
        <Select.Trigger id={id} aria-label={label} />
        <Select.Content>
          {(Object.entries(labels) as [K, string][]).map(([v, l]) => (
            <Select.Item key={v} value={v}>
              {l}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Field>
  );
}

/** What a task change refreshes. */
export const TASK_KEYS = [adminKeys.tasks, adminKeys.taskStats, adminKeys.audit];

export function TaskDialog({ task, open, onOpenChange }: { task: Task | null; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [form, setForm] = useState<Form>(() => fromTask(task));
  const staff = useQuery({ ...adminQueries.staff(), enabled: open });
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
          <LabelSelect id="tk-priority" label="Priority" labels={PRIORITY_LABEL} value={form.priority} onChange={(v) => set("priority", v)} />
          <LabelSelect id="tk-status" label="Status" labels={STATUS_LABEL} value={form.status} onChange={(v) => set("status", v)} />
          <LabelSelect id="tk-category" label="Category" labels={CATEGORY_LABEL} value={form.category} onChange={(v) => set("category", v)} />
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
