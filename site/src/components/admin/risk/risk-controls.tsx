/**
 * Risk Management's Controls tab: suspend a market, restrict a customer.
 */
import { Button, Card, Flex, Grid, Heading, Select, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { CustomerRisk, MarketRisk } from "../../../../../api/schemas/risk.ts";
import { formatMoney } from "../../../lib/format.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { useRole } from "../console-context.tsx";
import { useSuspendMarket } from "../markets/market-actions.tsx";
import { useMarketInfo } from "../markets/market-directory.ts";
import { StakeFactorDialog } from "../trading/stake-factor-dialog.tsx";
import { RestrictDialog } from "./restrict-dialog.tsx";

export function RiskControls({ markets, customers }: { markets: MarketRisk[]; customers: CustomerRisk[] }) {
  const { isAdmin } = useRole();
  const events = useQuery(customerQueries.events({ status: "open", limit: 100 }));
  const suspend = useSuspendMarket();
  const [marketId, setMarketId] = useState("");
  const [userId, setUserId] = useState("");
  const [limit, setLimit] = useState<{ userId: string; name: string; stakeFactor: number } | null>(null);
  const [restrict, setRestrict] = useState<{ userId: string; name: string } | null>(null);
  const target = useMarketInfo(marketId || null);

  // Every market of open events, the risky ones (with open bets) first.
  const options = new Map<string, string>();
  for (const x of markets) options.set(x.marketId, `${x.eventName} · ${x.marketName} (liability ${formatMoney(x.liability)})`);
  for (const e of events.data ?? []) for (const mk of e.markets) if (!options.has(mk.id)) options.set(mk.id, `${e.name} · ${mk.name}`);
  const customer = customers.find((c) => c.userId === userId);

  return (
    <Grid columns={{ initial: "1", md: "2" }} gap="3">
      <Card size="2" data-testid="control-suspend">
        <Heading as="h2" size="3" mb="2">
          Suspend Market
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          A suspended market accepts no bets until it is reopened.
        </Text>
        <Select.Root value={marketId} onValueChange={setMarketId}>
          <Select.Trigger placeholder="Choose a market" aria-label="Market to suspend" style={{ width: "100%" }} />
          <Select.Content position="popper">
            {[...options].map(([id, text]) => (
              <Select.Item key={id} value={id}>
                {text}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        {target && (
          <Text as="div" size="1" color="gray" mt="2">
            Status: {target.status}
          </Text>
        )}
        <Button
          mt="3"
          color={target?.status === "suspended" ? "green" : "red"}
          disabled={!target || target.status === "closed"}
          loading={suspend.isPending}
          onClick={() => target && suspend.mutate({ marketId: target.id, suspend: target.status !== "suspended", label: `${target.eventName} · ${target.marketName}` })}
        >
          {target?.status === "suspended" ? "Reopen Market" : "Suspend Market"}
        </Button>
      </Card>
      <Card size="2" data-testid="control-restrict">
        <Heading as="h2" size="3" mb="2">
          Restrict Account
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Limit a customer's stakes, or suspend the account outright{isAdmin ? "" : " (administrators only)"}.
        </Text>
        <Select.Root value={userId} onValueChange={setUserId}>
          <Select.Trigger placeholder="Choose a customer" aria-label="Customer" style={{ width: "100%" }} />
          <Select.Content position="popper">
            {customers.map((c) => (
              <Select.Item key={c.userId} value={c.userId}>
                {c.name} · sharp score {c.sharpScore}
                {c.isActive ? "" : " (suspended)"}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Flex gap="2" mt="3" wrap="wrap">
          <Button variant="soft" color="orange" disabled={!customer} onClick={() => customer && setLimit({ userId: customer.userId, name: customer.name, stakeFactor: customer.stakeFactor })}>
            Limit Stakes
          </Button>
          {isAdmin && (
            <Button color="red" disabled={!customer || !customer.isActive} onClick={() => customer && setRestrict({ userId: customer.userId, name: customer.name })}>
              Restrict Account
            </Button>
          )}
        </Flex>
      </Card>
      <StakeFactorDialog target={limit} onClose={() => setLimit(null)} />
      <RestrictDialog target={restrict} onClose={() => setRestrict(null)} />
    </Grid>
  );
}
