/**
 * Fraud Detection & Monitoring, fed by the rules engine in domain/fraud: stat
 * cards, Active Fraud Alerts (first 10, time window; open alerts can be resolved as Confirmed or
 * False positive, which make each rule's precision, or with the spec's plain Resolve), Rule
 * Precision (confirmed / (confirmed + false positives) per rule), High-Risk
 * Transactions (risk score above 70, up to 5), Bonus Abuse Alerts (up to 5) and User Risk
 * Profiles (up to 10). Refresh, Export Report and Run Scan. Administrators only.
 */
import { Button, Flex } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { FraudScanResult, TimeWindow } from "../../../../../api/schemas/fraud.ts";
import { apiSend } from "../../../lib/api.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { useToast } from "../../toast.tsx";
import { useRole } from "../console-context.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { RefreshIcon } from "../icons.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { AdminOnlyPanel, count, ExportButton, SectionFrame, StatCard, StatGrid } from "../ui.tsx";
import { FraudAlertsCard } from "./fraud-alerts-card.tsx";
import { RiskProfilesCard } from "./risk-profiles-card.tsx";
import { RulePrecisionCard } from "./rule-precision-card.tsx";
import { BonusAbuseCard, HighRiskTransactionsCard } from "./side-cards.tsx";

/** Everything the monitoring screen shows, refreshed after a scan and by Refresh. */
const FRAUD_KEYS = [adminKeys.fraudAlerts, adminKeys.transactionMonitoring, adminKeys.bonusAbuseAlerts, adminKeys.userRiskProfiles, adminKeys.fraudRulePrecision];

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

export function FraudMonitoring() {
  const [timeWindow, setTimeWindow] = useState<TimeWindow>("24h");
  const alerts = useQuery(adminQueries.fraudAlerts(timeWindow));
  const monitored24h = useQuery(adminQueries.transactionMonitoring("24h"));
  const transactions = useQuery(adminQueries.transactionMonitoring(timeWindow));
  const bonus = useQuery(adminQueries.bonusAbuseAlerts());
  const profiles = useQuery(adminQueries.userRiskProfiles());
  const queryClient = useQueryClient();
  const toast = useToast();
  const [refreshing, setRefreshing] = useState(false);

  const scan = useAdminMutation({
    request: () => apiSend<FraudScanResult>("POST", "/api/admin/fraud/scan"),
    success: (r) => ({
      title: "Scan complete",
      description: `${r.alertsRaised} new alerts · ${r.monitoringRecords} transactions scored · ${r.profilesUpdated} profiles updated.`,
    }),
    failure: "The fraud scan failed",
    invalidate: FRAUD_KEYS,
  });

  function invalidateAll() {
    return Promise.all(FRAUD_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
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
        <FraudAlertsCard alerts={alerts} alertList={alertList} timeWindow={timeWindow} setTimeWindow={setTimeWindow} />

        <Flex direction="column" gap="4" className="adm-fraud-grid__side">
          <RulePrecisionCard />
          <HighRiskTransactionsCard transactions={transactions} highRiskTx={highRiskTx} />
          <BonusAbuseCard bonus={bonus} bonusList={bonusList} />
        </Flex>
      </div>

      <RiskProfilesCard profiles={profiles} profileList={profileList} />
    </SectionFrame>
  );
}
