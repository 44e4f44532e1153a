/**
 * Restrict Account: POST /api/admin/crm/customers/{id}/restrict {reason, category}. The account is
 * suspended (no bets, sessions end at once); Activate in User Management lifts it. Audited. The
 * category is what the customer is told ("Reason: payment review"); the note stays internal.
 */
import { Select, TextArea } from "@radix-ui/themes";
import { useState } from "react";
import { apiSend } from "../../../lib/api.ts";
import { FormDialog } from "../form-dialog.tsx";
import { Field } from "../form.tsx";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { SUSPENSION_CATEGORIES, SUSPENSION_CATEGORY_LABEL, type SuspensionCategory } from "../../../../../domain/accounts/suspension.ts";

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function useRestrictAccount() {
  return useAdminMutation({
    request: ({ userId, reason, category }: { userId: string; reason: string; category: SuspensionCategory; name: string }) =>
      apiSend<{ sessionsEnded: number }>("POST", `/api/admin/crm/customers/${encodeURIComponent(userId)}/restrict`, { reason, category }),
    success: (r, v) => ({ title: "Account restricted", description: `${v.name} can no longer sign in or bet; ${r.sessionsEnded} session(s) ended.` }),
    failure: "Failed to restrict the account",
    invalidate: [adminKeys.riskMetrics, adminKeys.adminUsers, adminKeys.userStats, adminKeys.crmCustomers, adminKeys.audit],
  });
}

export function RestrictDialog({ target, onClose }: { target: { userId: string; name: string } | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [category, setCategory] = useState<SuspensionCategory>("review");
  const restrict = useRestrictAccount();
  function submit() {
    if (!target || !reason.trim()) return;
    restrict.mutate(
      { userId: target.userId, reason: reason.trim(), category, name: target.name },
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
      <Field id="restrict-category" label="Reason shown to the customer">
        <Select.Root value={category} onValueChange={(v) => setCategory(v as SuspensionCategory)}>
          <Select.Trigger id="restrict-category" data-testid="restrict-category" />
          <Select.Content>
            {SUSPENSION_CATEGORIES.map((c) => (
              <Select.Item key={c} value={c}>
                {capitalised(SUSPENSION_CATEGORY_LABEL[c])}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Field>
      <Field id="restrict-reason" label="Internal note" hint="Audited; the customer does not see it">
        <TextArea id="restrict-reason" required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="restrict-reason" />
      </Field>
    </FormDialog>
  );
}
