/**
 * Task Management: real tasks (create, edit, assign, status changes) with Quick
 * Stats; Bulk Operations cards and recent operations; Bulk Settlement that runs with a progress bar
 * until it ends completed or failed; Customer Insights reports generated from real data as CSV.
 * Administrators only.
 */
import { Button, Tabs } from "@radix-ui/themes";
import { useState } from "react";
import { useRole } from "../console-context.tsx";
import { PlusIcon } from "../icons.tsx";
import { AdminOnlyPanel, SectionFrame } from "../ui.tsx";
import { TaskDialog } from "./task-dialog.tsx";
import { TasksTab } from "./tasks-tab.tsx";
import { BulkTab } from "./bulk-tab.tsx";
import { SettlementTab } from "./settlement-tab.tsx";
import { InsightsTab } from "./insights-tab.tsx";

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
