/**
 * Rule 4 on a race's admin view: every runner with a "Withdraw" action, confirmed first (POST
 * /api/admin/markets/{id}/outcomes/{outcomeId}/withdraw). The dialog says what follows: the
 * runner's singles are void at once, the race is re-formed (the others re-priced to the margin,
 * each-way terms from the new field, suspended for a moment), and the bets on the others struck
 * before now lose the deduction of its price from their winnings. The toast states the new book and
 * terms. Withdrawn runners are shown with their deduction.
 */
import { AlertDialog, Badge, Button, Flex, Table, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminMarket } from "../../../../../api/schemas/markets.ts";
import { apiSend } from "../../../lib/api.ts";
import { describeApiError } from "../form.tsx";
import { keys } from "../../../lib/query-keys.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { reformText, type Reform } from "./reform-text.ts";

type Runner = AdminMarket["outcomes"][number];
export function WithdrawRunners({ market }: { market: AdminMarket }) {
  const [target, setTarget] = useState<Runner | null>(null);
  const [odds, setOdds] = useState("");
  const withdraw = useAdminMutation({
    request: (v: { runner: Runner; odds: string }) =>
      apiSend<{ withdrawal: { deduction: number; odds: string }; reform: Reform | null }>(
        "POST",
        `/api/admin/markets/${encodeURIComponent(market.id)}/outcomes/${encodeURIComponent(v.runner.id)}/withdraw`,
        v.odds.trim() && v.odds.trim() !== v.runner.odds ? { odds: v.odds.trim() } : {},
      ),
    success: (r, v) => ({ title: "Runner withdrawn", description: `${v.runner.name} at ${r.withdrawal.odds}: Rule 4 deduction ${r.withdrawal.deduction}p in the £.${reformText(r.reform)}` }),
    onSuccess: () => setTarget(null),
    failure: (e) => ({ title: "Withdrawal failed", description: describeApiError(e), variant: "destructive" }),
    invalidate: [adminKeys.adminMarkets, keys.events, adminKeys.tradingOverview, adminKeys.oddsControl],
  });
  return (
    <Flex direction="column" gap="2" mt="4" data-testid="withdraw-runners">
      <Text size="2" weight="medium">
        Runners (Rule 4)
      </Text>
      <Table.Root size="1" variant="surface">
        <Table.Body>
          {market.outcomes.map((o) => (
            <Table.Row key={o.id} data-testid={`runner-${o.id}`}>
              <Table.RowHeaderCell>{o.name}</Table.RowHeaderCell>
              <Table.Cell className="adm-num">{o.odds}</Table.Cell>
              <Table.Cell>
                {o.withdrawn ? (
                  <Badge color="gray" data-testid={`runner-withdrawn-${o.id}`}>
                    Withdrawn at {o.withdrawn.odds} · {o.withdrawn.deduction}p
                  </Badge>
                ) : (
                  <Button
                    size="1"
                    color="red"
                    variant="soft"
                    data-testid={`withdraw-${o.id}`}
                    onClick={() => {
                      setOdds(o.odds);
                      setTarget(o);
                    }}
                  >
                    Withdraw
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <AlertDialog.Root open={target !== null} onOpenChange={(o) => !o && setTarget(null)}>
        <AlertDialog.Content maxWidth="440px" data-testid="withdraw-runner-dialog">
          <AlertDialog.Title>Withdraw {target?.name}?</AlertDialog.Title>
          <AlertDialog.Description size="2">
            It takes no more bets and its singles are void (refunded) now. The race is re-formed: the other runners are re-priced to the
            race's margin, each-way terms for new bets follow the new field, and it is suspended for a moment. Bets on the other runners
            struck before now lose the Rule 4 deduction of its price from their winnings. This cannot be undone.
          </AlertDialog.Description>
          <Flex direction="column" gap="1" mt="3">
            <Text as="label" size="2" htmlFor="withdraw-odds">
              Price at withdrawal
            </Text>
            <TextField.Root id="withdraw-odds" inputMode="decimal" value={odds} onChange={(e) => setOdds(e.target.value)} data-testid="withdraw-odds" />
          </Flex>
          <Flex gap="3" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button color="red" loading={withdraw.isPending} onClick={() => target && withdraw.mutate({ runner: target, odds })} data-testid="confirm-withdraw">
              Withdraw runner
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}
