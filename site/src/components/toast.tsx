/**
 * Toasts as the spec defines them: one visible at a time, shown for 5 s (paused while hovered or
 * focused), swipe right 50 px or press Escape to dismiss, F8 focuses the notifications region.
 * A small hand-written component (the same behaviour as the landing page's toast) instead of Radix
 * Toast, to keep the islands' JavaScript small. Announced politely to assistive technology.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
type ToastItem = ToastInput & { id: number };

export const TOAST_MS = 5000;
export const SWIPE_PX = 50;

const ToastContext = createContext<(t: ToastInput) => void>(() => {});
export const useToast = () => useContext(ToastContext);

let nextId = 1;

function ToastView({ toast, onClose }: { toast: ToastItem; onClose: () => void }) {
  const el = useRef<HTMLLIElement>(null);
  const timer = useRef({ id: 0, remaining: TOAST_MS, startedAt: 0, paused: true });
  const swipe = useRef<number | null>(null);

  const run = useCallback(() => {
    const t = timer.current;
    if (!t.paused) return;
    t.paused = false;
    t.startedAt = Date.now();
    t.id = window.setTimeout(onClose, t.remaining);
  }, [onClose]);
  const pause = useCallback(() => {
    const t = timer.current;
    if (t.paused) return;
    t.paused = true;
    window.clearTimeout(t.id);
    t.remaining = Math.max(0, t.remaining - (Date.now() - t.startedAt));
  }, []);
  useEffect(() => {
    run();
    const t = timer.current;
    return () => window.clearTimeout(t.id);
  }, [run]);

  const endSwipe = (x: number) => {
    if (swipe.current === null || !el.current) return;
    const dx = x - swipe.current;
    swipe.current = null;
    el.current.style.transform = "";
    if (dx >= SWIPE_PX) onClose();
  };

  return (
    <li
      ref={el}
      className={`sb-toast${toast.variant === "destructive" ? " sb-toast--destructive" : ""}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      tabIndex={0}
      data-testid="toast"
      data-state="open"
      onKeyDown={(e) => e.key === "Escape" && onClose()}
      onPointerEnter={pause}
      onPointerLeave={() => !el.current?.contains(document.activeElement) && run()}
      onFocus={pause}
      onBlur={(e) => !el.current?.contains(e.relatedTarget as Node | null) && !el.current?.matches(":hover") && run()}
      onPointerDown={(e) => {
        if ((e.target as Element).closest("button")) return;
        swipe.current = e.clientX;
        el.current?.setPointerCapture(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (swipe.current !== null && el.current) el.current.style.transform = `translateX(${Math.max(0, e.clientX - swipe.current)}px)`;
      }}
      onPointerUp={(e) => endSwipe(e.clientX)}
      onPointerCancel={(e) => endSwipe(e.clientX)}
    >
      <div className="sb-toast__title" data-testid="toast-title">
        {toast.title}
      </div>
      {toast.description && (
        <div className="sb-toast__description" data-testid="toast-description">
          {toast.description}
        </div>
      )}
      <button type="button" className="sb-toast__close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </li>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastItem | null>(null);
  const region = useRef<HTMLElement>(null);
  const show = useCallback((t: ToastInput) => setCurrent({ ...t, id: nextId++ }), []);
  const close = useCallback(() => {
    if (region.current?.contains(document.activeElement)) region.current.focus();
    setCurrent(null);
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "F8") return;
      e.preventDefault();
      (region.current?.querySelector<HTMLElement>("[data-testid=toast]") ?? region.current)?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <section ref={region} className="sb-toast-region" aria-label="Notifications (F8)" tabIndex={-1}>
        <ol className="sb-toast-viewport">{current && <ToastView key={current.id} toast={current} onClose={close} />}</ol>
      </section>
    </ToastContext.Provider>
  );
}
