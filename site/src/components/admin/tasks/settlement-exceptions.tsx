/**
 * Settlement exceptions (GET /api/admin/settlement-exceptions): bets whose settlement a database
 * guard refused, with the guard's reason and what settlement tried to pay. They stay pending while
 * the rest of their market settles; settling one (Bet Management) resolves it here.
 */
import { Badge, Card, Flex, Heading, Switch, Table, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { LocalTime } from "../../local-time.tsx";
import { EmptyState, ErrorNote, RowsSkeleton, TableScroll } from "../ui.tsx";

export function SettlementExceptions() {
  const [all, setAll] = useState(false);
  const list = useQuery(adminQueries.settlementExceptions(all ? "all" : "open"));
  const items = list.data?.items ?? [];
  return (
    <Card size="2" data-testid="settlement-exceptions">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="3">
          Settlement exceptions
        </Heading>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Switch checked={all} onCheckedChange={setAll} data-testid="settlement-exceptions-all" />
            Show resolved
          </Flex>
        </Text>
      </Flex>
      <Text as="p" size="1" color="gray" mb="3">
        Bets whose settlement the database refused. Each stays pending while the rest of its market settles; settle or void it from
        Bet Management.
      </Text>
      <ErrorNote what="settlement exceptions" error={list.error} />
      {list.isPending ? (
        <RowsSkeleton rows={2} />
      ) : items.length === 0 ? (
        <EmptyState title={all ? "No settlement exceptions" : "No open settlement exceptions"} testId="settlement-exceptions-empty" />
      ) : (
        <TableScroll label="Settlement exceptions">
          <Table.Root size="1" variant="ghost" className="adm-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Bet</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Market</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Reason</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Tried to pay</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Potential return</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((x) => (
                <Table.Row key={x.id} data-testid={`settlement-exception-${x.betId}`}>
                  <Table.Cell>
                    <LocalTime value={x.createdAt} />
                  </Table.Cell>
                  <Table.Cell>
                    <Text size="1" className="adm-mono">
                      {x.betId}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{x.marketName ? `${x.eventName ?? ""} · ${x.marketName}` : "—"}</Table.Cell>
                  <Table.Cell>
                    <Text size="1">{x.message}</Text>{" "}
                    <Text size="1" color="gray">
                      ({x.code})
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    {x.attemptedStatus} · {formatMoney(x.attemptedReturn)}
                  </Table.Cell>
                  <Table.Cell>{formatMoney(x.potentialReturn)}</Table.Cell>
                  <Table.Cell>
                    <Badge color={x.resolvedAt ? "green" : "amber"}>{x.resolvedAt ? `resolved (${x.betStatus})` : "open"}</Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Card>
  );
}
