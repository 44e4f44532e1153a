/** Password: change it with the current one (POST /api/account/password). */
import { Button, Callout, Flex } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { PasswordChangeBody } from "../../../../../api/schemas/account.ts";
import type { CurrentUser } from "../../../../../api/schemas/auth.ts";
import { apiSend } from "../../../lib/api.ts";
import { errorMessage, fieldErrors } from "../../../lib/form-errors.ts";
import { Field } from "../../form/field.tsx";
import { useToast } from "../../toast.tsx";
import { Panel, Section } from "../section.tsx";

const MIN = 10;

export function PasswordSection({ user }: { user: CurrentUser }) {
  const toast = useToast();
  const [form, setForm] = useState({ current: "", next: "", confirm: "" });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const change = useMutation({
    mutationFn: (body: PasswordChangeBody) => apiSend<{ ok: true }>("POST", "/api/account/password", body),
    onSuccess: () => {
      setForm({ current: "", next: "", confirm: "" });
      toast({ title: "Password Changed", description: "Use your new password next time you sign in." });
    },
  });
  const fields = fieldErrors(change.error);
  const mismatch = form.confirm.length > 0 && form.confirm !== form.next;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mismatch || change.isPending) return;
    change.mutate({ currentPassword: form.current, newPassword: form.next });
  };
  return (
    <Section id="password" title="Password" lead="Enter your current password, then the new one twice.">
      <Panel>
        {user.isDemoUser && (
          <Callout.Root color="amber" mb="4">
            <Callout.Text>Demo accounts sign in without a password, so there is none to change.</Callout.Text>
          </Callout.Root>
        )}
        <form onSubmit={submit} data-testid="password-form">
          <Flex direction="column" gap="4">
            {change.isError && (
              <Callout.Root color="red" role="alert" data-testid="password-error">
                <Callout.Text>{errorMessage(change.error)}</Callout.Text>
              </Callout.Root>
            )}
            <Field id="pw-current" label="Current password" type="password" autoComplete="current-password" required
              value={form.current} onChange={set("current")} error={fields.currentPassword} />
            <Field id="pw-new" label="New password" type="password" autoComplete="new-password" required minLength={MIN}
              value={form.next} onChange={set("next")} hint={`At least ${MIN} characters`} error={fields.newPassword} />
            <Field id="pw-confirm" label="Confirm new password" type="password" autoComplete="new-password" required
              value={form.confirm} onChange={set("confirm")} error={mismatch ? "The passwords do not match" : null} />
            <div className="acct-actions">
              <Button type="submit" size="3" loading={change.isPending} disabled={mismatch} data-testid="password-save">
                Change password
              </Button>
            </div>
          </Flex>
        </form>
      </Panel>
    </Section>
  );
}
