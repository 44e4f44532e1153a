/**
 * Trading's Alerts tab: every alert, acknowledged or not, with its details.
 */
import { Badge, Button, Card, Flex, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { TradingAlert } from "../../../../../api/schemas/trading.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { EmptyState, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { SEVERITY_COLOR, acknowledgerOf, useAcknowledge } from "./live-alerts.tsx";
import { AlertDetails } from "./alert-details.tsx";
import { LocalTime } from "../../local-time.tsx";

export function AlertsTab() {
  const alerts = useQuery(adminQueries.tradingAlerts());
  const ack = useAcknowledge();
  const [detail, setDetail] = useState<TradingAlert | null>(null);
  if (alerts.isPending) return <RowsSkeleton rows={3} height="60px" />;
  const rows = alerts.data ?? [];
  return (
    <>
      <ErrorNote what="alerts" error={alerts.error} />
      {rows.length === 0 && !alerts.isError ? (
        <EmptyState title="No alerts" hint="Liability, exposure and steam-move alerts appear here" />
      ) : (
        <Flex direction="column" gap="2" data-testid="alerts-list">
          {rows.map((a) => (
            <Card key={a.id} size="2" data-testid={`alert-${a.id}`} className={a.acknowledged ? "adm-muted" : ""}>
              <Flex justify="between" align="start" gap="3" wrap="wrap">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge color={SEVERITY_COLOR[a.severity]}>{a.severity}</Badge>
                    <Badge variant="outline" color="gray">
                      {a.type.replaceAll("_", " ")}
                    </Badge>
                    {a.acknowledged && <Badge color="green">Acknowledged</Badge>}
                    {a.acknowledged && (
                      <Text size="1" color="gray" data-testid={`alert-ack-by-${a.id}`}>
                        by {acknowledgerOf(a)}
                      </Text>
                    )}
                    <Text size="1" color="gray">
                      <LocalTime value={a.createdAt} />
                    </Text>
                  </Flex>
                  <Text as="p" size="2" mt="1">
                    {a.message}
                  </Text>
                  {a.eventName && (
                    <Text size="1" color="gray">
                      {a.eventName}
                    </Text>
                  )}
                </div>
                <Flex gap="2">
                  {!a.acknowledged && (
                    <Button size="2" variant="soft" loading={ack.isPending && ack.variables === a.id} onClick={() => ack.mutate(a.id)} data-testid={`ack-${a.id}`}>
                      Acknowledge
                    </Button>
                  )}
                  <Button size="2" variant="soft" color="gray" onClick={() => setDetail(a)} data-testid={`alert-details-${a.id}`}>
                    View Details
                  </Button>
                </Flex>
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
      <AlertDetails alert={detail} onClose={() => setDetail(null)} />
    </>
  );
}
