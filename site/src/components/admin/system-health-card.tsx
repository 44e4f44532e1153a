/** Right column: System Health from GET /api/health. */
import { adminQueries } from "../../lib/queries-admin.ts";
import { Badge, Card, DataList, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { formatLag } from "./system-settings-dialog.tsx";
import { DATABASE_KIND_LABEL, formatRoundTrip, formatUptime } from "./health.ts";
import { formatAgo } from "../../lib/local-time.ts";

export function SystemHealthCard() {
  const health = useQuery(adminQueries.health());
  const h = health.data;
  const sk = <Skeleton width="90px" />;
  return (
    <Card size="2" data-testid="system-health-card">
      <Flex justify="between" align="center" mb="3">
        <Heading as="h2" size="3">
          System Health
        </Heading>
        {h && (
          <Badge color={h.status === "ok" ? "green" : "amber"} variant="soft">
            {h.status === "ok" ? "Operational" : "Degraded"}
          </Badge>
        )}
        {health.isError && (
          <Badge color="amber" variant="soft">
            Unreachable
          </Badge>
        )}
      </Flex>
      {health.isError ? (
        <Text size="2" color="amber">
          Health check failed: {health.error.message}
        </Text>
      ) : (
        <DataList.Root size="1" orientation="horizontal" className="adm-datalist">
          <DataList.Item>
            <DataList.Label>Database</DataList.Label>
            <DataList.Value>
              {h ? (
                <Flex gap="2" align="center">
                  <span className={`adm-dot ${h.database.ok ? "adm-dot--ok" : "adm-dot--bad"}`} aria-hidden="true" />
                  {DATABASE_KIND_LABEL[h.database.kind]}
                </Flex>
              ) : (
                sk
              )}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>DB round trip</DataList.Label>
            <DataList.Value className="adm-num">{h ? formatRoundTrip(h.database.roundTripMs) : sk}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Odds feed</DataList.Label>
            <DataList.Value>
              {h ? (
                <Flex gap="2" align="center">
                  <span className={`adm-dot ${h.feed.running ? "adm-dot--ok" : "adm-dot--bad"}`} aria-hidden="true" />
                  {h.feed.running ? "Running" : "Stopped"}
                </Flex>
              ) : (
                sk
              )}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Feed lag</DataList.Label>
            <DataList.Value className="adm-num" data-testid="feed-lag">
              {h ? (h.feed.lastTickAt ? `${formatLag(Math.max(0, Date.now() - new Date(h.feed.lastTickAt).getTime()))} (${formatAgo(h.feed.lastTickAt)})` : "no tick yet") : sk}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Uptime</DataList.Label>
            <DataList.Value className="adm-num">{h ? formatUptime(h.uptimeSeconds) : sk}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Version</DataList.Label>
            <DataList.Value>{h ? h.version : sk}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      )}
    </Card>
  );
}
