/**
 * Restrict Account: POST /api/admin/crm/customers/{id}/restrict {reason}. The account is suspended
 * (no sign-in, no bets, sessions end at once); Activate in User Management lifts it. Audited.
 */
import { Button, Dialog, Flex, TextArea } from "@radix-ui/themes";
import { useState, type FormEvent } from "react";
import { apiSend } from "../../../lib/api.ts";
import { Field } from "../form.tsx";
import { keys } from "../../../lib/queries.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";

export function useRestrictAccount() {
  return useAdminMutation({
    request: ({ userId, reason }: { userId: string; reason: string; name: string }) =>
      apiSend<{ sessionsEnded: number }>("POST", `/api/admin/crm/customers/${encodeURIComponent(userId)}/restrict`, { reason }),
    success: (r, v) => ({ title: "Account restricted", description: `${v.name} can no longer sign in or bet; ${r.sessionsEnded} session(s) ended.` }),
    failure: "Failed to restrict the account",
    invalidate: [keys.riskMetrics, keys.adminUsers, keys.userStats, keys.crmCustomers, keys.audit],
  });
}

export function RestrictDialog({ target, onClose }: { target: { userId: string; name: string } | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const restrict = useRestrictAccount();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!target || !reason.trim()) return;
    restrict.mutate(
      { userId: target.userId, reason: reason.trim(), name: target.name },
      {
        onSuccess: () => {
          setReason("");
          onClose();
        },
      },
    );
  }
  return (
    <Dialog.Root open={target !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="440px" data-testid="restrict-dialog">
        <Dialog.Title>Restrict {target?.name}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          The account is suspended at once: the customer is signed out and can place no bets until an administrator activates it
          again in User Management.
        </Dialog.Description>
        <form onSubmit={submit}>
          <Field id="restrict-reason" label="Reason">
            <TextArea id="restrict-reason" required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="restrict-reason" />
          </Field>
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" color="red" disabled={!reason.trim()} loading={restrict.isPending} data-testid="restrict-confirm">
              Restrict Account
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
