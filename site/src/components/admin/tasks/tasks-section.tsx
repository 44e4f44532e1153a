/**
 * Task Management (spec section 2): real tasks (create, edit, assign, status changes) with Quick
 * Stats; Bulk Operations cards and recent operations; Bulk Settlement that runs with a progress bar
 * until it ends completed or failed; Customer Insights reports generated from real data as CSV.
 * Administrators only.
 */
import { Badge, Button, Card, DataList, Flex, Grid, Heading, Select, Tabs, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Task } from "../../../../../api/schemas/tasks.ts";
import { apiSend } from "../../../lib/api.ts";
import { queries } from "../../../lib/queries.ts";
import { useRole } from "../console-context.tsx";
import { Field } from "../form.tsx";
import { PlusIcon } from "../icons.tsx";
import { PRIORITY_COLOR } from "../tasks-card.tsx";
import { AdminOnlyPanel, count, EmptyState, ErrorNote, formatDate, RowsSkeleton, SectionFrame, StatCard, StatGrid } from "../ui.tsx";
import { OperationRow, OperationsList, useBulkOperations, useStartOperation } from "./bulk-operations.tsx";
import { CATEGORY_LABEL, PRIORITY_LABEL, STATUS_LABEL, TASK_KEYS, TaskDialog } from "./task-dialog.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";

const STATUS_COLOR = { pending: "gray", in_progress: "blue", completed: "green", cancelled: "red" } as const;

export default function TasksSection() {
  const { isAdmin } = useRole();
  const [tab, setTab] = useState("tasks");
  const [creating, setCreating] = useState(false);
  if (!isAdmin) {
    return (
      <SectionFrame id="tasks" title="Task Management" description="Manage tasks, bulk operations, and system workflows">
        <AdminOnlyPanel title="Task Management" what="Task management" />
      </SectionFrame>
    );
  }
  return (
    <SectionFrame
      id="tasks"
      title="Task Management"
      description="Manage tasks, bulk operations, and system workflows"
      actions={
        <Button onClick={() => setCreating(true)} data-testid="create-task">
          <PlusIcon /> Create Task
        </Button>
      }
    >
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List aria-label="Task management views">
          <Tabs.Trigger value="tasks">Tasks</Tabs.Trigger>
          <Tabs.Trigger value="bulk">Bulk Operations</Tabs.Trigger>
          <Tabs.Trigger value="settlement">Bulk Settlement</Tabs.Trigger>
          <Tabs.Trigger value="insights">Customer Insights</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="tasks" className="adm-tab">
          <TasksTab />
        </Tabs.Content>
        <Tabs.Content value="bulk" className="adm-tab">
          <BulkTab onOpen={setTab} />
        </Tabs.Content>
        <Tabs.Content value="settlement" className="adm-tab">
          <SettlementTab />
        </Tabs.Content>
        <Tabs.Content value="insights" className="adm-tab">
          <InsightsTab />
        </Tabs.Content>
      </Tabs.Root>
      <TaskDialog task={null} open={creating} onOpenChange={setCreating} />
    </SectionFrame>
  );
}

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

