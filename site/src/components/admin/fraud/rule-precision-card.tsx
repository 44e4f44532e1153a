/**
 * Rule Precision: confirmed / (confirmed + false positives) of each rule's resolved alerts.
 */
import { Card, Heading, Table, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { count, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { formatPrecision, ruleName } from "./precision.ts";

export function RulePrecisionCard() {
  const precision = useQuery(adminQueries.fraudRulePrecision());
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="1">
        Rule Precision
      </Heading>
      <Text as="p" size="1" color="gray" mb="2">
        Confirmed ÷ (confirmed + false positives) of each rule's resolved alerts.
      </Text>
      <ErrorNote what="rule precision" error={precision.error} />
      {precision.isPending ? (
        <RowsSkeleton rows={3} />
      ) : (
        // Fits its narrow column without scrolling: names and headers wrap, the figures never do.
        <Table.Root size="1" variant="ghost" data-testid="rule-precision" className="adm-fit-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Rule</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Confirmed</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                <abbr title="False positives">False +</abbr>
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Precision</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(precision.data ?? []).map((r) => (
              <Table.Row key={r.alertType} data-testid={`rule-precision-${r.alertType}`}>
                <Table.RowHeaderCell title={`${r.open} open · ${r.unclassified} resolved without a verdict`}>{ruleName(r.alertType)}</Table.RowHeaderCell>
                <Table.Cell justify="end" className="adm-num">
                  {count.format(r.confirmed)}
                </Table.Cell>
                <Table.Cell justify="end" className="adm-num">
                  {count.format(r.falsePositives)}
                </Table.Cell>
                <Table.Cell justify="end" className="adm-num" data-testid={`rule-precision-value-${r.alertType}`}>
                  {formatPrecision(r)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}
