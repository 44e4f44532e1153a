/** View Profile from Sharp Tracking: a bettor's figures and, for administrators, a way to their activity log. */
import { Badge, Button, DataList, Dialog, Flex, Progress, Text } from "@radix-ui/themes";
import type { SharpBettor } from "../../../../../api/schemas/trading.ts";
import { formatMoney } from "../../../lib/format.ts";
import { useConsole, useRole } from "../console-context.tsx";
import { RiskLevelBadge, scoreColor } from "../ui.tsx";
import { LocalTime } from "../../local-time.tsx";

export const signedPct = (v: number) => `${v > 0 ? "+" : ""}${v.toFixed(2)}%`;

export function ProfileDialog({ bettor, onClose }: { bettor: SharpBettor | null; onClose: () => void }) {
  const { isAdmin } = useRole();
  const console = useConsole();
  const b = bettor;
  return (
    <Dialog.Root open={b !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="460px" data-testid="sharp-profile-dialog">
        <Dialog.Title>{b?.username ?? "Bettor"}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {b?.email}
        </Dialog.Description>
        {b && (
          <>
            <Text size="1" color="gray">
              Sharp score {b.sharpScore}/100
            </Text>
            <Progress value={b.sharpScore} color={scoreColor(b.sharpScore)} my="2" aria-label="Sharp score" />
            <DataList.Root size="2" mt="3">
              <DataList.Item>
                <DataList.Label>Closing-line value</DataList.Label>
                <DataList.Value>{signedPct(b.clv)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Win rate</DataList.Label>
                <DataList.Value>
                  {b.winRate.toFixed(1)}% of {b.settledBets} settled
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Average stake</DataList.Label>
                <DataList.Value>{formatMoney(b.avgStake)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Profit (customer)</DataList.Label>
                <DataList.Value>{formatMoney(b.profit)}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Total bets</DataList.Label>
                <DataList.Value>{b.totalBets}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Last bet</DataList.Label>
                <DataList.Value><LocalTime value={b.lastBet} /></DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Risk level</DataList.Label>
                <DataList.Value>
                  <RiskLevelBadge level={b.riskLevel} />
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Stake factor</DataList.Label>
                <DataList.Value>{b.stakeFactor < 1 ? <Badge color="orange">× {Number(b.stakeFactor.toFixed(4))}</Badge> : "No limit"}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
          </>
        )}
        <Flex gap="3" justify="end" mt="4">
          {isAdmin && b && (
            <Button
              variant="soft"
              onClick={() => {
                onClose();
                console?.goTo("users", { auditUserId: b.userId });
              }}
            >
              View Activity Log
            </Button>
          )}
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
