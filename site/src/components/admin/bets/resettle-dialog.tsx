import { Callout, Flex, RadioGroup, Text, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminBet } from "../../../../../api/schemas/bets.ts";
import type { ResettleResponse } from "../../../../../api/schemas/markets.ts";
import type { ApprovalPendingBody } from "../approvals/approval-text.ts";
import { ApiError, apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { FormDialog } from "../form-dialog.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { type ByBet, byBetReturn } from "./bet-return.ts";
import { reasonError } from "../markets/settle-confirm.ts";
import { reasonPart, reasonProblem, type BetReasonCode } from "./bet-reason.ts";
import { ReasonCodeField } from "./reason-code-field.tsx";
import { pendingToast } from "../approvals/approval-text.ts";

/**
 * Resettle a wrongly settled bet: POST /api/admin/bets/{id}/resettle with a reason code. The server
 * posts a correcting bet_resettlement transaction (earlier postings never change) and audits it. A
 * result against the market's recorded result is sent again with the override's reason once the
 * server says so; one that moves more than the four-eyes threshold waits for a second admin (202).
 */
export function ResettleDialog({ bet, onClose }: { bet: AdminBet | null; onClose: () => void }) {
  const [status, setStatus] = useState<ByBet | "">("");
  const [code, setCode] = useState<BetReasonCode | "">("");
  const [text, setText] = useState("");
  const [contradiction, setContradiction] = useState<string | null>(null);
  const [override, setOverride] = useState("");
  const reset = () => {
    setStatus("");
    setCode("");
    setText("");
    setContradiction(null);
    setOverride("");
  };
  const resettle = useAdminMutation({
    request: (body: Record<string, unknown>) =>
      apiSend<ResettleResponse | ApprovalPendingBody>("POST", `/api/admin/bets/${encodeURIComponent(bet!.id)}/resettle`, body),
    success: (r) =>
      "approval" in r
        ? pendingToast(r)
        : {
            title: "Bet resettled",
            description: `${r.bet.previousStatus} → ${r.bet.status}; ${r.correction >= 0 ? "credited" : "taken back"} ${formatMoney(Math.abs(r.correction))}.`,
          },
    onSuccess: () => {
      reset();
      onClose();
    },
    failure: (e) => (e instanceof ApiError && e.code === "SETTLE.CONTRADICTS_MARKET" ? null : { title: "Resettlement failed", description: e.message, variant: "destructive" }),
    onError: (e) => {
      if (e instanceof ApiError && e.code === "SETTLE.CONTRADICTS_MARKET") setContradiction(e.message);
    },
    invalidate: [adminKeys.allBets, adminKeys.dashboardStats, adminKeys.approvals],
  });
  const problem = reasonProblem(code, text) ?? (contradiction ? reasonError(override) : null);
  return (
    <FormDialog
      open={bet !== null}
      onOpenChange={(o) => {
        if (!o) {
          reset();
          onClose();
        }
      }}
      title="Resettle bet"
      description={
        <>
          {bet ? `${bet.customerName || bet.customerEmail} · ${bet.betType === "multiple" ? `multiple @ ${bet.odds}` : `${bet.selectionName} @ ${bet.odds}`} · settled ${bet.status}` : ""}.
          The wallet is corrected with a new ledger posting; nothing earlier is changed.
        </>
      }
      maxWidth="460px"
      testId="resettle-dialog"
      onSubmit={() => {
        if (status && code && !problem) resettle.mutate({ status, ...reasonPart(code, text), ...(contradiction ? { override: { reason: override.trim() } } : {}) });
      }}
      confirmLabel={contradiction ? "Resettle against the market" : "Resettle"}
      confirmTestId="resettle-confirm"
      canSubmit={!!status && problem === null}
      pending={resettle.isPending}
    >
      <Flex direction="column" gap="3">
        <RadioGroup.Root
          value={status}
          onValueChange={(v) => {
            setStatus(v as typeof status);
            setContradiction(null);
          }}
          aria-label="Correct result"
        >
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
        <ReasonCodeField id="resettle-reason" code={code} onCode={setCode} text={text} onText={setText} />
        {contradiction && (
          <>
            <Callout.Root color="amber" size="1" data-testid="resettle-contradiction">
              <Callout.Text>{contradiction}</Callout.Text>
            </Callout.Root>
            <Text as="label" size="2" weight="medium" htmlFor="resettle-override">
              Override reason (at least 10 characters)
            </Text>
            <TextArea id="resettle-override" maxLength={500} value={override} onChange={(e) => setOverride(e.target.value)} data-testid="resettle-override" />
          </>
        )}
      </Flex>
    </FormDialog>
  );
}
