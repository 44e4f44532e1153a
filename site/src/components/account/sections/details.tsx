/** My Details: edit name and email (PATCH /api/account/details); date of birth and address as verified. */
import { Button, Callout, Flex, Skeleton, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import type { DetailsBody, DetailsResponse } from "../../../../../api/schemas/account.ts";
import type { CurrentUser } from "../../../../../api/schemas/auth.ts";
import { apiSend } from "../../../lib/api.ts";
import { errorMessage, fieldErrors } from "../../../lib/form-errors.ts";
import { formatDate } from "../../../lib/format.ts";
import { formatLocal } from "../../../lib/local-time.ts";
import { keys } from "../../../lib/query-keys.ts";
import { accountQueries } from "../../../lib/queries-account.ts";
import { Field } from "../../form/field.tsx";
import { useToast } from "../../toast.tsx";
import { Panel, Section } from "../section.tsx";

export function DetailsSection({ user }: { user: CurrentUser }) {
  const account = useQuery(accountQueries.account());
  const client = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  const a = account.data?.user;
  useEffect(() => {
    if (a) setForm({ firstName: a.firstName, lastName: a.lastName, email: a.email });
  }, [a]);

  const save = useMutation({
    mutationFn: (body: DetailsBody) => apiSend<DetailsResponse>("PATCH", "/api/account/details", body),
    onSuccess: () => {
      toast({ title: "Details Updated", description: "Your details have been saved." });
      void client.invalidateQueries({ queryKey: keys.account });
      void client.invalidateQueries({ queryKey: keys.currentUser });
    },
  });
  const fields = fieldErrors(save.error);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: DetailsBody = {};
    const base = a ?? user;
    if (form.firstName !== base.firstName) body.firstName = form.firstName;
    if (form.lastName !== base.lastName) body.lastName = form.lastName;
    if (form.email !== base.email) body.email = form.email;
    if (Object.keys(body).length === 0) {
      toast({ title: "No Changes", description: "Your details are already up to date." });
      return;
    }
    save.mutate(body);
  };

  return (
    <Section id="details" title="My Details" lead="Your name and email. Your date of birth and address come from verification.">
      <Panel>
        <form onSubmit={submit} data-testid="details-form">
          <Flex direction="column" gap="4">
            {save.isError && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{errorMessage(save.error)}</Callout.Text>
              </Callout.Root>
            )}
            <div className="f-grid">
              <Field id="details-first" label="First name" autoComplete="given-name" required value={form.firstName}
                onChange={set("firstName")} error={fields.firstName} />
              <Field id="details-last" label="Last name" autoComplete="family-name" required value={form.lastName}
                onChange={set("lastName")} error={fields.lastName} />
              <div className="f-wide">
                <Field id="details-email" label="Email" type="email" autoComplete="email" required value={form.email}
                  onChange={set("email")} error={fields.email} />
              </div>
            </div>
            <div className="acct-actions">
              <Button type="submit" size="3" loading={save.isPending} data-testid="details-save">
                Save details
              </Button>
            </div>
          </Flex>
        </form>
      </Panel>
      <Panel title="Verified details">
        {account.isPending ? (
          <Skeleton height="60px" />
        ) : account.isError ? (
          <Text color="red" size="2">{errorMessage(account.error)}</Text>
        ) : (
          <dl className="acct-dl">
            <dt>Date of birth</dt>
            <dd>{account.data.user.dateOfBirth ? formatLocal(account.data.user.dateOfBirth, "calendar") : "Not provided yet"}</dd>
            <dt>Address</dt>
            <dd>
              {account.data.user.address
                ? `${account.data.user.address.line1}, ${account.data.user.address.city} ${account.data.user.address.postcode}, ${account.data.user.address.country}`
                : "Not provided yet — add it under Verification."}
            </dd>
            <dt>Member since</dt>
            <dd>{formatDate(account.data.user.createdAt)}</dd>
          </dl>
        )}
      </Panel>
    </Section>
  );
}
