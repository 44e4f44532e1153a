/**
 * Sharp Tracking: bettors ranked by sharp score from their real bets (GET /api/trading/sharp-bettors):
 * CLV, win rate, average stake, profit, score out of 100, total bets. View Profile shows the
 * figures (and, for administrators, opens their activity log); Limit sets the per-customer stake
 * factor that placement enforces (PUT /api/trading/customers/{userId}/stake-factor).
 */
import { Badge, Button, DataList, Dialog, Flex, Progress, Slider, Table, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { SharpBettor } from "../../../../../api/schemas/trading.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { keys, queries } from "../../../lib/queries.ts";
import { useConsole, useRole } from "../console-context.tsx";
import { Field } from "../form.tsx";
import { EmptyState, ErrorNote, RiskLevelBadge, RowsSkeleton, scoreColor, TableScroll } from "../ui.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { LocalTime } from "../../local-time.tsx";

const signedPct = (v: number) => `${v > 0 ? "+" : ""}${v.toFixed(2)}%`;

export function useStakeFactor() {
  return useAdminMutation({
    request: ({ userId, factor }: { userId: string; factor: number; name: string }) =>
      apiSend<{ userId: string; stakeFactor: number; maxStake: number }>("PUT", `/api/trading/customers/${encodeURIComponent(userId)}/stake-factor`, { factor }),
    success: (r, v) => ({
      title: "Stake limit updated",
      description:
        r.stakeFactor >= 1
          ? `${v.name} has no stake limit.`
          : `${v.name} may stake at most ${formatMoney(r.maxStake)} per bet at 2.00 (factor ${r.stakeFactor.toFixed(2)}).`,
    }),
    failure: "Failed to set the limit",
    invalidate: [keys.sharpBettors, keys.riskMetrics],
  });
}

export function SharpTracking() {
  const bettors = useQuery(queries.sharpBettors());
  const [profile, setProfile] = useState<SharpBettor | null>(null);
  const [limit, setLimit] = useState<{ userId: string; name: string; stakeFactor: number } | null>(null);
  if (bettors.isPending) return <RowsSkeleton rows={4} />;
  const rows = bettors.data ?? [];
  return (
    <>
      <ErrorNote what="sharp bettors" error={bettors.error} />
      {rows.length === 0 && !bettors.isError ? (
        <EmptyState title="No bettors to track yet" hint="Sharp scores appear once customers have bets" />
      ) : (
        <TableScroll label="Sharp bettors table">
          <Table.Root size="1" variant="surface" data-testid="sharp-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Bettor</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>CLV</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Win rate</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Avg stake</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Profit</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Sharp score</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Bets</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Limit</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((b) => (
                <Table.Row key={b.userId} data-testid={`sharp-${b.userId}`} align="center">
                  <Table.RowHeaderCell>
                    <Text as="div" size="2" weight="medium">
                      {b.username}
                    </Text>
                    <RiskLevelBadge level={b.riskLevel} />
                  </Table.RowHeaderCell>
                  <Table.Cell className="adm-num">
                    <Text color={b.clv > 0 ? "red" : "green"}>{signedPct(b.clv)}</Text>
                  </Table.Cell>
                  <Table.Cell className="adm-num">{b.winRate.toFixed(1)}%</Table.Cell>
                  <Table.Cell className="adm-num">{formatMoney(b.avgStake)}</Table.Cell>
                  <Table.Cell className="adm-num">
                    <Text color={b.profit > 0 ? "red" : "green"}>{formatMoney(b.profit)}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Flex align="center" gap="2">
                      <Text weight="bold" color={scoreColor(b.sharpScore)} className="adm-num">
                        {b.sharpScore}/100
                      </Text>
                    </Flex>
                  </Table.Cell>
                  <Table.Cell className="adm-num">{b.totalBets}</Table.Cell>
                  <Table.Cell className="adm-num">{b.stakeFactor < 1 ? `× ${Number(b.stakeFactor.toFixed(4))}` : "None"}</Table.Cell>
                  <Table.Cell justify="end">
                    <Flex gap="2" justify="end">
                      <Button size="1" variant="soft" color="gray" onClick={() => setProfile(b)} data-testid={`sharp-profile-${b.userId}`}>
                        View Profile
                      </Button>
                      <Button
                        size="1"
                        variant="soft"
                        color="orange"
                        onClick={() => setLimit({ userId: b.userId, name: b.username, stakeFactor: b.stakeFactor })}
                        data-testid={`sharp-limit-${b.userId}`}
                      >
                        Limit
                      </Button>
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
      <ProfileDialog bettor={profile} onClose={() => setProfile(null)} />
      <StakeFactorDialog target={limit} onClose={() => setLimit(null)} />
    </>
  );
}

function ProfileDialog({ bettor, onClose }: { bettor: SharpBettor | null; onClose: () => void }) {
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

export function StakeFactorDialog({
  target,
  onClose,
}: {
  target: { userId: string; name: string; stakeFactor: number } | null;
  onClose: () => void;
}) {
  const [pct, setPct] = useState(100);
  const save = useStakeFactor();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!target) return;
    // Percent with two decimals (0.01 % .. 100 %) -> a factor in steps of 0.0001 (basis points).
    save.mutate({ userId: target.userId, factor: Math.round(pct * 100) / 10_000, name: target.name }, { onSuccess: onClose });
  }
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
    >
      <Dialog.Content
        maxWidth="420px"
        data-testid="stake-factor-dialog"
        onOpenAutoFocus={() => target && setPct(Math.round(target.stakeFactor * 10_000) / 100)}
      >
        <Dialog.Title>Limit {target?.name}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          The stake factor scales the largest stake this customer may place (sport base x factor / (price - 1)), down to 0.01%. 100% removes the limit.
        </Dialog.Description>
        <form onSubmit={submit}>
          <Field id="stake-factor" label={`Stake factor: ${pct}%`}>
            <Flex gap="3" align="center">
              <Slider min={0.01} max={100} step={0.01} value={[pct]} onValueChange={([v]) => setPct(v)} aria-label="Stake factor percent" style={{ flex: 1 }} />
              <TextField.Root
                id="stake-factor"
                type="number"
                min="0.01"
                max="100"
                step="0.01"
                value={String(pct)}
                onChange={(e) => setPct(Math.min(100, Math.max(0.01, Math.round((Number(e.target.value) || 0.01) * 100) / 100)))}
                style={{ width: 80 }}
                data-testid="stake-factor-input"
              >
                <TextField.Slot side="right">%</TextField.Slot>
              </TextField.Root>
            </Flex>
          </Field>
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" color="orange" loading={save.isPending} data-testid="stake-factor-save">
              Apply Limit
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
