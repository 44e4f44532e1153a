/**
 * A bet's selections, stake, odds and return, as Bet Management shows them.
 */
import { Button, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminBet } from "../../../../../api/schemas/bets.ts";
import { formatMoney } from "../../../lib/format.ts";

export function BetDetails({ bet }: { bet: AdminBet }) {
  const [open, setOpen] = useState(false);
  const money = (
    <Text as="div" size="1" color="gray">
      <span className="adm-nowrap">
        Stake <Text weight="medium" color="gray" highContrast>{formatMoney(bet.amount)}</Text>
      </span>{" "}
      ·{" "}
      <span className="adm-nowrap">
        Returns <Text weight="medium" color="gray" highContrast>{formatMoney(bet.potentialReturn)}</Text>
      </span>
    </Text>
  );
  if (bet.betType === "multiple") {
    const legsTitle = bet.legs.map((l) => `${l.selectionName} @ ${l.odds} — ${l.eventName} (${l.marketName})`).join("\n");
    return (
      <div>
        <Flex align="center" gap="2" wrap="wrap">
          <Text size="2" weight="medium" title={legsTitle}>
            Multiple ({bet.legs.length} legs) @ {bet.odds}
          </Text>
          <Button
            size="1"
            variant="ghost"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            data-testid={`toggle-legs-${bet.id}`}
          >
            {open ? "Hide legs" : "Show legs"}
          </Button>
        </Flex>
        {open && (
          <ol className="adm-legs">
            {bet.legs.map((l) => (
              <li key={l.id}>
                <Text size="1" weight="medium">
                  {l.selectionName} @ {l.odds}
                </Text>{" "}
                <Text size="1" color="gray">
                  {l.eventName} · {l.marketName}
                  {l.result !== "pending" ? ` · ${l.result}` : ""}
                </Text>
              </li>
            ))}
          </ol>
        )}
        {money}
      </div>
    );
  }
  return (
    <div>
      <Text as="div" size="2" weight="medium">
        {bet.selectionName} @ {bet.odds}
      </Text>
      <Text as="div" size="1" color="gray">
        {bet.eventName} · {bet.marketName}
      </Text>
      {money}
    </div>
  );
}
