/**
 * The Tasks tab: the task list with its status filter, the selected task's details and status actions,
 * and Quick Stats.
 */
import { Badge, Button, Card, DataList, Flex, Grid, Heading, Select, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Task } from "../../../../../api/schemas/tasks.ts";
import { apiSend } from "../../../lib/api.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { PRIORITY_COLOR } from "../tasks-card.tsx";
import { count, EmptyState, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { CATEGORY_LABEL, PRIORITY_LABEL, STATUS_LABEL, TASK_KEYS, TaskDialog } from "./task-dialog.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { LocalTime } from "../../local-time.tsx";
import { formatLocal } from "../../../lib/local-time.ts";

const STATUS_COLOR = { pending: "gray", in_progress: "blue", completed: "green", cancelled: "red" } as const;

function useTaskStatus() {
  return useAdminMutation({
    request: ({ id, status }: { id: string; status: Task["status"] }) => apiSend<unknown>("PATCH", `/api/admin/tasks/${encodeURIComponent(id)}`, { status }),
    success: (_r, v) => ({ title: "Task updated", description: `Status: ${STATUS_LABEL[v.status]}` }),
    failure: "Failed to update the task",
    invalidate: TASK_KEYS,
  });
}

function useDeleteTask() {
  return useAdminMutation({
    request: (t: Task) => apiSend<{ id: string }>("DELETE", `/api/admin/tasks/${encodeURIComponent(t.id)}`),
    success: (_r, t) => ({ title: "Task deleted", description: t.title }),
    failure: "Failed to delete the task",
    invalidate: TASK_KEYS,
  });
}

export function TasksTab() {
  const tasks = useQuery(adminQueries.tasks());
  const stats = useQuery(adminQueries.taskStats());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [statusFilter, setStatusFilter] = useState<"open" | "all" | Task["status"]>("open");
  const setStatus = useTaskStatus();
  const del = useDeleteTask();
  const all = tasks.data ?? [];
  const list = all.filter((t) =>
    statusFilter === "all" ? true : statusFilter === "open" ? t.status === "pending" || t.status === "in_progress" : t.status === statusFilter,
  );
  const selected = all.find((t) => t.id === selectedId) ?? list[0] ?? null;
  const s = stats.data;

  return (
    <div className="adm-task-grid">
      <Card size="2" className="adm-task-grid__list">
        <Flex justify="between" align="center" mb="3" gap="2" wrap="wrap">
          <Heading as="h2" size="3">
            Tasks
          </Heading>
          <Select.Root value={statusFilter} onValueChange={(v) => setStatusFilter(v as typeof statusFilter)}>
            <Select.Trigger aria-label="Show tasks" />
            <Select.Content>
              <Select.Item value="open">Open</Select.Item>
              <Select.Item value="all">All</Select.Item>
              {Object.entries(STATUS_LABEL).map(([v, l]) => (
                <Select.Item key={v} value={v}>
                  {l}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        <ErrorNote what="tasks" error={tasks.error} />
        {tasks.isPending ? (
          <RowsSkeleton rows={4} height="52px" />
        ) : list.length === 0 ? (
          <EmptyState title="No tasks" hint="Create a task to get started" />
        ) : (
          <ul className="adm-select-list" data-testid="task-list">
            {list.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className={`adm-select-list__item ${selected?.id === t.id ? "is-selected" : ""}`}
                  aria-pressed={selected?.id === t.id}
                  onClick={() => setSelectedId(t.id)}
                  data-testid={`task-${t.id}`}
                >
                  <Flex justify="between" gap="2" align="center">
                    <Text size="2" weight="medium" className="adm-ellipsis-wide">
                      {t.title}
                    </Text>
                    <Badge color={PRIORITY_COLOR[t.priority]} variant="soft">
                      {PRIORITY_LABEL[t.priority]}
                    </Badge>
                  </Flex>
                  <Text as="div" size="1" color="gray">
                    {STATUS_LABEL[t.status]} · {t.assignee?.name ?? "Unassigned"}
                    {t.dueDate ? ` · due ${formatLocal(t.dueDate, "date")}` : ""}
                  </Text>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Flex direction="column" gap="4" className="adm-task-grid__side">
        <Card size="2" data-testid="task-details">
          {selected ? (
            <>
              <Flex justify="between" align="start" gap="2">
                <Heading as="h2" size="4">
                  {selected.title}
                </Heading>
                <Button size="2" variant="soft" onClick={() => setEditing(true)} data-testid="task-edit">
                  Edit
                </Button>
              </Flex>
              <Text as="p" size="2" color="gray" my="2" style={{ whiteSpace: "pre-wrap" }}>
                {selected.description || "No description."}
              </Text>
              <DataList.Root size="2">
                <DataList.Item>
                  <DataList.Label>Priority</DataList.Label>
                  <DataList.Value>
                    <Badge color={PRIORITY_COLOR[selected.priority]}>{PRIORITY_LABEL[selected.priority]}</Badge>
                  </DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Status</DataList.Label>
                  <DataList.Value>
                    <Badge color={STATUS_COLOR[selected.status]} data-testid="task-status">
                      {STATUS_LABEL[selected.status]}
                    </Badge>
                  </DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Assignee</DataList.Label>
                  <DataList.Value>{selected.assignee?.name ?? "Unassigned"}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Due date</DataList.Label>
                  <DataList.Value><LocalTime value={selected.dueDate} style="date" /></DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Category</DataList.Label>
                  <DataList.Value>{CATEGORY_LABEL[selected.category]}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Created by</DataList.Label>
                  <DataList.Value>
                    {selected.creator?.name ?? selected.createdBy} · <LocalTime value={selected.createdAt} style="date" />
                  </DataList.Value>
                </DataList.Item>
              </DataList.Root>
              <Flex gap="2" mt="3" wrap="wrap">
                {selected.status === "pending" && (
                  <Button size="2" variant="soft" onClick={() => setStatus.mutate({ id: selected.id, status: "in_progress" })} data-testid="task-start">
                    Start
                  </Button>
                )}
                {(selected.status === "pending" || selected.status === "in_progress") && (
                  <>
                    <Button size="2" variant="soft" color="green" onClick={() => setStatus.mutate({ id: selected.id, status: "completed" })} data-testid="task-complete">
                      Complete
                    </Button>
                    <Button size="2" variant="soft" color="red" onClick={() => setStatus.mutate({ id: selected.id, status: "cancelled" })}>
                      Cancel Task
                    </Button>
                  </>
                )}
                {(selected.status === "completed" || selected.status === "cancelled") && (
                  <Button size="2" variant="soft" color="gray" onClick={() => setStatus.mutate({ id: selected.id, status: "pending" })}>
                    Reopen
                  </Button>
                )}
                <Button
                  size="2"
                  variant="ghost"
                  color="red"
                  loading={del.isPending}
                  onClick={() => {
                    if (window.confirm(`Delete the task "${selected.title}"?`)) del.mutate(selected, { onSuccess: () => setSelectedId(null) });
                  }}
                >
                  Delete
                </Button>
              </Flex>
              <TaskDialog task={selected} open={editing} onOpenChange={setEditing} />
            </>
          ) : (
            <EmptyState title="Select a task" hint="Its details show here" />
          )}
        </Card>
        <Card size="2">
          <Heading as="h2" size="3" mb="3">
            Quick Stats
          </Heading>
          <Grid columns="2" gap="3" data-testid="task-stats">
            <MiniStat label="Pending" value={s?.pending} />
            <MiniStat label="In Progress" value={s?.inProgress} />
            <MiniStat label="Completed Today" value={s?.completedToday} />
            <MiniStat label="High Priority" value={s?.highPriority} />
          </Grid>
          <ErrorNote what="task figures" error={stats.error} />
        </Card>
      </Flex>
    </div>
  );
}

function MiniStat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div>
      <Text as="div" size="1" color="gray">
        {label}
      </Text>
      <Text as="div" size="5" weight="bold" className="adm-num">
        {value === undefined ? "–" : count.format(value)}
      </Text>
    </div>
  );
}
