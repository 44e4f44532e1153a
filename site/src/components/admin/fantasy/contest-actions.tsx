/**
 * Operator actions on a contest: Settle now (locked or live: pays the prize pool with the points as
 * they stand) and Cancel (not yet settled: every entry fee refunded). Each asks for confirmation.
 */
import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { useState } from "react";
import type { ContestResolution, FantasyContest } from "../../../../../api/schemas/fantasy.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { keys } from "../../../lib/query-keys.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";

type Action = "settle" | "cancel";
const SETTLE_FROM = new Set(["locked", "live"]);
const CANCEL_FROM = new Set(["open", "locked", "live"]);

export function ContestActions({ contest }: { contest: FantasyContest }) {
  const [confirming, setConfirming] = useState<Action | null>(null);
  const run = useAdminMutation({
    request: (action: Action) => apiSend<ContestResolution>("POST", `/api/admin/fantasy/contests/${encodeURIComponent(contest.id)}/${action}`),
    success: (r, action) => {
      const paid = r.payouts.reduce((s, p) => s + p.amount, 0);
      const refunded = r.refunds.reduce((s, p) => s + p.amount, 0);
      return action === "settle"
        ? { title: "Contest settled", description: `${contest.name}: ${formatMoney(paid)} paid to ${r.payouts.length} entries, rake ${formatMoney(r.rake)}.` }
        : { title: "Contest cancelled", description: `${contest.name}: ${formatMoney(refunded)} refunded to ${r.refunds.length} entries.` };
    },
    failure: (e, action) => ({ title: action === "settle" ? "Settlement failed" : "Cancel failed", description: e.message, variant: "destructive" }),
    invalidate: [keys.fantasyContests, keys.fantasySports],
  });

  const canSettle = SETTLE_FROM.has(contest.status);
  const canCancel = CANCEL_FROM.has(contest.status);
  if (!canSettle && !canCancel) return null;
  return (
    <Flex gap="2" justify="end" wrap="nowrap">
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
          <AlertDialog.Title>{confirming === "settle" ? `Settle ${contest.name} now?` : `Cancel ${contest.name}?`}</AlertDialog.Title>
          <AlertDialog.Description size="2">
            {confirming === "settle"
              ? `The prize pool of ${formatMoney(contest.prizePool)} is paid by the standings as they are now. This cannot be undone.`
              : `All ${contest.currentEntries} entry fees are refunded to the entrants' wallets. This cannot be undone.`}
          </AlertDialog.Description>
          <Flex gap="2" justify="end" mt="4">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                Keep it
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button color={confirming === "settle" ? "green" : "red"} onClick={() => confirming && run.mutate(confirming)} data-testid="confirm-contest-action">
                {confirming === "settle" ? "Settle now" : "Cancel contest"}
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}
