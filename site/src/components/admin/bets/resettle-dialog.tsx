import { RadioGroup, Text, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminBet } from "../../../../../api/schemas/bets.ts";
import type { ResettleResponse } from "../../../../../api/schemas/markets.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { FormDialog } from "../form-dialog.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { keys } from "../../../lib/queries.ts";
import { type ByBet, byBetReturn } from "./bet-return.ts";

/**
 * Resettle a wrongly settled bet: POST /api/admin/bets/{id}/resettle. The server posts a
 * correcting bet_resettlement transaction (earlier postings never change) and audits it.
 */
export function ResettleDialog({ bet, onClose }: { bet: AdminBet | null; onClose: () => void }) {
  const [status, setStatus] = useState<ByBet | "">("");
  const [reason, setReason] = useState("");
  const resettle = useAdminMutation({
    request: (body: { status: ByBet; reason?: string }) =>
      apiSend<ResettleResponse>("POST", `/api/admin/bets/${encodeURIComponent(bet!.id)}/resettle`, body),
    success: (r) => ({
      title: "Bet resettled",
      description: `${r.bet.previousStatus} → ${r.bet.status}; ${r.correction >= 0 ? "credited" : "taken back"} ${formatMoney(Math.abs(r.correction))}.`,
    }),
    onSuccess: () => {
      setStatus("");
      setReason("");
      onClose();
    },
    failure: (e) => ({ title: "Resettlement failed", description: e.message, variant: "destructive" }),
    invalidate: [keys.allBets, keys.dashboardStats],
  });
  return (
    <FormDialog
      open={bet !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Resettle bet"
      description={
        <>
          {bet ? `${bet.customerName || bet.customerEmail} · ${bet.betType === "multiple" ? `multiple @ ${bet.odds}` : `${bet.selectionName} @ ${bet.odds}`} · settled ${bet.status}` : ""}.
          The wallet is corrected with a new ledger posting; nothing earlier is changed.
        </>
      }
      maxWidth="440px"
      testId="resettle-dialog"
      onSubmit={() => {
        if (status) resettle.mutate({ status, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      }}
      confirmLabel="Resettle"
      confirmTestId="resettle-confirm"
      canSubmit={!!status}
      pending={resettle.isPending}
    >
      <RadioGroup.Root value={status} onValueChange={(v) => setStatus(v as typeof status)} aria-label="Correct result">
        {(["won", "placed", "lost", "void"] as const)
          .filter((s) => (s === "placed" ? !!bet?.eachWay && bet.betType === "single" : s !== bet?.status || (s === "won" && !!bet?.eachWay)))
          .map((s) => (
            <RadioGroup.Item key={s} value={s} data-testid={`resettle-${s}`}>
              {s === "won"
                ? `Won (pays ${bet ? formatMoney(byBetReturn(bet, "won")) : ""})`
                : s === "placed"
                  ? `Placed, not won (pays ${bet ? formatMoney(byBetReturn(bet, "placed")) : ""})`
                  : s === "void"
                    ? `Void (refunds ${bet ? formatMoney(bet.amount) : ""})`
                    : "Lost (pays nothing)"}
            </RadioGroup.Item>
          ))}
      </RadioGroup.Root>
      <Text as="label" size="2" htmlFor="resettle-reason" mt="3" style={{ display: "block" }}>
        Reason
      </Text>
      <TextArea id="resettle-reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} mt="1" />
    </FormDialog>
  );
}
