/**
 * Toasts as the spec defines them: one visible at a time, shown for 5 s, swipe right 50 px to
 * dismiss, F8 focuses the viewport. Built on Radix Toast.
 */
import * as Toast from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
type ToastItem = ToastInput & { id: number };

const ToastContext = createContext<(t: ToastInput) => void>(() => {});
export const useToast = () => useContext(ToastContext);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastItem | null>(null);
  const show = useCallback((t: ToastInput) => setCurrent({ ...t, id: nextId++ }), []);
  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
        {children}
        {current && (
          <Toast.Root
            key={current.id}
            className={`sb-toast ${current.variant === "destructive" ? "sb-toast--destructive" : ""}`}
            onOpenChange={(open) => {
              if (!open) setCurrent(null);
            }}
            data-testid="toast"
          >
            <Toast.Title className="sb-toast__title">{current.title}</Toast.Title>
            {current.description && (
              <Toast.Description className="sb-toast__description">{current.description}</Toast.Description>
            )}
            <Toast.Close className="sb-toast__close" aria-label="Close">
              ×
            </Toast.Close>
          </Toast.Root>
        )}
        <Toast.Viewport className="sb-toast-viewport" hotkey={["F8"]} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}
