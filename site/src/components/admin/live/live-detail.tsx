/** One live match in the back office: its markets with quick stakes and one-tick price moves, live stats, stream and cash out. */
import { Badge, Button, Card, DataList, Flex, Grid, Heading, IconButton, Table, Tabs, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminLiveMatch } from "../../../../../api/schemas/back-office.ts";
import { formatDollars, formatMoney, oddsToMilli } from "../../../lib/format.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { useRole } from "../console-context.tsx";
import { useSuspendMarket } from "../markets/market-actions.tsx";
import { useAdjustOdds } from "../trading/adjust-odds-dialog.tsx";
import { EmptyState, RowsSkeleton } from "../ui.tsx";
import { LocalTime } from "../../local-time.tsx";

const QUICK = [10, 25, 50, 100, 250];

export function LiveDetail({ match, onClose }: { match: AdminLiveMatch; onClose: () => void }) {
  const { isStaff, isAdmin } = useRole();
  const events = useQuery({ ...customerQueries.events({ status: "live", limit: 100 }), refetchInterval: 3_000, staleTime: 1_000 });
  const event = events.data?.find((e) => e.id === match.id);
  const suspend = useSuspendMarket();
  const adjust = useAdjustOdds();
  const [stake, setStake] = useState(10);
  const bets = useQuery({ ...adminQueries.marketBets(match.marketId ?? "-"), enabled: isAdmin && !!match.marketId });
  const open = (bets.data ?? []).filter((b) => b.status === "pending");

  return (
    <Card size="3" mt="4" data-testid="live-detail">
      <Flex justify="between" align="start" gap="2" mb="3">
        <div>
          <Heading as="h2" size="4">
            {match.homeTeam} {match.homeScore ?? 0} – {match.awayScore ?? 0} {match.awayTeam}
          </Heading>
          <Text size="1" color="gray">
            {match.sportName} · {match.league} · {match.status} · updated <LocalTime value={match.lastUpdate} />
          </Text>
        </div>
        <Button variant="ghost" color="gray" onClick={onClose}>
          Close
        </Button>
      </Flex>
      <Tabs.Root defaultValue="markets">
        <Tabs.List aria-label="Live event details">
          <Tabs.Trigger value="markets">Markets</Tabs.Trigger>
          <Tabs.Trigger value="stats">Live Stats</Tabs.Trigger>
          <Tabs.Trigger value="stream">Stream</Tabs.Trigger>
          <Tabs.Trigger value="cashout">Cash Out</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="markets" className="adm-tab">
          <Flex gap="2" align="center" mb="3" wrap="wrap">
            <Text size="2" color="gray">
              Returns at stake:
            </Text>
            {QUICK.map((q) => (
              <Button key={q} size="1" variant={stake === q ? "solid" : "soft"} onClick={() => setStake(q)}>
                {formatDollars(q)}
              </Button>
            ))}
          </Flex>
          <Flex direction="column" gap="3">
            {(event?.markets ?? []).map((mk) => (
              <Card key={mk.id} size="1" variant="surface">
                <Flex justify="between" align="center" gap="2" mb="2" wrap="wrap">
                  <Text size="2" weight="medium">
                    {mk.name}{" "}
                    {mk.status !== "open" && (
                      <Badge color="amber" variant="soft">
                        {mk.status}
                      </Badge>
                    )}
                  </Text>
                  {isStaff && mk.status !== "closed" && (
                    <Button
                      size="1"
                      variant="soft"
                      color={mk.status === "suspended" ? "green" : "red"}
                      onClick={() => suspend.mutate({ marketId: mk.id, suspend: mk.status !== "suspended", label: `${match.homeTeam} vs ${match.awayTeam} · ${mk.name}` })}
                    >
                      {mk.status === "suspended" ? "Reopen" : "Suspend"}
                    </Button>
                  )}
                </Flex>
                <Grid columns={{ initial: "1", sm: String(Math.min(3, mk.outcomes.length)) as "1" | "2" | "3" }} gap="2">
                  {mk.outcomes.map((o) => (
                    <Flex key={o.id} justify="between" align="center" gap="2" className="adm-price adm-price--row">
                      <div>
                        <Text as="div" size="1" color="gray">
                          {o.name}
                        </Text>
                        <Text as="div" size="2" weight="bold" className="adm-num">
                          {o.odds}
                        </Text>
                        <Text as="div" size="1" color="gray">
                          returns {formatMoney(Math.floor((stake * 100 * oddsToMilli(o.odds)) / 1000))}
                        </Text>
                      </div>
                      {isStaff && (
                        <Flex gap="1">
                          <IconButton size="1" variant="soft" color="red" aria-label={`Lower ${o.name}`} onClick={() => adjust.mutate({ outcomeId: o.id, direction: "down" })}>
                            −
                          </IconButton>
                          <IconButton size="1" variant="soft" color="green" aria-label={`Raise ${o.name}`} onClick={() => adjust.mutate({ outcomeId: o.id, direction: "up" })}>
                            +
                          </IconButton>
                        </Flex>
                      )}
                    </Flex>
                  ))}
                </Grid>
              </Card>
            ))}
            {events.isPending && <RowsSkeleton rows={2} />}
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="stats" className="adm-tab">
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>Score</DataList.Label>
              <DataList.Value>
                {match.homeScore ?? 0} – {match.awayScore ?? 0}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Minute</DataList.Label>
              <DataList.Value>{match.minute ?? "—"}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Stakes taken</DataList.Label>
              <DataList.Value>{formatMoney(match.totalVolume)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Bets</DataList.Label>
              <DataList.Value>{match.betCount}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Activity</DataList.Label>
              <DataList.Value>{match.highActivity ? "High (5+ bets in 10 minutes)" : "Normal"}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Last price update</DataList.Label>
              <DataList.Value><LocalTime value={match.lastUpdate} /></DataList.Value>
            </DataList.Item>
          </DataList.Root>
          <Text as="p" size="1" color="gray" mt="3">
            Possession and shot statistics are not provided by the odds feed.
          </Text>
        </Tabs.Content>
        <Tabs.Content value="stream" className="adm-tab">
          <Card size="2" variant="surface">
            <Text size="2">Live stream available for VIP members.</Text>
          </Card>
        </Tabs.Content>
        <Tabs.Content value="cashout" className="adm-tab">
          {!isAdmin ? (
            <Text size="2" color="gray">
              Customers' bets are visible to administrators.
            </Text>
          ) : bets.isPending ? (
            <RowsSkeleton rows={2} />
          ) : open.length === 0 ? (
            <EmptyState title="No Active Bets" hint="No open bets on this match's result market" />
          ) : (
            <Table.Root size="1" variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Selection</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Stake</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Potential return</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {open.map((b) => (
                  <Table.Row key={b.id}>
                    <Table.RowHeaderCell>{b.customerName || b.customerEmail}</Table.RowHeaderCell>
                    <Table.Cell>
                      {b.selectionName} @ {b.odds}
                    </Table.Cell>
                    <Table.Cell className="adm-num">{formatMoney(b.amount)}</Table.Cell>
                    <Table.Cell className="adm-num">{formatMoney(b.potentialReturn)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          <Text as="p" size="1" color="gray" mt="2">
            Customers cash out from their own bet list; open bets here are what they could cash out.
          </Text>
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}
