/**
 * A labelled form control with an optional hint and error, wired for assistive technology
 * (label for, aria-describedby, aria-invalid). The control is a Radix TextField or a native select.
 */
import { Text, TextField } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";
import "./form.css";

type InputProps = Omit<ComponentProps<typeof TextField.Root>, "id" | "size"> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  prefix?: string;
};

export function Field({ id, label, hint, error, prefix, ...input }: InputProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="f-field">
      <label htmlFor={id} className="f-label">
        {label}
      </label>
      <TextField.Root id={id} size="3" aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input}>
        {prefix && <TextField.Slot>{prefix}</TextField.Slot>}
      </TextField.Root>
      {hint && (
        <Text as="p" size="1" color="gray" id={`${id}-hint`} className="f-hint">
          {hint}
        </Text>
      )}
      {error && (
        <Text as="p" size="1" color="red" id={`${id}-error`} className="f-error" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}

type SelectProps = Omit<ComponentProps<"select">, "id"> & {
  id: string;
  label: string;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
};

/** A native select styled like the Radix fields (small, accessible, works with touch). */
export function SelectField({ id, label, hint, options, ...select }: SelectProps) {
  return (
    <div className="f-field">
      <label htmlFor={id} className="f-label">
        {label}
      </label>
      <select id={id} className="f-select" aria-describedby={hint ? `${id}-hint` : undefined} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <Text as="p" size="1" color="gray" id={`${id}-hint`} className="f-hint">
          {hint}
        </Text>
      )}
    </div>
  );
}
