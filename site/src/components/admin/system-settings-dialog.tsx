/** Quick Action "System Settings": the live configuration reported by GET /api/health (read only). */
import { queries } from "../../lib/queries.ts";
import { Badge, Button, Callout, DataList, Dialog, Flex, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DATABASE_KIND_LABEL, formatAgo, formatRoundTrip, formatUptime } from "./health.ts";

export function SystemSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const health = useQuery(queries.health());
  const h = health.data;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="460px" data-testid="system-settings-dialog">
        <Dialog.Title>System Settings</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Live configuration of this deployment, as reported by the server. Settings are changed in the
          server's environment, not here.
        </Dialog.Description>
        {health.isError && (
          <Callout.Root color="red" mb="3">
            <Callout.Text>Could not read the configuration: {health.error.message}</Callout.Text>
          </Callout.Root>
        )}
        <DataList.Root size="2">
          <Row label="Status">
            {h ? (
              <Badge color={h.status === "ok" ? "green" : "amber"}>{h.status === "ok" ? "Operational" : "Degraded"}</Badge>
            ) : null}
          </Row>
          <Row label="Demo mode">{h ? <Badge color={h.demoMode ? "amber" : "gray"}>{h.demoMode ? "On" : "Off"}</Badge> : null}</Row>
          <Row label="Database">{h ? `${DATABASE_KIND_LABEL[h.database.kind]}${h.database.ok ? "" : " (unreachable)"}` : null}</Row>
          <Row label="DB round trip">{h ? formatRoundTrip(h.database.roundTripMs) : null}</Row>
          <Row label="Odds feed">
            {h ? (
              <Flex gap="2" align="center" wrap="wrap">
                <Badge color={h.feed.running ? "green" : "red"}>{h.feed.running ? "Running" : "Stopped"}</Badge>
                <Text size="1" color="gray">
                  {h.feed.lastTickAt ? `last tick ${formatAgo(h.feed.lastTickAt)}` : "no tick yet"}
                </Text>
              </Flex>
            ) : null}
          </Row>
          <Row label="Version">{h ? <code>{h.version}</code> : null}</Row>
          <Row label="Uptime">{h ? formatUptime(h.uptimeSeconds) : null}</Row>
        </DataList.Root>
        <Flex justify="end" mt="5">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="120px">{label}</DataList.Label>
      <DataList.Value>{children ?? <Skeleton width="120px" height="18px" />}</DataList.Value>
    </DataList.Item>
  );
}
