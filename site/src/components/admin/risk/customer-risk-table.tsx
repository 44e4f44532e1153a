/**
 * Risk Management's Customers tab: each customer's risk score, flags and limits.
 */
import { Badge, Button, Flex, Table, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { CustomerRisk } from "../../../../../api/schemas/risk.ts";
import { formatMoney } from "../../../lib/format.ts";
import { useRole } from "../console-context.tsx";
import { StakeFactorDialog } from "../trading/stake-factor-dialog.tsx";
import { EmptyState, scoreColor, TableScroll } from "../ui.tsx";
import { RestrictDialog } from "./restrict-dialog.tsx";
import { LocalTime } from "../../local-time.tsx";

const FLAG_LABEL: Record<CustomerRisk["flags"][number], string> = {
  high_win_rate: "High win rate",
  sharp: "Sharp",
  beats_closing_line: "Beats closing line",
  large_stakes: "Large stakes",
  limited: "Limited",
  suspended: "Suspended",
};

export function CustomerRiskTable({ customers }: { customers: CustomerRisk[] }) {
  const { isAdmin } = useRole();
  const [limit, setLimit] = useState<{ userId: string; name: string; stakeFactor: number } | null>(null);
  const [restrict, setRestrict] = useState<{ userId: string; name: string } | null>(null);
  if (customers.length === 0) return <EmptyState title="No customers with bets" />;
  return (
    <>
      <TableScroll label="Customer risk table">
        <Table.Root size="1" variant="surface" data-testid="customer-risk-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Total staked</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Win rate</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Sharp score</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Flags</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Last activity</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" className="adm-sticky-actions">
                Actions
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {customers.map((c) => (
              <Table.Row key={c.userId} data-testid={`customer-risk-${c.userId}`} align="center">
                <Table.RowHeaderCell style={{ minWidth: 180 }}>
                  <Text as="div" size="2" weight="medium">
                    {c.name}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {c.email}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell className="adm-num">{formatMoney(c.totalStaked)}</Table.Cell>
                <Table.Cell className="adm-num">
                  <Text color={c.winRate > 65 ? "red" : undefined}>{c.winRate.toFixed(1)}%</Text>
                </Table.Cell>
                <Table.Cell>
                  <Text weight="bold" color={scoreColor(c.sharpScore)}>
                    {c.sharpScore}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="1" wrap="wrap">
                    {c.flags.length === 0 ? (
                      <Text size="1" color="gray">
                        —
                      </Text>
                    ) : (
                      c.flags.map((f) => (
                        <Badge key={f} color={f === "suspended" ? "red" : "orange"} variant="soft">
                          {FLAG_LABEL[f]}
                        </Badge>
                      ))
                    )}
                  </Flex>
                </Table.Cell>
                <Table.Cell className="adm-nowrap"><LocalTime value={c.lastActivity} /></Table.Cell>
                <Table.Cell justify="end" className="adm-sticky-actions">
                  <Flex gap="1" justify="end">
                    <Button size="1" variant="soft" color="orange" onClick={() => setLimit({ userId: c.userId, name: c.name, stakeFactor: c.stakeFactor })}>
                      Limit
                    </Button>
                    {isAdmin && (
                      <Button size="1" variant="soft" color="red" disabled={!c.isActive} onClick={() => setRestrict({ userId: c.userId, name: c.name })} data-testid={`restrict-${c.userId}`}>
                        {c.isActive ? "Restrict" : "Restricted"}
                      </Button>
                    )}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      <StakeFactorDialog target={limit} onClose={() => setLimit(null)} />
      <RestrictDialog target={restrict} onClose={() => setRestrict(null)} />
    </>
  );
}
