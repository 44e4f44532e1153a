/** Add User (customer, trader or admin): POST /api/admin/users. The password is set by the operator. */
import { Callout, Flex, Grid, Select, TextField } from "@radix-ui/themes";
import { useState } from "react";
import type { CreateUserBody, CreateUserResponse } from "../../../../../api/schemas/users.ts";
import { apiSend } from "../../../lib/api.ts";
import { FormDialog } from "../form-dialog.tsx";
import { describeApiError, Field } from "../form.tsx";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";

const EMPTY = { firstName: "", lastName: "", email: "", role: "customer" as CreateUserBody["role"], password: "" };

export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [form, setForm] = useState(EMPTY);
  const create = useAdminMutation({
    request: (body: CreateUserBody) => apiSend<CreateUserResponse>("POST", "/api/admin/users", body),
    success: (r) => ({ title: "User created", description: `${r.user.email} was added as ${r.user.role}.` }),
    onSuccess: () => {
      setForm(EMPTY);
      onOpenChange(false);
    },
    failure: "Failed to create user",
    invalidate: [adminKeys.adminUsers, adminKeys.userStats],
  });
  const set = (k: keyof typeof EMPTY, v: string) => setForm((f) => ({ ...f, [k]: v }));
  function submit() {
    create.mutate({ ...form, firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() });
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !create.isPending && onOpenChange(o)}
      maxWidth="480px"
      testId="add-user-dialog"
      title="Add User"
      description="Create a customer, trader or administrator account. Customers get an empty wallet."
      onSubmit={submit}
      confirmLabel="Add User"
      confirmTestId="add-user-submit"
      pending={create.isPending}
    >
      <Flex direction="column" gap="3">
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field id="nu-first" label="First name">
            <TextField.Root id="nu-first" required maxLength={100} value={form.firstName} onChange={(e) => set("firstName", e.target.value)} />
          </Field>
          <Field id="nu-last" label="Last name">
            <TextField.Root id="nu-last" required maxLength={100} value={form.lastName} onChange={(e) => set("lastName", e.target.value)} />
          </Field>
        </Grid>
        <Field id="nu-email" label="Email">
          <TextField.Root id="nu-email" type="email" required maxLength={254} value={form.email} onChange={(e) => set("email", e.target.value)} />
        </Field>
        <Field id="nu-role" label="Role">
          <Select.Root value={form.role} onValueChange={(v) => set("role", v)}>
            <Select.Trigger id="nu-role" aria-label="Role" />
            <Select.Content>
              <Select.Item value="customer">Customer</Select.Item>
              <Select.Item value="trader">Trader</Select.Item>
              <Select.Item value="admin">Admin</Select.Item>
            </Select.Content>
          </Select.Root>
        </Field>
        <Field id="nu-password" label="Password" hint="At least 10 characters">
          <TextField.Root
            id="nu-password"
            type="password"
            required
            minLength={10}
            maxLength={200}
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set("password", e.target.value)}
          />
        </Field>
        {create.isError && (
          <Callout.Root color="red" size="1">
            <Callout.Text>{describeApiError(create.error)}</Callout.Text>
          </Callout.Root>
        )}
      </Flex>
    </FormDialog>
  );
}
