/**
 * Customers / CRM (spec section 2): segment cards (High Value, Regular, Casual, At Risk) from real
 * customers and their betting; tabs Overview, Segments, Customer Search (search by username or
 * email; a result opens the profile panel with Send Bonus, Set Limits, Flag Account, Restrict),
 * Lifecycle and Retention ('coming soon').
 */
import { Badge, Button, Card, DataList, Flex, Grid, Heading, Table, Tabs, Text, TextField } from "@radix-ui/themes";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CustomerProfile, SegmentId } from "../../../../../api/schemas/back-office.ts";
import { formatMoney } from "../../../lib/format.ts";
import { queries } from "../../../lib/queries.ts";
import { useRole } from "../console-context.tsx";
import { centsCell, exportCsv } from "../csv.ts";
import { RestrictDialog } from "../risk/restrict-dialog.tsx";
import { StakeFactorDialog } from "../trading/sharp-tracking.tsx";
import { AdminOnlyPanel, ComingSoon, count, EmptyState, ErrorNote, ExportButton, formatDate, formatStamp, RowsSkeleton, scoreColor, SectionFrame, StatCard, StatGrid, TableScroll } from "../ui.tsx";
import { BonusDialog, FlagDialog } from "./customer-actions.tsx";
import { CustomerBonus } from "./customer-bonus.tsx";

