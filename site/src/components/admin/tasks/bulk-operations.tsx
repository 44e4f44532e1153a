/**
 * Bulk operations: POST /api/admin/bulk-operations starts one (202), the
 * list GET /api/admin/bulk-operations is polled every second while any is pending or processing,
 * so progress bars move until each ends completed or failed with its counts. Reports are
 * downloaded from /api/admin/bulk-operations/{id}/result.csv.
 */
import { Badge, Button, Card, Flex, Progress, Text } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { BulkOperation, CreateBulkOperationBody } from "../../../../../api/schemas/tasks.ts";
import { apiSend } from "../../../lib/api.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { useToast } from "../../toast.tsx";
import { DownloadIcon } from "../icons.tsx";
import { EmptyState, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { LocalTime } from "../../local-time.tsx";
import { formatLocal } from "../../../lib/local-time.ts";

export const OP_STATUS_COLOR = { pending: "gray", processing: "blue", completed: "green", failed: "red" } as const;
export const OP_TYPE_LABEL = {
  settlement: "Bulk Settlement",
  customer_insight: "Customer Insights",
  risk_analysis: "Risk Analysis",
  export_report: "Export Report",
} as const;

export function useStartOperation() {
  return useAdminMutation({
    request: (body: CreateBulkOperationBody) => apiSend<{ operation: BulkOperation }>("POST", "/api/admin/bulk-operations", body),
    success: (r) => ({ title: "Operation started", description: `${r.operation.title}: ${r.operation.targetCount} to process.` }),
    failure: "Could not start the operation",
    invalidate: [adminKeys.bulkOperations],
  });
}

/** The operations list, and a refresh of bets and figures whenever a settlement run finishes. */
export function useBulkOperations() {
  const ops = useQuery(adminQueries.bulkOperations());
  const queryClient = useQueryClient();
  const toast = useToast();
  const seen = useRef(new Map<string, BulkOperation["status"]>());
  useEffect(() => {
    for (const op of ops.data ?? []) {
      const before = seen.current.get(op.id);
      seen.current.set(op.id, op.status);
      const finished = op.status === "completed" || op.status === "failed";
      if (before && before !== op.status && finished) {
        toast({
          title: op.status === "completed" ? `${op.title} completed` : `${op.title} failed`,
          description: `${op.processed} processed · ${op.succeeded} succeeded · ${op.failed} failed${op.error ? ` · ${op.error}` : ""}`,
          variant: op.status === "failed" ? "destructive" : "default",
        });
        if (op.type === "settlement") {
          for (const queryKey of [adminKeys.allBets, adminKeys.dashboardStats, adminKeys.riskHeatmap, adminKeys.riskMetrics]) {
            void queryClient.invalidateQueries({ queryKey });
          }
        }
      }
    }
  }, [ops.data, queryClient, toast]);
  return ops;
}

export function OperationRow({ op }: { op: BulkOperation }) {
  const running = op.status === "pending" || op.status === "processing";
  return (
    <Card size="1" data-testid={`operation-${op.id}`}>
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Text as="div" size="2" weight="medium">
            {op.title}
          </Text>
          <Text as="div" size="1" color="gray">
            {OP_TYPE_LABEL[op.type]} · started <LocalTime value={op.createdAt} />
            {op.completedAt ? ` · finished ${formatLocal(op.completedAt, "stamp")}` : ""}
          </Text>
        </div>
        <Flex gap="2" align="center">
          <Badge color={OP_STATUS_COLOR[op.status]} data-testid={`operation-status-${op.id}`}>
            {op.status}
          </Badge>
          {op.hasResult && (
            <Button asChild size="1" variant="soft">
              <a href={`/api/admin/bulk-operations/${encodeURIComponent(op.id)}/result.csv`} download data-testid={`operation-csv-${op.id}`}>
                <DownloadIcon /> CSV
              </a>
            </Button>
          )}
        </Flex>
      </Flex>
      {running && <Progress value={op.progress} mt="2" aria-label={`${op.title} progress`} data-testid={`operation-progress-${op.id}`} />}
      <Text as="div" size="1" color="gray" mt="1" data-testid={`operation-counts-${op.id}`}>
        {op.processed}/{op.targetCount} processed · {op.succeeded} succeeded · {op.failed} failed
        {running ? ` · ${op.progress}%` : ""}
        {op.error ? ` · ${op.error}` : ""}
      </Text>
    </Card>
  );
}

export function OperationsList({ filter, empty = "No operations yet" }: { filter?: (op: BulkOperation) => boolean; empty?: string }) {
  const ops = useBulkOperations();
  if (ops.isPending) return <RowsSkeleton rows={2} height="56px" />;
  const list = (ops.data ?? []).filter(filter ?? (() => true)).slice(0, 10);
  return (
    <Flex direction="column" gap="2">
      <ErrorNote what="operations" error={ops.error} />
      {list.length === 0 && !ops.isError ? <EmptyState title={empty} /> : list.map((op) => <OperationRow key={op.id} op={op} />)}
    </Flex>
  );
}