function TasksTab() {
  const tasks = useQuery(queries.tasks());
  const stats = useQuery(queries.taskStats());
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
                    {t.dueDate ? ` · due ${formatDate(t.dueDate)}` : ""}
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
                <Heading as="h3" size="4">
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
                  <DataList.Value>{formatDate(selected.dueDate)}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Category</DataList.Label>
                  <DataList.Value>{CATEGORY_LABEL[selected.category]}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Created by</DataList.Label>
                  <DataList.Value>
                    {selected.creator?.name ?? selected.createdBy} · {formatDate(selected.createdAt)}
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
          <Heading as="h3" size="3" mb="3">
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

function BulkTab({ onOpen }: { onOpen: (tab: string) => void }) {
  const start = useStartOperation();
  const cards = [
    { key: "settlement", title: "Bulk Settlement", text: "Settle pending bets on finished events from their results.", action: () => onOpen("settlement"), label: "Open" },
    { key: "insight", title: "Customer Insights", text: "Analyse customer behaviour and download the report.", action: () => onOpen("insights"), label: "Open" },
    {
      key: "risk",
      title: "Risk Analysis",
      text: "Score every customer's betting for sharp and risky patterns (CSV).",
      action: () => start.mutate({ type: "risk_analysis", params: { analysisType: "comprehensive", segment: "all" } }),
      label: "Run Analysis",
    },
    {
      key: "export",
      title: "Export Report",
      text: "Financial report for the last month from the ledger (CSV).",
      action: () => start.mutate({ type: "export_report", params: { reportType: "financial", dateRange: "month" } }),
      label: "Generate",
    },
  ];
  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: "1", sm: "2", lg: "4" }} gap="3">
        {cards.map((c) => (
          <Card key={c.key} size="2" data-testid={`bulk-card-${c.key}`}>
            <Heading as="h3" size="3">
              {c.title}
            </Heading>
            <Text as="p" size="2" color="gray" my="2">
              {c.text}
            </Text>
            <Button variant="soft" onClick={c.action} loading={start.isPending && (c.key === "risk" || c.key === "export")}>
              {c.label}
            </Button>
          </Card>
        ))}
      </Grid>
      <div>
        <Heading as="h3" size="3" mb="2">
          Recent operations
        </Heading>
        <OperationsList />
      </div>
    </Flex>
  );
}

const SETTLEMENT_TYPES = [
  { value: "completed_events", label: "Completed events", supported: true },
  { value: "cancelled_events", label: "Cancelled events", supported: false },
  { value: "voided_bets", label: "Voided bets", supported: false },
  { value: "manual_review", label: "Manual review (list only)", supported: true },
] as const;
const SPORTS = [
  { value: "all", label: "All sports" },
  { value: "soccer", label: "Soccer" },
  { value: "basketball", label: "Basketball" },
  { value: "tennis", label: "Tennis" },
  { value: "american_football", label: "American football" },
] as const;

