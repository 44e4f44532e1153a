/**
 * The CRM's Segments tab: each segment's rule and figures, with View customers.
 */
import { Badge, Button, Table, Text } from "@radix-ui/themes";
import type { CrmSegment, SegmentId } from "../../../../../api/schemas/back-office.ts";
import { formatMoney } from "../../../lib/format.ts";
import { TableScroll } from "../ui.tsx";

export const SEGMENT_TONE = { high_value: "green", regular: "blue", casual: "gray", at_risk: "red" } as const;
export const SEGMENT_NAME: Record<SegmentId, string> = { high_value: "High Value", regular: "Regular", casual: "Casual", at_risk: "At Risk" };

export function SegmentsTab({ seg, onView }: { seg: CrmSegment[]; onView: (segment: SegmentId) => void }) {
  return (
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
                  onClick={() => onView(s.id)}
                >
                  View customers
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
