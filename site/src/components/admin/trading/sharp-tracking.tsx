/**
 * Sharp Tracking: bettors ranked by sharp score from their real bets (GET /api/trading/sharp-bettors):
 * CLV, win rate, average stake, profit, score out of 100, total bets. View Profile shows the
 * figures (and, for administrators, opens their activity log); Limit sets the per-customer stake
 * factor that placement enforces (PUT /api/trading/customers/{userId}/stake-factor). The two
 * dialogs live beside it: sharp-profile-dialog.tsx and stake-factor-dialog.tsx.
 */
import { Button, Flex, Table, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { SharpBettor } from "../../../../../api/schemas/trading.ts";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { EmptyState, ErrorNote, RiskLevelBadge, RowsSkeleton, scoreColor, TableScroll } from "../ui.tsx";
import { ProfileDialog, signedPct } from "./sharp-profile-dialog.tsx";
import { StakeFactorDialog } from "./stake-factor-dialog.tsx";

export function SharpTracking() {
  const bettors = useQuery(adminQueries.sharpBettors());
  const [profile, setProfile] = useState<SharpBettor | null>(null);
  const [limit, setLimit] = useState<{ userId: string; name: string; stakeFactor: number } | null>(null);
  if (bettors.isPending) return <RowsSkeleton rows={4} />;
  const rows = bettors.data ?? [];
  return (
    <>
      <ErrorNote what="sharp bettors" error={bettors.error} />
      {rows.length === 0 && !bettors.isError ? (
        <EmptyState title="No bettors to track yet" hint="Sharp scores appear once customers have bets" />
      ) : (
        <TableScroll label="Sharp bettors table">
          <Table.Root size="1" variant="surface" data-testid="sharp-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Bettor</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>CLV</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Win rate</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Avg stake</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Profit</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Sharp score</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Bets</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Limit</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end" className="adm-sticky-actions">
                  Actions
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((b) => (
                <Table.Row key={b.userId} data-testid={`sharp-${b.userId}`} align="center">
                  <Table.RowHeaderCell>
                    <Text as="div" size="2" weight="medium">
                      {b.username}
                    </Text>
                    <RiskLevelBadge level={b.riskLevel} />
                  </Table.RowHeaderCell>
                  <Table.Cell className="adm-num">
                    <Text color={b.clv > 0 ? "red" : "green"}>{signedPct(b.clv)}</Text>
                  </Table.Cell>
                  <Table.Cell className="adm-num">{b.winRate.toFixed(1)}%</Table.Cell>
                  <Table.Cell className="adm-num">{formatMoney(b.avgStake)}</Table.Cell>
                  <Table.Cell className="adm-num">
                    <Text color={b.profit > 0 ? "red" : "green"}>{formatMoney(b.profit)}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Flex align="center" gap="2">
                      <Text weight="bold" color={scoreColor(b.sharpScore)} className="adm-num">
                        {b.sharpScore}/100
                      </Text>
                    </Flex>
                  </Table.Cell>
                  <Table.Cell className="adm-num">{b.totalBets}</Table.Cell>
                  <Table.Cell className="adm-num">{b.stakeFactor < 1 ? `× ${Number(b.stakeFactor.toFixed(4))}` : "None"}</Table.Cell>
                  <Table.Cell justify="end" className="adm-sticky-actions">
                    <Flex gap="2" justify="end">
                      <Button size="1" variant="soft" color="gray" onClick={() => setProfile(b)} data-testid={`sharp-profile-${b.userId}`}>
                        View Profile
                      </Button>
                      <Button
                        size="1"
                        variant="soft"
                        color="orange"
                        onClick={() => setLimit({ userId: b.userId, name: b.username, stakeFactor: b.stakeFactor })}
                        data-testid={`sharp-limit-${b.userId}`}
                      >
                        Limit
                      </Button>
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
      <ProfileDialog bettor={profile} onClose={() => setProfile(null)} />
      <StakeFactorDialog target={limit} onClose={() => setLimit(null)} />
    </>
  );
}
