/**
 * A bottom sheet (phones and tablets): a modal <dialog> fixed to the bottom of the screen
 * with a handle and a close button. Opening it moves focus into it (to `focusSelector`, else the
 * sheet) without scrolling the page; the page behind is inert and does not scroll while it is open;
 * Escape, the close button, the handle and a tap on the dimmed page close it, and focus goes back to
 * where it was. Its children stay mounted while it is closed, so what they hold (a placement under
 * way, a refusal shown) is kept.
 */
import { useEffect, useRef, type ReactNode } from "react";

export function BottomSheet({
  open,
  onClose,
  label,
  focusSelector,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The sheet's accessible name. */
  label: string;
  /** The element to focus on opening, inside the sheet. */
  focusSelector?: string;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const root = document.documentElement;
      const before = root.style.overflow;
      root.style.overflow = "hidden"; // the page behind stays where it is
      d.showModal();
      const target = (focusSelector ? d.querySelector<HTMLElement>(focusSelector) : null) ?? d;
      target.focus({ preventScroll: true });
      return () => {
        root.style.overflow = before;
        if (d.open) d.close();
        returnTo.current?.focus({ preventScroll: true });
      };
    }
    if (!open && d.open) d.close();
  }, [open, focusSelector]);

  return (
    <dialog
      ref={ref}
      className="sb-sheet"
      aria-label={label}
      data-testid={testId}
      tabIndex={-1}
      onCancel={(e) => {
        e.preventDefault(); // Escape: closed through the owner's state
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(); // the dimmed page around the sheet
      }}
    >
      <div className="sb-sheet__bar">
        {/* The handle: a tap closes (the close button is the control for keyboards and screen readers). */}
        <span className="sb-sheet__handle" aria-hidden="true" onClick={onClose} />
        <button type="button" className="sb-sheet__close" aria-label={`Close ${label.toLowerCase()}`} onClick={onClose} data-testid="sheet-close">
          ✕
        </button>
      </div>
      <div className="sb-sheet__body">{children}</div>
    </dialog>
  );
}
