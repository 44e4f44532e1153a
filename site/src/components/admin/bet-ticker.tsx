/**
 * Live bets: every new bet pushed as it is placed (GET /api/admin/bet-ticker/stream, server-sent
 * events; admins only), newest on top, with "Large" and "Sharp" flags and the filters "Large
 * stakes only" / "Sharp customers only" (the server filters, so a quiet filter sends nothing).
 */
import { Badge, Card, Checkbox, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import type { TickerItem } from "../../../../api/schemas/admin-lists.ts";
import { formatMoney } from "../../lib/format.ts";
import { LocalTime } from "../local-time.tsx";

const KEEP = 50;

export function tickerUrl(largeOnly: boolean, sharpOnly: boolean): string {
  const q = new URLSearchParams();
  if (largeOnly) q.set("large", "1");
  if (sharpOnly) q.set("sharp", "1");
  const s = q.toString();
  return `/api/admin/bet-ticker/stream${s ? `?${s}` : ""}`;
}

export function BetTicker() {
  const [largeOnly, setLargeOnly] = useState(false);
  const [sharpOnly, setSharpOnly] = useState(false);
  const [items, setItems] = useState<TickerItem[]>([]);
  const [state, setState] = useState<"connecting" | "live" | "reconnecting" | "unavailable">("connecting");

  useEffect(() => {
    if (typeof EventSource === "undefined") {
      setState("unavailable");
      return;
    }
    setItems([]);
    setState("connecting");
    const source = new EventSource(tickerUrl(largeOnly, sharpOnly));
    // The first ping says the server is listening: bets placed from then on arrive.
    source.addEventListener("ping", () => setState("live"));
    source.addEventListener("bet", (e) => {
      try {
        const item = JSON.parse((e as MessageEvent<string>).data) as TickerItem;
        setItems((list) => [item, ...list.filter((i) => i.betId !== item.betId)].slice(0, KEEP));
      } catch {
        /* not ours */
      }
    });
    source.onerror = () => setState("reconnecting");
    return () => source.close();
  }, [largeOnly, sharpOnly]);

  return (
    <Card size="2" className="adm-panel" data-testid="bet-ticker">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <div>
          <Heading as="h2" size="3">
            Live bets
          </Heading>
          <Text size="1" color="gray" data-testid="bet-ticker-state" data-state={state}>
            {state === "live" ? "Live: new bets appear as they are placed" : state === "unavailable" ? "Live updates are not available in this browser" : "Connecting…"}
          </Text>
        </div>
        <Flex gap="3" align="center" wrap="wrap">
          <Text as="label" size="1">
            <Flex gap="1" align="center">
              <Checkbox size="1" checked={largeOnly} onCheckedChange={(c) => setLargeOnly(c === true)} data-testid="ticker-large-only" />
              Large stakes only
            </Flex>
          </Text>
          <Text as="label" size="1">
            <Flex gap="1" align="center">
              <Checkbox size="1" checked={sharpOnly} onCheckedChange={(c) => setSharpOnly(c === true)} data-testid="ticker-sharp-only" />
              Sharp customers only
            </Flex>
          </Text>
        </Flex>
      </Flex>
      <Table.Root size="1" variant="ghost" className="adm-table" data-testid="bet-ticker-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Time</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Customer</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Selection</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Stake</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Price</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">To return</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={6}>
                <Text size="2" color="gray">
                  No bets since you opened this panel{largeOnly || sharpOnly ? " (filtered)" : ""}.
                </Text>
              </Table.Cell>
            </Table.Row>
          )}
          {items.map((i) => (
            <Table.Row key={i.betId} data-testid={`ticker-bet-${i.betId}`}>
              <Table.Cell data-label="Time">
                <Text size="1" className="adm-nowrap">
                  <LocalTime value={i.placedAt} style="clock" />
                </Text>
              </Table.Cell>
              <Table.RowHeaderCell data-label="Customer">
                <Text as="div" size="2" weight="medium" className="adm-ellipsis" title={i.customerEmail}>
                  {i.customerName || i.customerEmail}
                </Text>
                <Flex gap="1" mt="1">
                  {i.flags.largeStake && (
                    <Badge color="orange" variant="soft" data-testid="ticker-flag-large">
                      Large
                    </Badge>
                  )}
                  {i.flags.sharp && (
                    <Badge color="crimson" variant="soft" data-testid="ticker-flag-sharp">
                      Sharp
                    </Badge>
                  )}
                </Flex>
              </Table.RowHeaderCell>
              <Table.Cell data-label="Selection">
                {i.selections.map((s, n) => (
                  <Text as="div" size="1" key={n}>
                    <Text weight="medium">{s.selectionName}</Text> @ {s.odds}{" "}
                    <Text color="gray">
                      {s.eventName} · {s.marketName}
                    </Text>
                  </Text>
                ))}
              </Table.Cell>
              <Table.Cell justify="end" data-label="Stake">
                {formatMoney(i.stake)}
              </Table.Cell>
              <Table.Cell justify="end" data-label="Price">
                {i.odds}
              </Table.Cell>
              <Table.Cell justify="end" data-label="To return">
                {formatMoney(i.potentialReturn)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Card>
  );
}
