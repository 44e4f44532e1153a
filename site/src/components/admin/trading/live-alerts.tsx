/**
 * Trading alerts: acknowledging one, and the live alerts card of the overview.
 */
import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { TradingAlert } from "../../../../../api/schemas/trading.ts";
import { apiSend } from "../../../lib/api.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { EmptyState, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { LocalTime } from "../../local-time.tsx";

export const SEVERITY_COLOR = { info: "blue", warning: "amber", critical: "red" } as const;

/** Who acknowledged an alert, by name; never the raw user id. */
export function acknowledgerOf(a: TradingAlert): string {
  return a.acknowledgedByName ?? "a former user";
}

export function useAcknowledge() {
  return useAdminMutation({
    request: (id: string) => apiSend<{ alert: TradingAlert }>("POST", `/api/trading/alerts/${encodeURIComponent(id)}/acknowledge`),
    success: { title: "Alert acknowledged", description: "The alert is marked as handled." },
    failure: "Failed to acknowledge the alert",
    invalidate: [adminKeys.tradingAlerts, adminKeys.tradingOverview, adminKeys.riskMetrics],
  });
}

export function LiveAlerts() {
  const alerts = useQuery(adminQueries.tradingAlerts());
  const active = (alerts.data ?? []).filter((a) => !a.acknowledged);
  return (
    <Card size="2" data-testid="live-alerts">
      <Heading as="h2" size="3" mb="2">
        Live Alerts
      </Heading>
      <ErrorNote what="alerts" error={alerts.error} />
      {alerts.isPending ? (
        <RowsSkeleton rows={2} height="40px" />
      ) : active.length === 0 ? (
        <EmptyState title="No unresolved alerts" />
      ) : (
        <ul className="adm-plain-list">
          {active.slice(0, 8).map((a) => (
            <li key={a.id}>
              <Flex gap="2" align="center">
                <Badge color={SEVERITY_COLOR[a.severity]}>{a.severity}</Badge>
                <Text size="1" color="gray">
                  <LocalTime value={a.createdAt} />
                </Text>
              </Flex>
              <Text as="p" size="2">
                {a.message}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
