/** Dashboard right column: the task queue (GET /api/admin/tasks). */
import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { adminQueries } from "../../lib/queries-admin.ts";
import { useConsole, useRole } from "./console-context.tsx";
import { EmptyState, ErrorNote, RowsSkeleton } from "./ui.tsx";
import { formatLocal } from "../../lib/local-time.ts";

export const PRIORITY_COLOR = { low: "gray", medium: "blue", high: "orange", critical: "red" } as const;

export function TasksCard() {
  const { isAdmin } = useRole();
  const console = useConsole();
  const tasks = useQuery({ ...adminQueries.tasks(), enabled: isAdmin });
  if (!isAdmin) return null;
  const open = (tasks.data ?? []).filter((t) => t.status === "pending" || t.status === "in_progress");
  return (
    <Card size="2" data-testid="dashboard-tasks">
      <Flex justify="between" align="center" mb="2">
        <Heading as="h2" size="3">
          Tasks
        </Heading>
        {tasks.data && (
          <Badge variant="soft" color={open.length ? "amber" : "green"}>
            {open.length} open
          </Badge>
        )}
      </Flex>
      <ErrorNote what="tasks" error={tasks.error} />
      {tasks.isPending ? (
        <RowsSkeleton rows={2} height="28px" />
      ) : open.length === 0 ? (
        <EmptyState title="No open tasks" />
      ) : (
        <ul className="adm-plain-list">
          {open.slice(0, 4).map((t) => (
            <li key={t.id}>
              <Flex justify="between" gap="2" align="center">
                <Text size="2" className="adm-ellipsis" title={t.title}>
                  {t.title}
                </Text>
                <Badge color={PRIORITY_COLOR[t.priority]} variant="soft">
                  {t.priority}
                </Badge>
              </Flex>
              <Text as="div" size="1" color="gray">
                {t.status === "in_progress" ? "In progress" : "Pending"} · {t.assignee?.name ?? "Unassigned"}
                {t.dueDate ? ` · due ${formatLocal(t.dueDate, "date")}` : ""}
              </Text>
            </li>
          ))}
        </ul>
      )}
      <Button size="1" variant="ghost" mt="2" onClick={() => console?.goTo("tasks")}>
        Open Tasks
      </Button>
    </Card>
  );
}
