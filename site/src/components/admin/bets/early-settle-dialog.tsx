import { Text, TextArea } from "@radix-ui/themes";
import { FormDialog } from "../form-dialog.tsx";
import { useState } from "react";
import { reasonError } from "../markets/settle-confirm.ts";
import type { Settle } from "./bet-return.ts";

/**
 * Settling a bet as won or lost before its event has finished needs a reason (the early-settlement
 * override, domain/settlement/settle-override.ts): asked when the server says so, then sent again.
 */
export function EarlySettleDialog({
  early,
  pending,
  onClose,
  onConfirm,
}: {
  early: (Settle & { message: string }) | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState("");
  const problem = reasonError(reason);
  return (
    <FormDialog
      open={early !== null}
      onOpenChange={(o) => !o && (setReason(""), onClose())}
      title="Settle before the event has finished?"
      description={early ? `${early.message} Settling it ${early.status} cannot be undone; the reason is kept in the audit trail.` : ""}
      maxWidth="440px"
      testId="early-settle-dialog"
      onSubmit={() => {
        if (!problem) onConfirm(reason);
      }}
      confirmLabel={<>Settle {early?.status}</>}
      confirmTestId="early-settle-confirm"
      canSubmit={problem === null}
      pending={pending}
    >
      <Text as="label" size="2" htmlFor="early-settle-reason" style={{ display: "block" }}>
        Reason
      </Text>
      <TextArea id="early-settle-reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} mt="1" data-testid="early-settle-reason" />
      {reason.length > 0 && problem && (
        <Text as="p" size="1" color="red" mt="1">
          {problem}
        </Text>
      )}
    </FormDialog>
  );
}
