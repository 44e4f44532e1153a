/**
 * One trading alert's details, in a dialog.
 */
import { Badge, Button, DataList, Dialog, Flex } from "@radix-ui/themes";
import { useState } from "react";
import type { TradingAlert } from "../../../../../api/schemas/trading.ts";
import { formatMoney } from "../../../lib/format.ts";
import { useRole } from "../console-context.tsx";
import { MarketBetsDialog } from "../markets/market-actions.tsx";
import { useMarketInfo } from "../markets/market-directory.ts";
import { SEVERITY_COLOR, acknowledgerOf } from "./live-alerts.tsx";
import { LocalTime } from "../../local-time.tsx";
import { formatLocal } from "../../../lib/local-time.ts";

export function AlertDetails({ alert, onClose }: { alert: TradingAlert | null; onClose: () => void }) {
  const { isAdmin } = useRole();
  const [bets, setBets] = useState(false);
  const market = useMarketInfo(alert?.marketId ?? null, alert?.eventName ?? "");
  return (
    <Dialog.Root open={alert !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="480px" data-testid="alert-details-dialog">
        <Dialog.Title>Alert details</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {alert?.message}
        </Dialog.Description>
        {alert && (
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>Type</DataList.Label>
              <DataList.Value>{alert.type.replaceAll("_", " ")}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Severity</DataList.Label>
              <DataList.Value>
                <Badge color={SEVERITY_COLOR[alert.severity]}>{alert.severity}</Badge>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Event</DataList.Label>
              <DataList.Value>{alert.eventName ?? "—"}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Market</DataList.Label>
              <DataList.Value>{market ? market.marketName : (alert.marketId ?? "—")}</DataList.Value>
            </DataList.Item>
            {market && market.limit !== null && (
              <DataList.Item>
                <DataList.Label>Liability / limit</DataList.Label>
                <DataList.Value>
                  {formatMoney(market.liability ?? 0)} / {formatMoney(market.limit)}
                </DataList.Value>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.Label>Raised</DataList.Label>
              <DataList.Value><LocalTime value={alert.createdAt} /></DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Acknowledged</DataList.Label>
              <DataList.Value data-testid="alert-acknowledged-by">{alert.acknowledged ? `${formatLocal(alert.acknowledgedAt, "stamp")} by ${acknowledgerOf(alert)}` : "No"}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        )}
        <Flex gap="3" justify="end" mt="4">
          {market && (
            <Button variant="soft" onClick={() => setBets(true)}>
              View Bets
            </Button>
          )}
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
        <MarketBetsDialog market={market} open={bets} onOpenChange={setBets} canSettle={isAdmin} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
