/** Dashboard left column: open fraud alerts from the rules engine (GET /api/admin/fraud-alerts). */
import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { adminQueries } from "../../lib/queries-admin.ts";
import { useConsole, useRole } from "./console-context.tsx";
import { EmptyState, ErrorNote, RowsSkeleton } from "./ui.tsx";
import { LocalTime } from "../local-time.tsx";

const SEVERITY_COLOR = { critical: "red", high: "orange", medium: "yellow", low: "gray" } as const;

export function FraudAlertsCard() {
  const { isAdmin } = useRole();
  const console = useConsole();
  const alerts = useQuery({ ...adminQueries.fraudAlerts("24h"), enabled: isAdmin, refetchInterval: 30_000 });
  if (!isAdmin) return null;
  const open = (alerts.data ?? []).filter((a) => a.status === "open");
  return (
    <Card size="2" data-testid="dashboard-fraud-alerts">
      <Flex justify="between" align="center" mb="2" gap="2">
        <Heading as="h2" size="2" className="adm-card-label">
          Fraud Alerts
        </Heading>
        {alerts.data && (
          <Badge color={open.length ? "red" : "green"} variant="soft" data-testid="dashboard-fraud-open">
            {open.length} open
          </Badge>
        )}
      </Flex>
      <ErrorNote what="fraud alerts" error={alerts.error} />
      {alerts.isPending ? (
        <RowsSkeleton rows={2} height="28px" />
      ) : open.length === 0 ? (
        <EmptyState title="No fraud alerts detected" />
      ) : (
        <Flex direction="column" gap="2" asChild>
          <ul className="adm-plain-list">
            {open.slice(0, 3).map((a) => (
              <li key={a.id}>
                <Flex gap="2" align="center">
                  <Badge color={SEVERITY_COLOR[a.severity]} variant="soft">
                    {a.severity}
                  </Badge>
                  <Text size="1" className="adm-ellipsis" title={a.description}>
                    {a.user.email}
                  </Text>
                </Flex>
                <Text as="div" size="1" color="gray">
                  {a.alertType.replaceAll("_", " ")} · <LocalTime value={a.createdAt} />
                </Text>
              </li>
            ))}
          </ul>
        </Flex>
      )}
      <Button size="1" variant="ghost" mt="2" onClick={() => console?.goTo("fraud")}>
        Open Risk & Fraud
      </Button>
    </Card>
  );
}
