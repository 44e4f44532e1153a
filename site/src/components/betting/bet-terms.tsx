/** A bet's racing terms on My Bets: its each-way terms and unit stake, and the Rule 4 deduction (docs/money.md "Each way and Rule 4"). */
import { Text } from "@radix-ui/themes";
import type { Bet } from "../../../../api/schemas/bets.ts";
import { formatPlaceTerms } from "../../../../domain/settlement/each-way.ts";
import { formatMoney } from "../../lib/format.ts";

/** "Rule 4: 25p in the £ deducted". */
export const rule4Text = (deduction: number) => `Rule 4: ${deduction}p in the £ deducted`;

export function BetTerms({ bet }: { bet: Bet }) {
  if (!bet.eachWay && !bet.rule4) return null;
  return (
    <>
      {bet.eachWay && (
        <Text as="div" size="1" color="gray" data-testid="bet-each-way">
          Each way {formatPlaceTerms(bet.eachWay)} · {formatMoney(bet.eachWay.unitStake)} each way
        </Text>
      )}
      {bet.rule4 && (
        <Text as="div" size="1" color="amber" data-testid="bet-rule4">
          {rule4Text(bet.rule4.deduction)}
        </Text>
      )}
    </>
  );
}
