/**
 * Voiding a bet by hand refunds its stake whatever the result, so it says why: a reason code
 * (domain/settlement/bet-reasons.ts) and, for "other", a text; both go into the audit trail.
 */
import { Flex } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminBet } from "../../../../../api/schemas/bets.ts";
import { formatMoney } from "../../../lib/format.ts";
import { FormDialog } from "../form-dialog.tsx";
import { reasonPart, reasonProblem, type BetReasonCode } from "./bet-reason.ts";
import { ReasonCodeField } from "./reason-code-field.tsx";

export function VoidBetDialog({
  bet,
  pending,
  onClose,
  onConfirm,
}: {
  bet: AdminBet | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: { reasonCode: BetReasonCode; reason?: string }) => void;
}) {
  const [code, setCode] = useState<BetReasonCode | "">("");
  const [text, setText] = useState("");
  const problem = reasonProblem(code, text);
  const close = () => {
    setCode("");
    setText("");
    onClose();
  };
  return (
    <FormDialog
      open={bet !== null}
      onOpenChange={(o) => !o && close()}
      title="Void this bet?"
      description={bet ? `${bet.customerName || bet.customerEmail} · ${bet.selectionName} @ ${bet.odds}: the stake of ${formatMoney(bet.amount)} is refunded whatever the result. This cannot be undone.` : ""}
      maxWidth="440px"
      testId="void-bet-dialog"
      onSubmit={() => {
        if (code && !problem) onConfirm(reasonPart(code, text));
      }}
      confirmLabel="Void bet"
      confirmColor="red"
      confirmTestId="void-bet-confirm"
      canSubmit={problem === null}
      pending={pending}
    >
      <Flex direction="column" gap="3">
        <ReasonCodeField id="void-reason" code={code} onCode={setCode} text={text} onText={setText} />
      </Flex>
    </FormDialog>
  );
}
