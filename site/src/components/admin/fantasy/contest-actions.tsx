/**
 * Operator actions on a contest: Lock now (open: no more entries or lineup changes, it starts now),
 * Settle now (locked or live: pays the prize pool with the points as they stand) and Cancel (not
 * yet settled: every entry fee refunded). Each asks for confirmation.
 */
import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { useState } from "react";
import type { ContestResolution, FantasyContest } from "../../../../../api/schemas/fantasy.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { keys } from "../../../lib/query-keys.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";

type Action = "lock" | "settle" | "cancel";
const LOCK_FROM = new Set(["open"]);
const SETTLE_FROM = new Set(["locked", "live"]);
const CANCEL_FROM = new Set(["open", "locked", "live"]);

const FAILED: Record<Action, string> = { lock: "Lock failed", settle: "Settlement failed", cancel: "Cancel failed" };
const TITLE: Record<Action, (name: string) => string> = {
  lock: (name) => `Lock ${name} now?`,
  settle: (name) => `Settle ${name} now?`,
  cancel: (name) => `Cancel ${name}?`,
};
const CONFIRM: Record<Action, string> = { lock: "Lock now", settle: "Settle now", cancel: "Cancel contest" };
const COLOR = { lock: "amber", settle: "green", cancel: "red" } as const;

function describe(action: Action, contest: FantasyContest): string {
  if (action === "lock")
    return `It takes no more entries or lineup changes from now, and starts now with its ${contest.currentEntries} entries; it still ends at its end time. This cannot be undone.`;
  if (action === "settle") return `The prize pool of ${formatMoney(contest.prizePool)} is paid by the standings as they are now. This cannot be undone.`;
  return `All ${contest.currentEntries} entry fees are refunded to the entrants' wallets. This cannot be undone.`;
}

export function ContestActions({ contest }: { contest: FantasyContest }) {
  const [confirming, setConfirming] = useState<Action | null>(null);
  const run = useAdminMutation({
    request: (action: Action) =>
      apiSend<ContestResolution | FantasyContest>("POST", `/api/admin/fantasy/contests/${encodeURIComponent(contest.id)}/${action}`),
    success: (answer, action) => {
      if (action === "lock") return { title: "Contest locked", description: `${contest.name} takes no more entries and starts now.` };
      const r = answer as ContestResolution;
      const paid = r.payouts.reduce((s, p) => s + p.amount, 0);
      const refunded = r.refunds.reduce((s, p) => s + p.amount, 0);
      return action === "settle"
        ? { title: "Contest settled", description: `${contest.name}: ${formatMoney(paid)} paid to ${r.payouts.length} entries, rake ${formatMoney(r.rake)}.` }
        : { title: "Contest cancelled", description: `${contest.name}: ${formatMoney(refunded)} refunded to ${r.refunds.length} entries.` };
    },
    failure: (e, action) => ({ title: FAILED[action], description: e.message, variant: "destructive" }),
    invalidate: [keys.fantasyContests, keys.fantasySports],
  });

  const canLock = LOCK_FROM.has(contest.status);
  const canSettle = SETTLE_FROM.has(contest.status);
  const canCancel = CANCEL_FROM.has(contest.status);
  if (!canLock && !canSettle && !canCancel) return null;
  return (
    <Flex gap="2" justify="end" wrap="nowrap">
      {canLock && (
        <Button size="1" variant="soft" color="amber" disabled={run.isPending} onClick={() => setConfirming("lock")} data-testid={`lock-${contest.id}`}>
          Lock now
        </Button>
      )}
      {canSettle && (
        <Button size="1" variant="soft" color="green" disabled={run.isPending} onClick={() => setConfirming("settle")} data-testid={`settle-${contest.id}`}>
          Settle
        </Button>
      )}
      {canCancel && (
        <Button size="1" variant="soft" color="red" disabled={run.isPending} onClick={() => setConfirming("cancel")} data-testid={`cancel-${contest.id}`}>
          Cancel
        </Button>
      )}
      <AlertDialog.Root open={confirming !== null} onOpenChange={(o) => !o && setConfirming(null)}>
        <AlertDialog.Content maxWidth="420px" className="adm-fx-dialog">
          <AlertDialog.Title>{confirming ? TITLE[confirming](contest.name) : ""}</AlertDialog.Title>
          <AlertDialog.Description size="2">{confirming ? describe(confirming, contest) : ""}</AlertDialog.Description>
          <Flex gap="2" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                Keep it
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button color={confirming ? COLOR[confirming] : "gray"} onClick={() => confirming && run.mutate(confirming)} data-testid="confirm-contest-action">
                {confirming ? CONFIRM[confirming] : ""}
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}
