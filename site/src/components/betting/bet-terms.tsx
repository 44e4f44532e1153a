/** A bet's racing terms on My Bets: its each-way terms and unit stake, the Rule 4 deduction, and a withdrawn runner struck through (docs/money.md "Each way and Rule 4"). */
import { Text } from "@radix-ui/themes";
import type { Bet } from "../../../../api/schemas/bets.ts";
import { formatPlaceTerms } from "../../../../domain/settlement/each-way.ts";
import { formatMoney } from "../../lib/format.ts";
import { settledOnText } from "./settled-terms.ts";

/** "Rule 4: 25p in the £ deducted". */
export const rule4Text = (deduction: number) => `Rule 4: ${deduction}p in the £ deducted`;

export function BetTerms({ bet }: { bet: Bet }) {
  const gone = bet.legs.filter((l) => l.withdrawn);
  if (!bet.eachWay && !bet.rule4 && gone.length === 0) return null;
  return (
    <>
      {gone.map((l) => (
        <Text as="div" size="1" color="gray" key={l.id} data-testid="bet-withdrawn">
          <span style={{ textDecoration: "line-through" }}>{l.selectionName}</span> Withdrawn{bet.status === "pending" ? " · void at settlement" : ""}
        </Text>
      ))}
      {bet.eachWay && (
        <Text as="div" size="1" color="gray" data-testid="bet-each-way">
          Each way {formatPlaceTerms(bet.eachWay)} · {formatMoney(bet.eachWay.unitStake)} each way
        </Text>
      )}
      {bet.eachWay?.settledOn && (
        <Text as="div" size="1" color="amber" data-testid="bet-each-way-settled-on">
          {settledOnText(bet.eachWay.settledOn, bet.status === "pending")}
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