const SEGMENT_TONE = { high_value: "green", regular: "blue", casual: "gray", at_risk: "red" } as const;
const SEGMENT_NAME: Record<SegmentId, string> = { high_value: "High Value", regular: "Regular", casual: "Casual", at_risk: "At Risk" };

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
  const segments = useQuery(queries.crmSegments());
  const [tab, setTab] = useState("overview");
  const [segment, setSegment] = useState<SegmentId | undefined>(undefined);
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const t = window.setTimeout(() => setSearch(input.trim()), 300);
    return () => window.clearTimeout(t);
  }, [input]);
  // Keep the last results on screen while a new search loads, so an open profile stays put.
  const customers = useQuery({ ...queries.crmCustomers(search, segment), placeholderData: keepPreviousData });
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
          <Grid columns={{ initial: "1", md: "2" }} gap="3">
            <Card size="2">
              <Heading as="h3" size="3" mb="2">
                Customer base
              </Heading>
              <DataList.Root size="2">
                <DataList.Item>
                  <DataList.Label>Customers</DataList.Label>
                  <DataList.Value>{count.format(totalCustomers)}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Lifetime value</DataList.Label>
                  <DataList.Value>{formatMoney(seg.reduce((s, x) => s + x.totalValue, 0))}</DataList.Value>
                </DataList.Item>
                {seg.map((s) => (
                  <DataList.Item key={s.id}>
                    <DataList.Label>{s.name}</DataList.Label>
                    <DataList.Value>
                      {totalCustomers ? Math.round((s.count / totalCustomers) * 100) : 0}% · win rate {s.winRate.toFixed(1)}%
                    </DataList.Value>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Card>
            <Card size="2">
              <Heading as="h3" size="3" mb="2">
                Top customers by value
              </Heading>
              {customers.isPending ? (
                <RowsSkeleton rows={3} />
              ) : (
                <ul className="adm-plain-list">
                  {[...(customers.data ?? [])]
                    .sort((a, b) => b.ltv - a.ltv)
                    .slice(0, 5)
                    .map((c) => (
                      <li key={c.id}>
                        <Flex justify="between" gap="2">
                          <Text size="2">{c.username}</Text>
                          <Text size="2" className="adm-num">
                            {formatMoney(c.ltv)}
                          </Text>
                        </Flex>
                      </li>
                    ))}
                </ul>
              )}
            </Card>
          </Grid>
        </Tabs.Content>
        <Tabs.Content value="segments" className="adm-tab">
          <TableScroll label="Customer segments table">
            <Table.Root size="1" variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Segment</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Rule</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Customers</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Total value</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Avg bet</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Win rate</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {seg.map((s) => (
                  <Table.Row key={s.id} align="center">
                    <Table.RowHeaderCell>
                      <Badge color={SEGMENT_TONE[s.id]}>{s.name}</Badge>
                    </Table.RowHeaderCell>
                    <Table.Cell>
                      <Text size="1" color="gray">
                        {s.rule}
                      </Text>
                    </Table.Cell>
                    <Table.Cell className="adm-num">{s.count}</Table.Cell>
                    <Table.Cell className="adm-num">{formatMoney(s.totalValue)}</Table.Cell>
                    <Table.Cell className="adm-num">{formatMoney(s.avgBet)}</Table.Cell>
                    <Table.Cell className="adm-num">{s.winRate.toFixed(1)}%</Table.Cell>
                    <Table.Cell>
                      <Button
                        size="1"
                        variant="soft"
                        onClick={() => {
                          setSegment(s.id);
                          setTab("search");
                        }}
                      >
                        View customers
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableScroll>
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

function CustomerSearch({ customers, loading, error }: { customers: CustomerProfile[]; loading: boolean; error: Error | null }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = customers.find((c) => c.id === selectedId) ?? null;
  return (
    <div className="adm-split">
      <div>
        <ErrorNote what="customers" error={error} />
        {loading ? (
          <RowsSkeleton rows={4} />
        ) : customers.length === 0 ? (
          <EmptyState title="No customers found" hint="Try another name or email" />
        ) : (
          <ul className="adm-select-list" data-testid="crm-results">
            {customers.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`adm-select-list__item ${selectedId === c.id ? "is-selected" : ""}`}
                  aria-pressed={selectedId === c.id}
                  onClick={() => setSelectedId(c.id)}
                  data-testid={`crm-customer-${c.id}`}
                >
                  <Flex justify="between" gap="2" align="center">
                    <Text size="2" weight="medium">
                      {c.username}
                    </Text>
                    <Flex gap="1">
                      {c.vip && <Badge color="amber">VIP</Badge>}
                      <Badge color={SEGMENT_TONE[c.segment]} variant="soft">
                        {SEGMENT_NAME[c.segment]}
                      </Badge>
                    </Flex>
                  </Flex>
                  <Text as="div" size="1" color="gray">
                    {c.email} · {c.betCount} bets · {formatMoney(c.totalStaked)} staked
                  </Text>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {selected ? <ProfilePanel c={selected} /> : <EmptyState title="Select a customer" hint="Their profile shows here" />}
    </div>
  );
}

function ProfilePanel({ c }: { c: CustomerProfile }) {
  const [dialog, setDialog] = useState<"bonus" | "limits" | "flag" | "restrict" | null>(null);
  const target = { id: c.id, userId: c.id, name: c.username };
  // The current stake factor lives with the risk figures (customers with bets); 1 = no limit.
  const risk = useQuery(queries.riskMetrics());
  const stakeFactor = risk.data?.customers.find((x) => x.userId === c.id)?.stakeFactor ?? 1;
  const rows: [string, string][] = [
    ["Email", c.email],
    ["Joined", formatDate(c.joinDate)],
    ["Balance", formatMoney(c.balance)],
    ["Total staked", formatMoney(c.totalStaked)],
    ["Total won", formatMoney(c.totalWon)],
    ["Total lost", formatMoney(c.totalLost)],
    ["Bets", `${c.betCount} (${c.pendingBets} pending)`],
    ["Win rate", `${c.winRate.toFixed(1)}%`],
    ["Average stake", formatMoney(c.avgStake)],
    ["Lifetime value", formatMoney(c.ltv)],
    ["Deposits", formatMoney(c.depositTotal)],
    ["Withdrawals", formatMoney(c.withdrawalTotal)],
    ["Bonus used", formatMoney(c.bonusUsed)],
    ["Favourite markets", c.favoriteMarkets.join(", ") || "—"],
    ["Last activity", formatStamp(c.lastActivity)],
  ];
  return (
    <Card size="2" data-testid="crm-profile">
      <Flex justify="between" align="start" gap="2">
        <div>
          <Heading as="h3" size="4">
            {c.firstName} {c.lastName}
          </Heading>
          <Flex gap="1" mt="1" wrap="wrap">
            <Badge color={SEGMENT_TONE[c.segment]}>{SEGMENT_NAME[c.segment]}</Badge>
            {c.vip && <Badge color="amber">VIP</Badge>}
            <Badge color={c.kyc === "verified" ? "green" : c.kyc === "pending" ? "amber" : "red"}>KYC {c.kyc}</Badge>
            {!c.isActive && <Badge color="red">Suspended</Badge>}
          </Flex>
        </div>
        <div style={{ textAlign: "right" }}>
          <Text as="div" size="1" color="gray">
            Fraud score
          </Text>
          <Text size="5" weight="bold" color={scoreColor(c.riskScore)}>
            {c.riskScore}
          </Text>
        </div>
      </Flex>
      <DataList.Root size="1" mt="3">
        {rows.map(([k, v]) => (
          <DataList.Item key={k}>
            <DataList.Label minWidth="120px">{k}</DataList.Label>
            <DataList.Value>{v}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
      <CustomerBonus customerId={c.id} />
      <Flex gap="2" mt="3" wrap="wrap">
        <Button variant="soft" color="green" onClick={() => setDialog("bonus")} data-testid="crm-send-bonus">
          Send Bonus
        </Button>
        <Button variant="soft" onClick={() => setDialog("limits")}>
          Set Limits
        </Button>
        <Button variant="soft" color="orange" onClick={() => setDialog("flag")}>
          Flag Account
        </Button>
        <Button variant="soft" color="red" disabled={!c.isActive} onClick={() => setDialog("restrict")}>
          Restrict
        </Button>
      </Flex>
      <BonusDialog target={dialog === "bonus" ? target : null} onClose={() => setDialog(null)} />
      <FlagDialog target={dialog === "flag" ? target : null} onClose={() => setDialog(null)} />
      <StakeFactorDialog target={dialog === "limits" ? { userId: c.id, name: c.username, stakeFactor } : null} onClose={() => setDialog(null)} />
      <RestrictDialog target={dialog === "restrict" ? { userId: c.id, name: c.username } : null} onClose={() => setDialog(null)} />
    </Card>
  );
}
