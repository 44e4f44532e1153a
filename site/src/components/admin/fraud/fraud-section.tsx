/**
 * Fraud Detection & Monitoring (spec section 2), fed by the rules engine in domain/fraud: stat
 * cards, Active Fraud Alerts (first 10, time window; open alerts can be resolved as Confirmed or
 * False positive, which make each rule's precision, or with the spec's plain Resolve), Rule
 * Precision (confirmed / (confirmed + false positives) per rule), High-Risk
 * Transactions (risk score above 70, up to 5), Bonus Abuse Alerts (up to 5) and User Risk
 * Profiles (up to 10). Refresh, Export Report and Run Scan. Administrators only.
 */
import { Badge, Button, Card, Flex, Heading, Select, Table, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FraudAlert, FraudResolution, FraudScanResult, TimeWindow } from "../../../../../api/schemas/fraud.ts";
import { formatPrecision, ruleName, VERDICT_LABEL } from "./precision.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { keys, queries } from "../../../lib/queries.ts";
import { useToast } from "../../toast.tsx";
import { useRole } from "../console-context.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { describeApiError } from "../form.tsx";
import { RefreshIcon } from "../icons.tsx";
import { AdminOnlyPanel, count, EmptyState, ErrorNote, ExportButton, formatDate, formatStamp, RiskLevelBadge, RowsSkeleton, SectionFrame, StatCard, StatGrid, TableScroll } from "../ui.tsx";
import { KycBadge } from "../badges.tsx";

const SEVERITY_COLOR = { critical: "red", high: "orange", medium: "yellow", low: "gray" } as const;
const STATUS_COLOR = { open: "red", investigating: "amber", resolved: "green" } as const;
const WINDOWS: { value: TimeWindow; label: string }[] = [
  { value: "1h", label: "Last Hour" },
  { value: "24h", label: "Last 24 Hours" },
  { value: "7d", label: "Last 7 Days" },
];
/** Spec section 4: Resolve sends resolution 'resolved' and a fixed note saying an admin resolved it. */
export const RESOLVE_NOTE = "Resolved by admin from the fraud monitoring screen.";

export default function FraudSection() {
  const { isAdmin } = useRole();
  if (!isAdmin) {
    return (
      <SectionFrame id="fraud" title="Fraud Detection & Monitoring" description="Real-time fraud detection and transaction monitoring">
        <AdminOnlyPanel title="Risk & Fraud" what="Fraud monitoring" />
      </SectionFrame>
    );
  }
  return <FraudMonitoring />;
}

/** Resolve an alert: an id alone is the spec's plain resolution; with a verdict, it counts in the rule's precision. */
export type ResolveRequest = string | { id: string; resolution: FraudResolution };

