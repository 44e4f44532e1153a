/**
 * One row of Bet Management: the customer, the bet, its risk profile and status, and the actions
 * (settle a pending bet won, lost, void or placed; resettle a settled one). A trader reads the row
 * without the actions (settling is for administrators). A demo customer's bet carries a "Demo"
 * badge: demo staff see demo bets beside the sample customers' ones (the demo sandbox).
 */
import { Badge, Button, Flex, Table, Text } from "@radix-ui/themes";
import type { AdminBet } from "../../../../../api/schemas/bets.ts";
import { formatMoney } from "../../../lib/format.ts";
import { BetStatusBadge, RiskBadge } from "../badges.tsx";
import { BetDetails } from "./bet-details.tsx";
import { type ByBet, byBetReturn } from "./bet-return.ts";
import { LocalTime } from "../../local-time.tsx";

export function BetRow({
  bet, busy, readOnly = false, onSettle, onResettle,
}: { bet: AdminBet; busy: boolean; readOnly?: boolean; onSettle: (status: ByBet) => void; onResettle: () => void }) {
  return (
    <Table.Row data-testid={`bet-row-${bet.id}`}>
      <Table.RowHeaderCell data-label="Customer" className="adm-cell-customer">
        <Text as="div" size="2" weight="medium" className="adm-ellipsis" title={bet.customerName}>
          {bet.customerName || bet.customerEmail}
          {bet.demo && (
            <Badge color="gray" variant="outline" size="1" ml="2" title="A demo customer's bet: play money" data-testid={`bet-demo-${bet.id}`}>
              Demo
            </Badge>
          )}
        </Text>
        <Text as="div" size="1" color="gray" className="adm-ellipsis" title={bet.customerEmail}>
          {bet.customerEmail}
        </Text>
        <Text as="div" size="1" color="gray" className="adm-nowrap">
          <LocalTime value={bet.placedAt} />
        </Text>
      </Table.RowHeaderCell>
      <Table.Cell data-label="Bet Details" className="adm-cell-main">
        <BetDetails bet={bet} />
      </Table.Cell>
      <Table.Cell data-label="Risk Profile">
        <RiskBadge profile={bet.riskProfile} />
      </Table.Cell>
      <Table.Cell data-label="Status">
        <BetStatusBadge status={bet.status} />
        {bet.status !== "pending" && bet.actualReturn !== null && (
          <Text as="div" size="1" color="gray" mt="1" className="adm-nowrap">
            Paid {formatMoney(bet.actualReturn)}
          </Text>
        )}
      </Table.Cell>
      {!readOnly && (
        <Table.Cell justify="end" data-label="Actions" className="adm-cell-actions">
          {bet.status === "pending" ? (
            <Flex gap="2" justify="end">
              <Button
                size="1"
                color="green"
                variant="soft"
                disabled={busy}
                onClick={() => onSettle("won")}
                data-testid={`settle-won-${bet.id}`}
              >
                Won
              </Button>
              <Button
                size="1"
                color="red"
                variant="soft"
                disabled={busy}
                onClick={() => onSettle("lost")}
                data-testid={`settle-lost-${bet.id}`}
              >
                Lost
              </Button>
              <Button
                size="1"
                color="gray"
                variant="soft"
                disabled={busy}
                onClick={() => onSettle("void")}
                data-testid={`settle-void-${bet.id}`}
              >
                Void
              </Button>
              {bet.eachWay && bet.betType === "single" && (
                <Button
                  size="1"
                  color="blue"
                  variant="soft"
                  disabled={busy}
                  onClick={() => onSettle("placed")}
                  title={`Placed, not won: pays the place part, ${formatMoney(byBetReturn(bet, "placed"))}`}
                  data-testid={`settle-placed-${bet.id}`}
                >
                  Placed
                </Button>
              )}
            </Flex>
          ) : (
            <Button size="1" variant="ghost" color="gray" onClick={onResettle} data-testid={`resettle-${bet.id}`}>
              Resettle
            </Button>
          )}
        </Table.Cell>
      )}
    </Table.Row>
  );
}
