/**
 * Active Fraud Alerts: the first 10 in the time window; an open one can be resolved as Confirmed,
 * False positive or with the spec's plain Resolve.
 */
import { Badge, Button, Card, Flex, Heading, Select, Text } from "@radix-ui/themes";
import type { FraudAlert, TimeWindow } from "../../../../../api/schemas/fraud.ts";
import { EmptyState, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { VERDICT_LABEL } from "./precision.ts";
import { useResolveAlert } from "./use-resolve-alert.ts";
import { LocalTime } from "../../local-time.tsx";

const SEVERITY_COLOR = { critical: "red", high: "orange", medium: "yellow", low: "gray" } as const;
const STATUS_COLOR = { open: "red", investigating: "amber", resolved: "green" } as const;
const WINDOWS: { value: TimeWindow; label: string }[] = [
  { value: "1h", label: "Last Hour" },
  { value: "24h", label: "Last 24 Hours" },
  { value: "7d", label: "Last 7 Days" },
];

export function FraudAlertsCard({
  alerts,
  alertList,
  timeWindow,
  setTimeWindow,
}: {
  alerts: { error: Error | null; isPending: boolean };
  alertList: FraudAlert[];
  timeWindow: TimeWindow;
  setTimeWindow: (w: TimeWindow) => void;
}) {
  const resolve = useResolveAlert();
  return (
    <Card size="2" className="adm-fraud-grid__alerts">
      <Flex justify="between" align="center" mb="3" gap="2" wrap="wrap">
        <Heading as="h2" size="3">
          Active Fraud Alerts
        </Heading>
        <Select.Root value={timeWindow} onValueChange={(v) => setTimeWindow(v as TimeWindow)}>
          <Select.Trigger aria-label="Time window" data-testid="fraud-window" />
          <Select.Content>
            {WINDOWS.map((w) => (
              <Select.Item key={w.value} value={w.value}>
                {w.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <ErrorNote what="fraud alerts" error={alerts.error} />
      {alerts.isPending ? (
        <RowsSkeleton rows={3} height="56px" />
      ) : alertList.length === 0 ? (
        <EmptyState title="No fraud alerts detected" testId="fraud-alerts-empty" />
      ) : (
        <ul className="adm-plain-list adm-plain-list--divided" data-testid="fraud-alerts">
          {alertList.slice(0, 10).map((a) => (
            <li key={a.id} data-testid={`fraud-alert-${a.id}`}>
              <Flex justify="between" gap="3" align="start" wrap="wrap">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge color={SEVERITY_COLOR[a.severity]} variant={a.severity === "critical" ? "solid" : "soft"}>
                      {a.severity}
                    </Badge>
                    <Badge color={STATUS_COLOR[a.status]} variant="outline" data-testid={`fraud-alert-status-${a.id}`}>
                      {a.status}
                    </Badge>
                    <Text size="1" color="gray">
                      {a.alertType.replaceAll("_", " ")} · <LocalTime value={a.createdAt} />
                    </Text>
                  </Flex>
                  <Text as="p" size="2" mt="1">
                    {a.description}
                  </Text>
                  <Text size="1" color="gray">
                    {a.user.email}
                  </Text>
                </div>
                {a.status === "open" ? (
                  <Flex gap="2" wrap="wrap" data-testid={`resolve-actions-${a.id}`}>
                    <Button
                      size="2"
                      variant="soft"
                      color="red"
                      title="Real fraud: counts for the rule's precision"
                      disabled={resolve.isPending}
                      onClick={() => resolve.mutate({ id: a.id, resolution: "confirmed" })}
                      data-testid={`resolve-confirmed-${a.id}`}
                    >
                      Confirmed
                    </Button>
                    <Button
                      size="2"
                      variant="soft"
                      color="gray"
                      title="The rule was wrong: counts against its precision"
                      disabled={resolve.isPending}
                      onClick={() => resolve.mutate({ id: a.id, resolution: "false_positive" })}
                      data-testid={`resolve-false-positive-${a.id}`}
                    >
                      False positive
                    </Button>
                    <Button
                      size="2"
                      variant="soft"
                      color="green"
                      title="Resolve without a verdict"
                      loading={resolve.isPending && resolve.variables === a.id}
                      disabled={resolve.isPending}
                      onClick={() => resolve.mutate(a.id)}
                      data-testid={`resolve-${a.id}`}
                    >
                      Resolve
                    </Button>
                  </Flex>
                ) : a.resolution && a.resolution !== "resolved" ? (
                  <Badge color={a.resolution === "confirmed" ? "red" : "gray"} variant="soft" data-testid={`fraud-alert-verdict-${a.id}`}>
                    {VERDICT_LABEL[a.resolution]}
                  </Badge>
                ) : null}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
