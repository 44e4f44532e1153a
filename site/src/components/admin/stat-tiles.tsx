/** Left column: headline figures from GET /api/dashboard/stats and settlement progress. */
import { Callout, Card, Flex, Heading, Progress, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "../../../../api/schemas/admin.ts";
import { formatMoney } from "../../lib/format.ts";
import { adminQueries } from "../../lib/queries-admin.ts";

const count = new Intl.NumberFormat("en-AU");

type Tile = {
  key: string;
  label: string;
  value: (s: DashboardStats) => string;
  sub?: (s: DashboardStats) => string;
  tone?: "warn" | "bad";
  /** Money tiles take the full row so large amounts are never cut off. */
  wide?: boolean;
};

const TILES: Tile[] = [
  { key: "total-bets", label: "Total Bets", value: (s) => count.format(s.totalBets), sub: (s) => `${count.format(s.wonBets)} won · ${count.format(s.lostBets)} lost${s.voidBets ? ` · ${count.format(s.voidBets)} void` : ""}` },
  { key: "pending-bets", label: "Pending Bets", value: (s) => count.format(s.pendingBets), sub: () => "awaiting settlement", tone: "warn" },
  { key: "active-customers", label: "Active Customers", value: (s) => count.format(s.activeCustomers) },
  { key: "live-events", label: "Live Events", value: (s) => count.format(s.liveEvents), sub: (s) => `${count.format(s.upcomingEvents)} upcoming · ${count.format(s.finishedEvents)} finished` },
  { key: "total-staked", label: "Total Staked", value: (s) => formatMoney(s.totalStaked), sub: (s) => `${formatMoney(s.totalReturned)} returned to customers`, wide: true },
  { key: "gross-revenue", label: "Gross Revenue", value: (s) => formatMoney(s.grossRevenue), sub: () => "settled stakes minus returns", wide: true },
  { key: "potential-payout", label: "Potential Payout", value: (s) => formatMoney(s.potentialPayout), sub: () => "paid out if every pending bet wins", tone: "bad", wide: true },
  { key: "liability", label: "Liability", value: (s) => formatMoney(s.totalLiability), sub: () => "each market at its worst outcome, as its limit counts it", tone: "bad", wide: true },
];

export function StatTiles() {
  const stats = useQuery(adminQueries.dashboardStats());
  if (stats.isError) {
    return (
      <Callout.Root color="red" data-testid="stats-error">
        <Callout.Text>Could not load dashboard figures: {stats.error.message}</Callout.Text>
      </Callout.Root>
    );
  }
  const s = stats.data;
  return (
    <div className="adm-tiles" data-testid="stat-tiles">
      {TILES.map((t) => (
        <Card key={t.key} size="1" className={`adm-tile ${t.tone ? `adm-tile--${t.tone}` : ""} ${t.wide ? "adm-tile--wide" : ""}`} data-testid={`stat-${t.key}`}>
          <Text as="div" size="1" color="gray" className="adm-tile__label">
            {t.label}
          </Text>
          {s ? (
            <Text as="div" size="5" weight="bold" className="adm-tile__value">
              {t.value(s)}
            </Text>
          ) : (
            <Skeleton height="28px" width="70%" my="1" />
          )}
          {t.sub && s && (
            <Text as="div" size="1" color="gray" className="adm-tile__sub">
              {t.sub(s)}
            </Text>
          )}
        </Card>
      ))}
    </div>
  );
}

export function SettlementCard() {
  const stats = useQuery(adminQueries.dashboardStats());
  const s = stats.data;
  const settled = s ? s.wonBets + s.lostBets + s.voidBets : 0;
  const pct = s ? Math.round(Math.min(1, Math.max(0, s.settlementRate)) * 1000) / 10 : 0;
  return (
    <Card size="2" data-testid="settlement-progress">
      <Flex justify="between" align="baseline" mb="2" gap="2">
        <Heading as="h2" size="2" className="adm-card-label">
          Settlement Progress
        </Heading>
        {s ? (
          <Text size="4" weight="bold" className="adm-nowrap adm-num">
            {pct}%
          </Text>
        ) : (
          <Skeleton width="48px" height="22px" />
        )}
      </Flex>
      <Progress value={pct} size="2" color={pct >= 80 ? "green" : pct >= 50 ? "amber" : "red"} aria-label="Settled bets" />
      <Flex justify="between" mt="2">
        <Text size="1" color="gray">
          Settled <Text weight="bold" color="green">{s ? count.format(settled) : "–"}</Text>
        </Text>
        <Text size="1" color="gray">
          Pending <Text weight="bold" color="amber">{s ? count.format(s.pendingBets) : "–"}</Text>
        </Text>
      </Flex>
    </Card>
  );
}
