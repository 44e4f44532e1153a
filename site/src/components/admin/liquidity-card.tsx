/**
 * Right column: liquidity. Stakes held on pending bets against what those bets could pay out
 * (the potential payout). Pending stakes are derived from the stats: totalStaked − totalReturned −
 * grossRevenue (grossRevenue = settled stakes − returns).
 */
import { Card, DataList, Flex, Heading, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "../../lib/format.ts";
import { adminQueries } from "../../lib/queries-admin.ts";

export function LiquidityCard() {
  const stats = useQuery(adminQueries.dashboardStats());
  const s = stats.data;
  const pendingStakes = s ? Math.max(0, s.totalStaked - s.totalReturned - s.grossRevenue) : 0;
  const worstCase = s ? s.potentialPayout - pendingStakes : 0;
  const coverPct = s && s.potentialPayout > 0 ? Math.min(100, (pendingStakes / s.potentialPayout) * 100) : 100;

  return (
    <Card size="2" data-testid="liquidity-card">
      <Heading as="h2" size="3" mb="3">
        Liquidity
      </Heading>
      {stats.isError ? (
        <Text size="2" color="red">
          Unavailable: {stats.error.message}
        </Text>
      ) : (
        <>
          <div className="adm-liq-bar" aria-hidden="true">
            <span className="adm-liq-bar__stakes" style={{ width: `${coverPct}%` }} />
          </div>
          <Flex justify="between" mt="1" mb="3">
            <Text size="1" color="gray">
              Stakes held
            </Text>
            <Text size="1" color="gray">
              Potential payout
            </Text>
          </Flex>
          <DataList.Root size="1" orientation="horizontal" className="adm-datalist">
            <DataList.Item>
              <DataList.Label>Stakes on pending bets</DataList.Label>
              <DataList.Value className="adm-num">{s ? formatMoney(pendingStakes) : <Skeleton width="80px" />}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Potential payout</DataList.Label>
              <DataList.Value className="adm-num">{s ? formatMoney(s.potentialPayout) : <Skeleton width="80px" />}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Worst-case net payout</DataList.Label>
              <DataList.Value className="adm-num">
                {s ? (
                  <Text color={worstCase > 0 ? "red" : "green"} weight="medium">
                    {formatMoney(worstCase)}
                  </Text>
                ) : (
                  <Skeleton width="80px" />
                )}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Gross revenue</DataList.Label>
              <DataList.Value className="adm-num">
                {s ? (
                  <Text color={s.grossRevenue >= 0 ? "green" : "red"} weight="medium">
                    {formatMoney(s.grossRevenue)}
                  </Text>
                ) : (
                  <Skeleton width="80px" />
                )}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </>
      )}
    </Card>
  );
}
