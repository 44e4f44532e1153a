/** CRM actions on one customer: Send Bonus (POST .../bonus) and Flag Account (POST .../flag). Audited. */
import { Button, Dialog, Flex, TextArea, TextField } from "@radix-ui/themes";
import { useState, type FormEvent } from "react";
import type { SendBonusResponse } from "../../../../../api/schemas/back-office.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney, parseStakeToCents } from "../../../lib/format.ts";
import { FormDialog } from "../form-dialog.tsx";
import { Field } from "../form.tsx";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { pendingToast, type ApprovalPendingBody } from "../approvals/approval-text.ts";

/** What a CRM action refreshes. */
const CUSTOMER_KEYS = [adminKeys.crmCustomers, adminKeys.crmSegments, adminKeys.adminUsers, adminKeys.paymentsSummary, adminKeys.paymentTransactions, adminKeys.fraudAlerts, adminKeys.audit];

export function BonusDialog({ target, onClose }: { target: { id: string; name: string } | null; onClose: () => void }) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const cents = parseStakeToCents(amount);
  const send = useAdminMutation({
    request: (body: { amount: number; reason: string }) =>
      apiSend<SendBonusResponse | ApprovalPendingBody>("POST", `/api/admin/crm/customers/${encodeURIComponent(target!.id)}/bonus`, body),
    // Above the bonus threshold it waits for a second admin (202): nothing is credited yet.
    success: (r) =>
      "approval" in r ? pendingToast(r) : { title: "Bonus sent", description: `${formatMoney(r.amount)} credited to ${target?.name}; balance ${formatMoney(r.balance)}.` },
    failure: "Failed to send the bonus",
    invalidate: [...CUSTOMER_KEYS, adminKeys.approvals],
    onSuccess: () => {
      setAmount("");
      setReason("");
      onClose();
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (cents && cents > 0 && reason.trim()) send.mutate({ amount: cents, reason: reason.trim() });
  }
  return (
    <Dialog.Root open={target !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="420px" data-testid="bonus-dialog">
        <Dialog.Title>Send Bonus</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Credit {target?.name}'s wallet from the promotions account. The ledger records it as an adjustment.
        </Dialog.Description>
        <form onSubmit={submit}>
          <Flex direction="column" gap="3">
            <Field id="bonus-amount" label="Amount" error={amount && !cents ? "Enter an amount such as 10.00" : null}>
              <TextField.Root id="bonus-amount" inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="bonus-amount">
                <TextField.Slot>$</TextField.Slot>
              </TextField.Root>
            </Field>
            <Field id="bonus-reason" label="Reason">
              <TextArea id="bonus-reason" required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="bonus-reason" />
            </Field>
          </Flex>
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={!cents || !reason.trim()} loading={send.isPending} data-testid="bonus-send">
              Send Bonus
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function FlagDialog({ target, onClose }: { target: { id: string; name: string } | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const flag = useAdminMutation({
    request: (r: string) => apiSend<unknown>("POST", `/api/admin/crm/customers/${encodeURIComponent(target!.id)}/flag`, { reason: r }),
    success: () => ({ title: "Account flagged", description: `A fraud alert was opened for ${target?.name}.` }),
    onSuccess: () => {
      setReason("");
      onClose();
    },
    failure: "Failed to flag the account",
    invalidate: CUSTOMER_KEYS,
  });
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(o) => !o && onClose()}
      maxWidth="420px"
      testId="flag-dialog"
      title="Flag Account"
      description={<>Opens a manual fraud alert on {target?.name} for review in Risk & Fraud.</>}
      onSubmit={() => {
        if (reason.trim()) flag.mutate(reason.trim());
      }}
      confirmLabel="Flag Account"
      confirmColor="orange"
      canSubmit={!!reason.trim()}
      pending={flag.isPending}
    >
      <Field id="flag-reason" label="Reason">
        <TextArea id="flag-reason" required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </FormDialog>
  );
}
