/**
 * The plain back-office form dialog: a title, an optional description, the fields, then Cancel and
 * the confirm button (disabled until the form may be sent, spinning while the call is pending).
 * Closing (Cancel, Escape, outside click) calls onOpenChange(false); submitting calls onSubmit,
 * which does the sending and closes the dialog itself when the call succeeds.
 */
import { Button, Dialog, Flex, IconButton } from "@radix-ui/themes";
import type { ComponentProps, FormEvent, ReactNode } from "react";
import { CloseIcon } from "./icons.tsx";

export type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Dialog.Content's max width ("420px"). */
  maxWidth?: string;
  /** data-testid of the dialog content. */
  testId?: string;
  onSubmit: () => void;
  confirmLabel: ReactNode;
  confirmColor?: ComponentProps<typeof Button>["color"];
  confirmTestId?: string;
  /** False keeps the confirm button disabled (the form is not complete yet). */
  canSubmit?: boolean;
  pending?: boolean;
  /** The button that opens it (a Dialog.Trigger), for a dialog that owns its open state. */
  trigger?: ReactNode;
  /** Dialog.Content's class ("adm-fx-dialog": the fantasy screens' 44 px touch targets). */
  className?: string;
  /** Leave the browser's own required/min checks out: the dialog shows its own field errors. */
  noValidate?: boolean;
  /** While pending, this text on the disabled confirm button instead of a spinner ("Creating..."). */
  pendingLabel?: ReactNode;
  /** A close (x) button beside the title, besides Cancel. */
  closeIcon?: boolean;
  /** While pending, Cancel is disabled and the dialog does not close (a create that must not be left half-seen). */
  lockWhilePending?: boolean;
  /** Each time the dialog opens (before focus moves in): e.g. fill the form from the row being edited. */
  onOpen?: () => void;
  children: ReactNode;
};

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  maxWidth,
  testId,
  onSubmit,
  confirmLabel,
  confirmColor,
  confirmTestId,
  canSubmit = true,
  pending = false,
  onOpen,
  trigger,
  className,
  noValidate,
  pendingLabel,
  closeIcon,
  lockWhilePending,
  children,
}: FormDialogProps) {
  const locked = !!lockWhilePending && pending;
  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o || !locked) && onOpenChange(o)}>
      {trigger && <Dialog.Trigger>{trigger}</Dialog.Trigger>}
      <Dialog.Content maxWidth={maxWidth} className={className} data-testid={testId} onOpenAutoFocus={onOpen ? () => onOpen() : undefined}>
        {closeIcon ? (
          <Flex justify="between" align="start">
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Close>
              <IconButton variant="ghost" color="gray" aria-label="Close">
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </Flex>
        ) : (
          <Dialog.Title>{title}</Dialog.Title>
        )}
        {description && (
          <Dialog.Description size="2" color="gray" mb="3">
            {description}
          </Dialog.Description>
        )}
        <form onSubmit={submit} noValidate={noValidate}>
          {children}
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" disabled={locked}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button
              type="submit"
              color={confirmColor}
              disabled={!canSubmit || (pending && pendingLabel !== undefined)}
              loading={pending && pendingLabel === undefined}
              data-testid={confirmTestId}
            >
              {pending && pendingLabel !== undefined ? pendingLabel : confirmLabel}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
