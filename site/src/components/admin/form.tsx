/** Form rows for the admin dialogs: a visible label tied to its control, an optional hint or error. */
import { Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1" className={className}>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children}
      {hint && !error && (
        <Text size="1" color="gray" id={`${id}-hint`}>
          {hint}
        </Text>
      )}
      {error && (
        <Text size="1" color="red" id={`${id}-error`} role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

/** The server's message plus its validation details ({fields:[{path, message}]}) as one readable line. */
export function describeApiError(error: Error): string {
  const details = (error as Error & { details?: unknown }).details;
  const fields =
    details && typeof details === "object" && Array.isArray((details as { fields?: unknown }).fields)
      ? ((details as { fields: { path?: string; message?: string }[] }).fields)
      : [];
  const parts = fields.filter((f) => f && f.message).map((f) => (f.path ? `${f.path}: ${f.message}` : String(f.message)));
  return parts.length ? `${error.message} (${parts.join("; ")})` : error.message;
}

/** A datetime-local value ("2026-11-21T19:30") for a Date, in the browser's time zone (lib/local-time.ts). */
export { toLocalInput } from "../../lib/local-time.ts";
