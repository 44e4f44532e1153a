/**
 * A customer's bonus wallet in the CRM profile (GET /api/admin/customers/{id}/bonus, admin): cash,
 * bonus balance, wagering progress and expiry (docs/money.md "Bonus funds"). Looking runs no upkeep.
 */
import { DataList, Heading, Progress, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { expiryText, wageringPercent, wageringText } from "../../../lib/bonus.ts";
import { formatMoney } from "../../../lib/format.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { ErrorNote } from "../ui.tsx";

export function CustomerBonus({ customerId }: { customerId: string }) {
  const q = useQuery(adminQueries.adminCustomerBonus(customerId));
  const b = q.data;
  return (
    <div data-testid="crm-bonus" style={{ marginTop: 12 }}>
      <Heading as="h3" size="2" mb="1">
        Bonus wallet
      </Heading>
      {q.error ? (
        <ErrorNote what="the bonus wallet" error={q.error} />
      ) : !b ? (
        <Text size="1" color="gray">Loading…</Text>
      ) : (
        <>
          <DataList.Root size="1">
            <DataList.Item>
              <DataList.Label minWidth="120px">Cash</DataList.Label>
              <DataList.Value data-testid="crm-bonus-cash">{formatMoney(b.cash)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">Bonus balance</DataList.Label>
              <DataList.Value data-testid="crm-bonus-balance">{formatMoney(b.bonus)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="120px">Wagering</DataList.Label>
              <DataList.Value data-testid="crm-bonus-wagering">{wageringText(b) ?? "No active bonus"}</DataList.Value>
            </DataList.Item>
            {b.active && (
              <DataList.Item>
                <DataList.Label minWidth="120px">Expiry</DataList.Label>
                <DataList.Value data-testid="crm-bonus-expiry">{expiryText(b)?.replace(/^Expires /, "") ?? "—"}</DataList.Value>
              </DataList.Item>
            )}
          </DataList.Root>
          {b.active && <Progress mt="2" value={wageringPercent(b)} aria-label="Wagering progress" />}
        </>
      )}
    </div>
  );
}
