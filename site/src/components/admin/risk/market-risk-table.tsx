/**
 * Risk Management's Markets tab: each market's exposure, liability and limits, its outcomes in a
 * row of their own below it, so the table fits a 1280 px screen with every action in view; where
 * it still scrolls sideways (a tablet), the actions column stays pinned at the right edge.
 */
import { Badge, Button, Flex, Progress, Table, Text } from "@radix-ui/themes";
import { Fragment, useState } from "react";
import type { MarketRisk } from "../../../../../api/schemas/risk.ts";
import { formatMoney } from "../../../lib/format.ts";
import { useRole } from "../console-context.tsx";
import { AdjustLimitDialog, MarketBetsDialog, useSuspendMarket } from "../markets/market-actions.tsx";
import { useMarketInfo } from "../markets/market-directory.ts";
import { OutcomeTable } from "../trading/outcome-table.tsx";
import { compactMoney, EmptyState, RiskLevelBadge, TableScroll, usageColor } from "../ui.tsx";

export function MarketRiskTable({ markets }: { markets: MarketRisk[] }) {
  const { isAdmin } = useRole();
  const suspend = useSuspendMarket();
  const [dialog, setDialog] = useState<{ kind: "limit" | "bets"; id: string } | null>(null);
  const info = useMarketInfo(dialog?.id ?? null);
  if (markets.length === 0) return <EmptyState title="No markets with open bets" />;
  return (
    <>
      <TableScroll label="Market risk table">
        <Table.Root size="1" variant="surface" data-testid="market-risk-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Market</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Exposure</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Liability / limit</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Volume</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Risk</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Margin</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" className="adm-sticky-actions">
                Actions
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {markets.map((x) => (
              <Fragment key={x.marketId}>
                <Table.Row data-testid={`market-risk-${x.marketId}`} align="center" className="adm-risk-row">
                  <Table.RowHeaderCell className="adm-risk-market">
                    <Text as="div" size="2" weight="medium">
                      {x.eventName}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {x.sport} · {x.marketName} {x.status !== "open" && <Badge color="amber">{x.status}</Badge>}
                    </Text>
                  </Table.RowHeaderCell>
                  <Table.Cell className="adm-num">{formatMoney(x.exposure)}</Table.Cell>
                  <Table.Cell className="adm-risk-usage">
                    <Text size="1" className="adm-num">
                      {formatMoney(x.liability)} / {compactMoney(x.limit)}
                    </Text>
                    <Progress value={Math.min(100, x.limitUsage)} color={usageColor(x.limitUsage)} size="1" aria-label="Limit usage" />
                    {x.eventLimit && (
                      <Text as="div" size="1" color="gray" className="adm-num" data-testid={`risk-event-limit-${x.marketId}`}>
                        Event {compactMoney(x.eventLimit.liability)} / {compactMoney(x.eventLimit.limit)}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell className="adm-num">{formatMoney(x.volume)}</Table.Cell>
                  <Table.Cell className="adm-nowrap">
                    <RiskLevelBadge level={x.riskLevel} /> <Text size="1">{x.riskValue}</Text>
                  </Table.Cell>
                  <Table.Cell className="adm-num">{x.margin.toFixed(2)}%</Table.Cell>
                  <Table.Cell justify="end" className="adm-sticky-actions">
                    <Flex gap="1" justify="end" wrap="nowrap">
                      <Button
                        size="1"
                        variant="soft"
                        color={x.status === "suspended" ? "green" : "red"}
                        disabled={x.status === "closed"}
                        onClick={() => suspend.mutate({ marketId: x.marketId, suspend: x.status !== "suspended", label: `${x.eventName} · ${x.marketName}` })}
                        data-testid={`risk-suspend-${x.marketId}`}
                      >
                        {x.status === "suspended" ? "Reopen" : "Suspend"}
                      </Button>
                      <Button size="1" variant="soft" onClick={() => setDialog({ kind: "limit", id: x.marketId })}>
                        Limit
                      </Button>
                      <Button size="1" variant="soft" color="gray" onClick={() => setDialog({ kind: "bets", id: x.marketId })}>
                        Bets
                      </Button>
                    </Flex>
                  </Table.Cell>
                </Table.Row>
                {/* Every outcome as a row by its own name (Draw, racing runners), under its market across the table's width. */}
                <Table.Row className="adm-risk-outcomes" data-testid={`market-risk-outcomes-${x.marketId}`}>
                  <Table.Cell colSpan={7}>
                    <OutcomeTable outcomes={x.outcomes} caption={`${x.eventName} · ${x.marketName}: outcomes`} testId={`risk-outcomes-${x.marketId}`} />
                  </Table.Cell>
                </Table.Row>
              </Fragment>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      <AdjustLimitDialog market={dialog?.kind === "limit" ? info : null} open={dialog?.kind === "limit"} onOpenChange={(o) => !o && setDialog(null)} />
      <MarketBetsDialog market={dialog?.kind === "bets" ? info : null} open={dialog?.kind === "bets"} onOpenChange={(o) => !o && setDialog(null)} canSettle={isAdmin} />
    </>
  );
}
