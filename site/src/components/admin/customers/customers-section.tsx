/**
 * Customers / CRM: segment cards (High Value, Regular, Casual, At Risk) from real
 * customers and their betting; tabs Overview, Segments, Customer Search (search by username or
 * email; a result opens the profile panel with Send Bonus, Set Limits, Flag Account, Restrict),
 * Lifecycle and Retention ('coming soon').
 */
import { Button, Flex, Tabs, TextField } from "@radix-ui/themes";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CustomerProfile, SegmentId } from "../../../../../api/schemas/back-office.ts";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { useRole } from "../console-context.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { AdminOnlyPanel, ComingSoon, count, ErrorNote, ExportButton, SectionFrame, StatCard, StatGrid } from "../ui.tsx";
import { CustomerSearch } from "./customer-search.tsx";
import { OverviewTab } from "./overview-tab.tsx";
import { SEGMENT_NAME, SEGMENT_TONE, SegmentsTab } from "./segments-tab.tsx";

const CUSTOMER_COLUMNS = [
  ["id", (c: CustomerProfile) => c.id],
  ["username", (c: CustomerProfile) => c.username],
  ["email", (c: CustomerProfile) => c.email],
  ["segment", (c: CustomerProfile) => c.segment],
  ["join_date", (c: CustomerProfile) => c.joinDate],
  ["active", (c: CustomerProfile) => c.isActive],
  ["balance", (c: CustomerProfile) => centsCell(c.balance)],
  ["total_staked", (c: CustomerProfile) => centsCell(c.totalStaked)],
  ["total_won", (c: CustomerProfile) => centsCell(c.totalWon)],
  ["total_lost", (c: CustomerProfile) => centsCell(c.totalLost)],
  ["bet_count", (c: CustomerProfile) => c.betCount],
  ["win_rate_percent", (c: CustomerProfile) => c.winRate.toFixed(1)],
  ["avg_stake", (c: CustomerProfile) => centsCell(c.avgStake)],
  ["ltv", (c: CustomerProfile) => centsCell(c.ltv)],
  ["risk_score", (c: CustomerProfile) => c.riskScore],
  ["kyc", (c: CustomerProfile) => c.kyc],
  ["vip", (c: CustomerProfile) => c.vip],
  ["deposits", (c: CustomerProfile) => centsCell(c.depositTotal)],
  ["withdrawals", (c: CustomerProfile) => centsCell(c.withdrawalTotal)],
  ["bonus_used", (c: CustomerProfile) => centsCell(c.bonusUsed)],
  ["last_activity", (c: CustomerProfile) => c.lastActivity],
  ["favorite_markets", (c: CustomerProfile) => c.favoriteMarkets.join("|")],
] as const;

export default function CustomersSection() {
  const { isAdmin } = useRole();
  if (!isAdmin) {
    return (
      <SectionFrame id="customers" title="Customers" description="Customer Intelligence">
        <AdminOnlyPanel title="Customers" what="Customer management" />
      </SectionFrame>
    );
  }
  return <Crm />;
}

function Crm() {
  const segments = useQuery(adminQueries.crmSegments());
  const [tab, setTab] = useState("overview");
  const [segment, setSegment] = useState<SegmentId | undefined>(undefined);
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const t = window.setTimeout(() => setSearch(input.trim()), 300);
    return () => window.clearTimeout(t);
  }, [input]);
  // Keep the last results on screen while a new search loads, so an open profile stays put.
  const customers = useQuery({ ...adminQueries.crmCustomers(search, segment), placeholderData: keepPreviousData });
  const seg = segments.data ?? [];
  const totalCustomers = seg.reduce((s, x) => s + x.count, 0);

  return (
    <SectionFrame
      id="customers"
      title="Customers"
      description="Customer Intelligence"
      actions={<ExportButton label="Export Customers" testId="export-customers" onExport={() => exportCsv("customers", CUSTOMER_COLUMNS, customers.data ?? [])} />}
    >
      <ErrorNote what="segments" error={segments.error} />
      <StatGrid testId="segment-cards">
        {(["high_value", "regular", "casual", "at_risk"] as const).map((id) => {
          const s = seg.find((x) => x.id === id);
          return (
            <StatCard
              key={id}
              label={SEGMENT_NAME[id]}
              value={segments.data ? count.format(s?.count ?? 0) : undefined}
              sub={s ? `${formatMoney(s.totalValue)} value · avg bet ${formatMoney(s.avgBet)}` : "no customers"}
              tone={SEGMENT_TONE[id]}
              testId={`segment-${id}`}
            />
          );
        })}
      </StatGrid>
      <Tabs.Root value={tab} onValueChange={setTab} mt="4">
        <Tabs.List aria-label="Customer views">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="segments">Segments</Tabs.Trigger>
          <Tabs.Trigger value="search">Customer Search</Tabs.Trigger>
          <Tabs.Trigger value="lifecycle">Lifecycle</Tabs.Trigger>
          <Tabs.Trigger value="retention">Retention</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview" className="adm-tab">
          <OverviewTab seg={seg} totalCustomers={totalCustomers} customers={customers} />
        </Tabs.Content>
        <Tabs.Content value="segments" className="adm-tab">
          <SegmentsTab
            seg={seg}
            onView={(id) => {
              setSegment(id);
              setTab("search");
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="search" className="adm-tab">
          <Flex gap="2" wrap="wrap" align="center" mb="3">
            <TextField.Root
              className="adm-grow"
              placeholder="Search by username or email..."
              aria-label="Search customers by username or email"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              data-testid="crm-search"
            />
            {segment && (
              <Button variant="soft" color="gray" onClick={() => setSegment(undefined)}>
                Segment: {SEGMENT_NAME[segment]} ✕
              </Button>
            )}
          </Flex>
          <CustomerSearch customers={customers.data ?? []} loading={customers.isPending} error={customers.error} />
        </Tabs.Content>
        <Tabs.Content value="lifecycle" className="adm-tab">
          <ComingSoon what="Lifecycle analysis" />
        </Tabs.Content>
        <Tabs.Content value="retention" className="adm-tab">
          <ComingSoon what="Retention campaigns" />
        </Tabs.Content>
      </Tabs.Root>
    </SectionFrame>
  );
}