export function useResolveAlert() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: ResolveRequest) => {
      const { id, resolution } = typeof req === "string" ? { id: req, resolution: "resolved" as const } : req;
      return apiSend<{ alert: FraudAlert }>("POST", `/api/admin/fraud-alert/${encodeURIComponent(id)}/resolve`, {
        resolution,
        notes: resolution === "resolved" ? RESOLVE_NOTE : `Resolved as ${VERDICT_LABEL[resolution].toLowerCase()} from the fraud monitoring screen.`,
      });
    },
    onSuccess: () => toast({ title: "Alert Resolved", description: "The fraud alert has been successfully resolved." }),
    onError: () => toast({ title: "Error", description: "Failed to resolve the fraud alert.", variant: "destructive" }),
    onSettled: () =>
      Promise.all(
        [keys.fraudAlerts, keys.userRiskProfiles, keys.audit, keys.fraudRulePrecision].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function FraudMonitoring() {
  const [timeWindow, setTimeWindow] = useState<TimeWindow>("24h");
  const alerts = useQuery(queries.fraudAlerts(timeWindow));
  const monitored24h = useQuery(queries.transactionMonitoring("24h"));
  const transactions = useQuery(queries.transactionMonitoring(timeWindow));
  const bonus = useQuery(queries.bonusAbuseAlerts());
  const profiles = useQuery(queries.userRiskProfiles());
  const precision = useQuery(queries.fraudRulePrecision());
  const queryClient = useQueryClient();
  const toast = useToast();
  const resolve = useResolveAlert();
  const [refreshing, setRefreshing] = useState(false);

  const scan = useMutation({
    mutationFn: () => apiSend<FraudScanResult>("POST", "/api/admin/fraud/scan"),
    onSuccess: (r) =>
      toast({
        title: "Scan complete",
        description: `${r.alertsRaised} new alerts · ${r.monitoringRecords} transactions scored · ${r.profilesUpdated} profiles updated.`,
      }),
    onError: (e) => toast({ title: "Error", description: `The fraud scan failed: ${describeApiError(e)}`, variant: "destructive" }),
    onSettled: () => invalidateAll(),
  });

  function invalidateAll() {
    return Promise.all(
      [
        keys.fraudAlerts,
        keys.transactionMonitoring,
        keys.bonusAbuseAlerts,
        keys.userRiskProfiles,
        keys.fraudRulePrecision,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }

  async function refresh() {
    setRefreshing(true);
    try {
      await invalidateAll();
      toast({ title: "Data refreshed", description: "All fraud monitoring data has been updated." });
    } finally {
      setRefreshing(false);
    }
  }

  const alertList = alerts.data ?? [];
  const open = alertList.filter((a) => a.status === "open");
  const critical = alertList.filter((a) => a.severity === "critical" && a.status !== "resolved");
  const profileList = profiles.data ?? [];
  const highRiskUsers = profileList.filter((p) => p.riskLevel === "high" || p.riskLevel === "critical");
  const highRiskTx = (transactions.data ?? []).filter((t) => t.riskScore > 70).slice(0, 5);
  const bonusList = (bonus.data ?? []).slice(0, 5);

  function exportReport(): number {
    type Row = { section: string; id: string; at: string | null; user: string; kind: string; severity: string; status: string; score: string | number; amount: string; detail: string };
    const rows: Row[] = [
      ...alertList.slice(0, 10).map((a) => ({
        section: "fraud_alert", id: a.id, at: a.createdAt, user: a.user.email, kind: a.alertType, severity: a.severity, status: a.status, score: "", amount: "", detail: a.description,
      })),
      ...highRiskTx.map((t) => ({
        section: "high_risk_transaction", id: t.id, at: t.createdAt, user: t.user.email, kind: t.monitoringType, severity: "", status: "", score: t.riskScore, amount: centsCell(t.amount), detail: t.reasons.join("; "),
      })),
      ...bonusList.map((b) => ({
        section: "bonus_abuse", id: b.id, at: b.createdAt, user: b.user.email, kind: b.abuseType, severity: "", status: b.status, score: b.confidence, amount: "", detail: b.description,
      })),
      ...profileList.slice(0, 10).map((p) => ({
        section: "user_risk_profile", id: p.id, at: p.lastReviewed, user: p.user.email, kind: p.kycStatus, severity: p.riskLevel, status: "", score: p.riskScore, amount: "", detail: p.factors.join("; "),
      })),
    ];
    return exportCsv<Row>(
      `fraud-report-${timeWindow}`,
      [
        ["section", (r) => r.section],
        ["id", (r) => r.id],
        ["at", (r) => r.at],
        ["user", (r) => r.user],
        ["type", (r) => r.kind],
        ["severity_or_level", (r) => r.severity],
        ["status", (r) => r.status],
        ["score", (r) => r.score],
        ["amount", (r) => r.amount],
        ["detail", (r) => r.detail],
      ],
      rows,
    );
  }

  return (
    <SectionFrame
      id="fraud"
      title="Fraud Detection & Monitoring"
      description="Real-time fraud detection and transaction monitoring"
      actions={
        <>
          <Button variant="soft" color="gray" onClick={refresh} loading={refreshing} data-testid="fraud-refresh">
            <RefreshIcon /> Refresh
          </Button>
          <Button variant="soft" onClick={() => scan.mutate()} loading={scan.isPending} data-testid="fraud-scan">
            Run Scan
          </Button>
          <ExportButton label="Export Report" onExport={exportReport} testId="fraud-export" />
        </>
      }
    >
      <StatGrid testId="fraud-stats">
        <StatCard
          label="Open Fraud Alerts"
          value={alerts.data ? count.format(open.length) : undefined}
          sub={open.length > 5 ? `${open.length - 5} more` : "Needs review"}
          tone={open.length ? "red" : undefined}
          testId="stat-open-alerts"
        />
        <StatCard label="Critical Alerts" value={alerts.data ? count.format(critical.length) : undefined} sub="Unresolved" tone={critical.length ? "red" : undefined} testId="stat-critical-alerts" />
        <StatCard label="High Risk Users" value={profiles.data ? count.format(highRiskUsers.length) : undefined} sub="High or critical" tone={highRiskUsers.length ? "orange" : undefined} testId="stat-high-risk-users" />
        <StatCard label="Monitored Transactions" value={monitored24h.data ? count.format(monitored24h.data.length) : undefined} sub="Last 24h" testId="stat-monitored" />
      </StatGrid>

      <div className="adm-fraud-grid">
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
                          {a.alertType.replaceAll("_", " ")} · {formatStamp(a.createdAt)}
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

        <Flex direction="column" gap="4" className="adm-fraud-grid__side">
          <Card size="2">
            <Heading as="h2" size="3" mb="1">
              Rule Precision
            </Heading>
            <Text as="p" size="1" color="gray" mb="2">
              Confirmed ÷ (confirmed + false positives) of each rule's resolved alerts.
            </Text>
            <ErrorNote what="rule precision" error={precision.error} />
            {precision.isPending ? (
              <RowsSkeleton rows={3} />
            ) : (
              <TableScroll label="Rule precision table">
                <Table.Root size="1" variant="ghost" data-testid="rule-precision">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>Rule</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Confirmed</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">False +</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Precision</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {(precision.data ?? []).map((r) => (
                      <Table.Row key={r.alertType} data-testid={`rule-precision-${r.alertType}`}>
                        <Table.RowHeaderCell title={`${r.open} open · ${r.unclassified} resolved without a verdict`}>{ruleName(r.alertType)}</Table.RowHeaderCell>
                        <Table.Cell justify="end" className="adm-num">
                          {count.format(r.confirmed)}
                        </Table.Cell>
                        <Table.Cell justify="end" className="adm-num">
                          {count.format(r.falsePositives)}
                        </Table.Cell>
                        <Table.Cell justify="end" className="adm-num" data-testid={`rule-precision-value-${r.alertType}`}>
                          {formatPrecision(r)}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </TableScroll>
            )}
          </Card>
          <Card size="2">
            <Heading as="h2" size="3" mb="3">
              High-Risk Transactions
            </Heading>
            <ErrorNote what="monitored transactions" error={transactions.error} />
            {transactions.isPending ? (
              <RowsSkeleton rows={2} />
            ) : highRiskTx.length === 0 ? (
              <EmptyState title="No high-risk transactions" />
            ) : (
              <ul className="adm-plain-list" data-testid="high-risk-transactions">
                {highRiskTx.map((t) => (
                  <li key={t.id}>
                    <Flex gap="2" align="center">
                      <span className={`adm-risk-icon ${t.riskScore > 90 ? "adm-risk-icon--red" : "adm-risk-icon--orange"}`} aria-hidden="true">
                        !
                      </span>
                      <div style={{ minWidth: 0 }}>
                        <Text as="div" size="2">
                          {t.monitoringType.replaceAll("_", " ")} · <span className="adm-num">{formatMoney(t.amount)}</span>
                        </Text>
                        <Text as="div" size="1" color="gray">
                          Risk {t.riskScore} · {t.user.email} · {formatStamp(t.createdAt)}
                        </Text>
                      </div>
                    </Flex>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card size="2">
            <Heading as="h2" size="3" mb="3">
              Bonus Abuse Alerts
            </Heading>
            <ErrorNote what="bonus abuse alerts" error={bonus.error} />
            {bonus.isPending ? (
              <RowsSkeleton rows={2} />
            ) : bonusList.length === 0 ? (
              <EmptyState title="No bonus abuse detected" />
            ) : (
              <ul className="adm-plain-list" data-testid="bonus-abuse">
                {bonusList.map((b) => (
                  <li key={b.id}>
                    <Flex justify="between" gap="2">
                      <Text size="2">{b.abuseType.replaceAll("_", " ")}</Text>
                      <Badge color="orange">{b.confidence}% confidence</Badge>
                    </Flex>
                    <Text as="div" size="1" color="gray">
                      {b.user.email} · {b.status} · {formatStamp(b.createdAt)}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Flex>
      </div>

      <Card size="2" mt="4">
        <Heading as="h2" size="3" mb="3">
          User Risk Profiles
        </Heading>
        <ErrorNote what="risk profiles" error={profiles.error} />
        {profiles.isPending ? (
          <RowsSkeleton rows={4} />
        ) : profileList.length === 0 ? (
          <EmptyState title="No user risk profiles found" />
        ) : (
          <TableScroll label="Customer risk profiles table">
            <Table.Root size="1" variant="ghost" data-testid="risk-profiles">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>User</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Risk Level</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Score</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>KYC Status</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Last Reviewed</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {profileList.slice(0, 10).map((p) => (
                  <Table.Row key={p.id}>
                    <Table.RowHeaderCell>
                      <Text as="div" size="2">
                        {`${p.user.firstName} ${p.user.lastName}`.trim() || p.user.email}
                      </Text>
                      <Text as="div" size="1" color="gray">
                        {p.user.email}
                      </Text>
                    </Table.RowHeaderCell>
                    <Table.Cell>
                      <RiskLevelBadge level={p.riskLevel} />
                    </Table.Cell>
                    <Table.Cell className="adm-num" title={p.factors.join("\n")}>
                      {p.riskScore}
                    </Table.Cell>
                    <Table.Cell>
                      <KycBadge status={p.kycStatus} />
                    </Table.Cell>
                    <Table.Cell>{p.lastReviewed ? formatDate(p.lastReviewed) : "Never"}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableScroll>
        )}
      </Card>
    </SectionFrame>
  );
}
