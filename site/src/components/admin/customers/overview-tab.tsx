/**
 * The CRM's Overview tab: the customer base by segment and the top customers by value.
 */
import { Card, DataList, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { CrmSegment, CustomerProfile } from "../../../../../api/schemas/back-office.ts";
import { formatMoney } from "../../../lib/format.ts";
import { count, RowsSkeleton } from "../ui.tsx";

export function OverviewTab({
  seg,
  totalCustomers,
  customers,
}: {
  seg: CrmSegment[];
  totalCustomers: number;
  customers: { data: CustomerProfile[] | undefined; isPending: boolean };
}) {
  return (
    <Grid columns={{ initial: "1", md: "2" }} gap="3">
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
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
        <Heading as="h2" size="3" mb="2">
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
  );
}
