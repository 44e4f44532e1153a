import { Button, Dialog, Flex, Text, TextArea } from "@radix-ui/themes";
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
    <Dialog.Root open={early !== null} onOpenChange={(o) => !o && (setReason(""), onClose())}>
      <Dialog.Content maxWidth="440px" data-testid="early-settle-dialog">
        <Dialog.Title>Settle before the event has finished?</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {early ? `${early.message} Settling it ${early.status} cannot be undone; the reason is kept in the audit trail.` : ""}
        </Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!problem) onConfirm(reason);
          }}
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
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={problem !== null} loading={pending} data-testid="early-settle-confirm">
              Settle {early?.status}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
