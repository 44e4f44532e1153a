/** Small form building blocks shared by the fantasy create dialogs: labelled fields with errors. */
import { Callout, Select, Text, TextField } from "@radix-ui/themes";
import { useId, type ComponentProps } from "react";
import type { FantasySport } from "../../../../../api/schemas/fantasy.ts";
import { Field } from "../form.tsx";

type InputProps = Omit<ComponentProps<typeof TextField.Root>, "onChange" | "value"> & {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: string;
  prefix?: string;
};

export function TextInput({ label, value, onValue, error, hint, prefix, ...rest }: InputProps) {
  const id = useId();
  return (
    <Field id={id} className="adm-fx-field" label={label} error={error} hint={hint}>
      <TextField.Root id={id} value={value} onChange={(e) => onValue(e.target.value)} aria-invalid={error ? true : undefined} {...rest}>
        {prefix && <TextField.Slot>{prefix}</TextField.Slot>}
      </TextField.Root>
    </Field>
  );
}

export function SportSelect({
  sports,
  value,
  onValue,
  error,
  testId,
}: {
  sports: readonly FantasySport[];
  value: string;
  onValue: (v: string) => void;
  error?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <Field id={id} className="adm-fx-field" label="Sport" error={error}>
      <Select.Root value={value || undefined} onValueChange={onValue}>
        <Select.Trigger id={id} placeholder="Choose a sport" aria-label="Sport" data-testid={testId} />
        <Select.Content position="popper">
          {sports.map((s) => (
            <Select.Item key={s.id} value={s.id} disabled={s.status !== "active"}>
              {s.name} {s.status !== "active" ? `(${s.status})` : ""}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Field>
  );
}

export function ChoiceSelect<T extends string>({
  label,
  value,
  onValue,
  options,
  testId,
}: {
  label: string;
  value: T;
  onValue: (v: T) => void;
  options: readonly { value: T; label: string }[];
  testId?: string;
}) {
  const id = useId();
  return (
    <Field id={id} className="adm-fx-field" label={label}>
      <Select.Root value={value} onValueChange={(v) => onValue(v as T)}>
        <Select.Trigger id={id} aria-label={label} data-testid={testId} />
        <Select.Content position="popper">
          {options.map((o) => (
            <Select.Item key={o.value} value={o.value}>
              {o.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </Field>
  );
}

/** The server's own reason, shown inside the dialog beside the spec's toast. */
export function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Callout.Root color="red" size="1" role="alert" data-testid="dialog-error">
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, " ");
