/**
 * The customer's bonus on the account page (docs/money.md "Bonus funds"): bonus balance, wagering
 * progress ("$120.00 of $500.00 wagered at 1.50+") and expiry in the customer's own locale. Shown
 * only while a bonus is held. Opening it runs the server's upkeep, so a completed bonus shows as cash.
 */
import { Flex, Progress, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { customerQueries } from "../../lib/queries-customer.ts";
import { formatMoney } from "../../lib/format.ts";
import { expiryText, holdsBonus, wageringPercent, wageringText } from "../../lib/bonus.ts";
import { Panel } from "./section.tsx";

export function BonusSummary() {
  const bonus = useQuery(customerQueries.bonus());
  const b = bonus.data;
  if (!holdsBonus(b)) return null;
  const progress = wageringText(b);
  const expiry = expiryText(b);
  return (
    <Panel testId="bonus-summary">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="baseline" gap="3" wrap="wrap">
          <Text size="3" weight="bold">Bonus funds</Text>
          <Text size="3" weight="bold" data-testid="bonus-summary-balance">{formatMoney(b.bonus)}</Text>
        </Flex>
        <Text size="2" color="gray">
          Cash <Text weight="bold" data-testid="bonus-summary-cash">{formatMoney(b.cash)}</Text> · bonus funds become cash when wagering is complete.
        </Text>
        {progress && (
          <>
            <Progress value={wageringPercent(b)} aria-label="Wagering progress" data-testid="bonus-wagering-bar" />
            <Text size="2" data-testid="bonus-wagering">{progress}</Text>
          </>
        )}
        {expiry && (
          <Text size="1" color="gray" data-testid="bonus-expiry">
            {expiry}
          </Text>
        )}
      </Flex>
    </Panel>
  );
}
