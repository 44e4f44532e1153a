/**
 * "Mark reversed" on a completed deposit or withdrawal in Admin Payments (POST
 * /api/admin/payments/{id}/reverse): the provider reported it reversed after completing it (a
 * chargeback, a payout the bank returned). The operator gives a reason; the server undoes the
 * payment in the ledger and audits it (docs/money.md "Reversed payments").
 */
import { Button, Dialog, Flex, Text, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminPayment } from "../../../../../api/schemas/payments-admin.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";

export function MarkReversedButton({ paymentId, type, amount, email }: { paymentId: string; type: "deposit" | "withdrawal"; amount: number; email: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const reverse = useAdminMutation({
    request: () => apiSend<AdminPayment>("POST", `/api/admin/payments/${encodeURIComponent(paymentId)}/reverse`, { reason }),
    success: (r) => ({ title: "Payment reversed", description: `${r.stateLabel} (${r.method}, ${r.providerReference ?? "no reference"})` }),
    onSuccess: () => {
      setOpen(false);
      setReason("");
    },
    failure: (e) => ({ title: "Could not reverse", description: e.message }),
    invalidate: [adminKeys.paymentTransactions, adminKeys.paymentsSummary],
  });
  const what = type === "deposit"
    ? `The ${formatMoney(Math.abs(amount))} deposit of ${email} was charged back: it is taken back from their balance (what is short becomes a debt) and its bonus removed.`
    : `The ${formatMoney(Math.abs(amount))} withdrawal of ${email} was returned by their bank: it goes back to their balance.`;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button size="1" variant="ghost" color="red" aria-label={`Mark reversed: the ${type} of ${email}`}>
          Mark reversed
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Mark {type} reversed</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {what}
        </Dialog.Description>
        <Text as="label" size="2" weight="medium">
          Reason (from the provider)
          <TextArea mt="1" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Chargeback 4837: card holder disputes" />
        </Text>
        <Flex gap="2" justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">Cancel</Button>
          </Dialog.Close>
          <Button color="red" disabled={reverse.isPending || reason.trim() === ""} onClick={() => reverse.mutate()}>
            {reverse.isPending ? "Reversing..." : "Mark reversed"}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