function SettlementTab() {
  const [settlementType, setSettlementType] = useState<"completed_events" | "manual_review">("completed_events");
  const [sport, setSport] = useState<(typeof SPORTS)[number]["value"]>("all");
  const stats = useQuery(queries.dashboardStats());
  const ops = useBulkOperations();
  const start = useStartOperation();
  const settlements = (ops.data ?? []).filter((o) => o.type === "settlement");
  const latest = settlements[0];
  const running = settlements.some((o) => o.status === "pending" || o.status === "processing");

  return (
    <Flex direction="column" gap="4">
      <StatGrid>
        <StatCard label="Pending Bets" value={stats.data ? count.format(stats.data.pendingBets) : undefined} sub="awaiting settlement" tone="amber" />
        <StatCard label="Finished Events" value={stats.data ? count.format(stats.data.finishedEvents) : undefined} sub="with recorded results" />
        <StatCard label="Last Run Settled" value={ops.data ? (latest ? count.format(latest.succeeded) : "0") : undefined} sub={latest ? `${latest.failed} failed · ${latest.status}` : "no run yet"} />
        <StatCard label="Runs" value={ops.data ? count.format(settlements.length) : undefined} sub="settlement operations" />
      </StatGrid>
      <Card size="2" style={{ maxWidth: 640 }}>
        <Heading as="h3" size="3" mb="3">
          Run Bulk Settlement
        </Heading>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field id="bs-type" label="Settlement type">
            <Select.Root value={settlementType} onValueChange={(v) => setSettlementType(v as typeof settlementType)}>
              <Select.Trigger id="bs-type" aria-label="Settlement type" />
              <Select.Content>
                {SETTLEMENT_TYPES.map((t) => (
                  <Select.Item key={t.value} value={t.value} disabled={!t.supported}>
                    {t.label}
                    {t.supported ? "" : " (not available)"}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
          <Field id="bs-sport" label="Sport">
            <Select.Root value={sport} onValueChange={(v) => setSport(v as typeof sport)}>
              <Select.Trigger id="bs-sport" aria-label="Sport" />
              <Select.Content>
                {SPORTS.map((s) => (
                  <Select.Item key={s.value} value={s.value}>
                    {s.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
        </Grid>
        <Text as="p" size="1" color="gray" mt="2">
          Cancelled events and voided bets are not offered: events cannot be cancelled in this release, and single bets are voided
          one by one from Bet Management or by voiding their market.
        </Text>
        <Button
          mt="3"
          onClick={() => start.mutate({ type: "settlement", params: { settlementType, sport } })}
          loading={start.isPending}
          disabled={running}
          data-testid="run-bulk-settlement"
        >
          {running ? "Settlement running…" : "Run Settlement"}
        </Button>
      </Card>
      {latest && (
        <div>
          <Heading as="h3" size="3" mb="2">
            Latest run
          </Heading>
          <OperationRow op={latest} />
        </div>
      )}
    </Flex>
  );
}

const ANALYSIS = ["comprehensive", "sharp_detection", "pattern_analysis", "clv_analysis"] as const;
const SEGMENTS = ["all", "high_value", "new_customers", "suspicious"] as const;
const REPORTS = ["financial", "customer_activity", "risk_metrics", "regulatory"] as const;
const RANGES = ["today", "week", "month", "quarter", "custom"] as const;
const label = (s: string) => s.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());

/** A labelled select of fixed option values, each shown as its label(). */
function ChoiceField<T extends string>({
  id,
  label: text,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  return (
    <Field id={id} label={text}>
      <Select.Root value={value} onValueChange={(v) => onChange(v as T)}>
        <Select.Trigger id={id} aria-label={text} />
        <Select.Content>
          {options.map((a) => (
            <Select.Item key={a} value={a}>
              {label(a)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Field>
  );
}

function InsightsTab() {
  const [analysisType, setAnalysisType] = useState<(typeof ANALYSIS)[number]>("comprehensive");
  const [segment, setSegment] = useState<(typeof SEGMENTS)[number]>("all");
  const [reportType, setReportType] = useState<(typeof REPORTS)[number]>("financial");
  const [dateRange, setDateRange] = useState<(typeof RANGES)[number]>("month");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const start = useStartOperation();
  const customOk = dateRange !== "custom" || (from && to && from <= to);

  return (
    <Flex direction="column" gap="4">
      <Grid columns={{ initial: "1", md: "2" }} gap="3">
        <Card size="2">
          <Heading as="h3" size="3" mb="3">
            Risk analysis
          </Heading>
          <Flex direction="column" gap="3">
            <ChoiceField id="ci-analysis" label="Analysis type" value={analysisType} options={ANALYSIS} onChange={setAnalysisType} />
            <ChoiceField id="ci-segment" label="Customer segment" value={segment} options={SEGMENTS} onChange={setSegment} />
            <Button onClick={() => start.mutate({ type: "customer_insight", params: { analysisType, segment } })} loading={start.isPending} data-testid="run-insight">
              Run Analysis
            </Button>
          </Flex>
        </Card>
        <Card size="2">
          <Heading as="h3" size="3" mb="3">
            Export reports
          </Heading>
          <Flex direction="column" gap="3">
            <ChoiceField id="ci-report" label="Report type" value={reportType} options={REPORTS} onChange={setReportType} />
            <ChoiceField id="ci-range" label="Date range" value={dateRange} options={RANGES} onChange={setDateRange} />
            {dateRange === "custom" && (
              <Grid columns="2" gap="3">
                <Field id="ci-from" label="From">
                  <TextField.Root id="ci-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
                </Field>
                <Field id="ci-to" label="To">
                  <TextField.Root id="ci-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
                </Field>
              </Grid>
            )}
            <Button
              disabled={!customOk}
              loading={start.isPending}
              onClick={() =>
                start.mutate({
                  type: "export_report",
                  params: {
                    reportType,
                    dateRange,
                    ...(dateRange === "custom" ? { from: new Date(`${from}T00:00:00`).toISOString(), to: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
                  },
                })
              }
              data-testid="run-report"
            >
              Generate Report
            </Button>
          </Flex>
        </Card>
      </Grid>
      <div>
        <Heading as="h3" size="3" mb="2">
          Recent reports
        </Heading>
        <OperationsList filter={(op) => op.type !== "settlement"} empty="No reports yet" />
      </div>
    </Flex>
  );
}
