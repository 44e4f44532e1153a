/**
 * Restrict Account: POST /api/admin/crm/customers/{id}/restrict {reason}. The account is suspended
 * (no sign-in, no bets, sessions end at once); Activate in User Management lifts it. Audited.
 */
import { TextArea } from "@radix-ui/themes";
import { useState } from "react";
import { apiSend } from "../../../lib/api.ts";
import { FormDialog } from "../form-dialog.tsx";
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
  function submit() {
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
    <FormDialog
      open={target !== null}
      onOpenChange={(o) => !o && onClose()}
      maxWidth="440px"
      testId="restrict-dialog"
      title={<>Restrict {target?.name}</>}
      description="The account is suspended at once: the customer is signed out and can place no bets until an administrator activates it again in User Management."
      onSubmit={submit}
      confirmLabel="Restrict Account"
      confirmColor="red"
      confirmTestId="restrict-confirm"
      canSubmit={!!reason.trim()}
      pending={restrict.isPending}
    >
      <Field id="restrict-reason" label="Reason">
        <TextArea id="restrict-reason" required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="restrict-reason" />
      </Field>
    </FormDialog>
  );
}
