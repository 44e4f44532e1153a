/**
 * Quick Action "System Settings": the live configuration from GET /api/admin/system (demo mode,
 * database kind and round trip, feed status and lag, uptime, risk settings). Read only: settings
 * are changed in the server's environment.
 */
import { adminQueries } from "../../lib/queries-admin.ts";
import { Badge, Button, Callout, DataList, Dialog, Flex, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { formatMoney } from "../../lib/format.ts";
import { DATABASE_KIND_LABEL, formatRoundTrip, formatUptime } from "./health.ts";
import { formatAgo } from "../../lib/local-time.ts";

export function formatLag(ms: number | null): string {
  if (ms === null) return "no tick yet";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1_000).toFixed(1)} s`;
}

export function SystemSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const system = useQuery({ ...adminQueries.system(), enabled: open });
  const s = system.data;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px" data-testid="system-settings-dialog">
        <Dialog.Title>System Settings</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Live configuration of this deployment, as reported by the server. Settings are changed in the
          server's environment, not here.
        </Dialog.Description>
        {system.isError && (
          <Callout.Root color="red" mb="3">
            <Callout.Text>Could not read the configuration: {system.error.message}</Callout.Text>
          </Callout.Root>
        )}
        <DataList.Root size="2">
          <Row label="Status">
            {s ? <Badge color={s.status === "ok" ? "green" : "amber"}>{s.status === "ok" ? "Operational" : "Degraded"}</Badge> : null}
          </Row>
          <Row label="Demo mode" testId="setting-demo-mode">
            {s ? <Badge color={s.demoMode ? "amber" : "gray"}>{s.demoMode ? "On" : "Off"}</Badge> : null}
          </Row>
          <Row label="Database" testId="setting-database">
            {s ? DATABASE_KIND_LABEL[s.databaseKind] : null}
          </Row>
          <Row label="DB round trip">{s ? formatRoundTrip(s.dbRoundTripMs) : null}</Row>
          <Row label="Odds feed" testId="setting-feed">
            {s ? (
              <Flex gap="2" align="center" wrap="wrap">
                <Badge color={s.feed.running ? "green" : "red"}>{s.feed.running ? "Running" : "Stopped"}</Badge>
                <Text size="1" color="gray">
                  {s.feed.lastTickAt ? `last tick ${formatAgo(s.feed.lastTickAt)} · lag ${formatLag(s.feed.lagMs)}` : "no tick yet"}
                </Text>
              </Flex>
            ) : null}
          </Row>
          <Row label="Ledger" testId="setting-ledger">
            {s ? (
              <Badge color={s.ledgerAlarms.length === 0 ? "green" : "red"}>
                {s.ledgerAlarms.length === 0 ? "Reconciled" : `${s.ledgerAlarms.length} alarm(s)`}
              </Badge>
            ) : null}
          </Row>
          <Row label="Bankroll">{s ? formatMoney(s.risk.bankroll) : null}</Row>
          <Row label="Default market limit">{s ? formatMoney(s.risk.defaultLiabilityLimit) : null}</Row>
          <Row label="Exposure alert">{s ? `${s.risk.exposureAlertPercent}% of bankroll` : null}</Row>
          <Row label="Version">{s ? <code>{s.version}</code> : null}</Row>
          <Row label="Uptime">{s ? formatUptime(s.uptimeSeconds) : null}</Row>
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

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <DataList.Item data-testid={testId}>
      <DataList.Label minWidth="140px">{label}</DataList.Label>
      <DataList.Value>{children ?? <Skeleton width="120px" height="18px" />}</DataList.Value>
    </DataList.Item>
  );
}
