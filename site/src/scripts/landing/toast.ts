/**
 * A tiny toast that behaves like the islands' Radix one: one at a time, 5 s, close button, Escape,
 * swipe right 50 px, F8 focuses it. Its strings reach the page only through textContent.
 */
import { $ } from "./dom.ts";

const TOAST_MS = 5000;
const SWIPE_PX = 50;

type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
type ActiveToast = { el: HTMLLIElement; timer: number; remaining: number; startedAt: number; paused: boolean };

const viewport = $<HTMLOListElement>("#toast-viewport");
let active: ActiveToast | null = null;

function dismissToast(t: ActiveToast | null = active): void {
  if (!t) return;
  clearTimeout(t.timer);
  if (active === t) active = null;
  const { el } = t;
  if (el.contains(document.activeElement)) $<HTMLElement>("#toast-region")?.focus();
  el.dataset.state = "closed";
  const remove = () => el.remove();
  el.addEventListener("animationend", remove, { once: true });
  setTimeout(remove, 250); // in case animations are disabled
}

function runTimer(t: ActiveToast): void {
  t.paused = false;
  t.startedAt = Date.now();
  t.timer = window.setTimeout(() => dismissToast(t), t.remaining);
}

function pauseTimer(t: ActiveToast): void {
  if (t.paused) return;
  t.paused = true;
  clearTimeout(t.timer);
  t.remaining = Math.max(0, t.remaining - (Date.now() - t.startedAt));
}

function toastElement({ title, description, variant = "default" }: ToastInput): HTMLLIElement {
  const el = document.createElement("li");
  el.className = `sb-toast lp-toast${variant === "destructive" ? " sb-toast--destructive" : ""}`;
  el.setAttribute("role", "status");
  el.setAttribute("aria-live", "polite");
  el.setAttribute("aria-atomic", "true");
  el.tabIndex = 0;
  el.dataset.testid = "toast";
  el.dataset.state = "open";
  el.dataset.variant = variant;

  const titleEl = document.createElement("div");
  titleEl.className = "sb-toast__title";
  titleEl.dataset.testid = "toast-title";
  titleEl.textContent = title;
  el.append(titleEl);
  if (description) {
    const descEl = document.createElement("div");
    descEl.className = "sb-toast__description";
    descEl.dataset.testid = "toast-description";
    descEl.textContent = description;
    el.append(descEl);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "sb-toast__close";
  close.setAttribute("aria-label", "Close");
  close.textContent = "×";
  el.append(close);
  return el;
}

/** Hovering or focusing the toast holds its timer; the close button and Escape dismiss it. */
function wireDismissal(t: ActiveToast): void {
  const { el } = t;
  el.querySelector("button")!.addEventListener("click", () => dismissToast(t));
  el.addEventListener("keydown", (e) => {
    if (e.key === "Escape") dismissToast(t);
  });
  el.addEventListener("pointerenter", () => pauseTimer(t));
  el.addEventListener("pointerleave", () => active === t && !el.contains(document.activeElement) && runTimer(t));
  el.addEventListener("focusin", () => pauseTimer(t));
  el.addEventListener("focusout", (e) => {
    if (active === t && !el.contains(e.relatedTarget as Node | null) && !el.matches(":hover")) runTimer(t);
  });
}

/** Swipe right to dismiss. */
function wireSwipe(t: ActiveToast): void {
  const { el } = t;
  let startX: number | null = null;
  el.addEventListener("pointerdown", (e) => {
    if ((e.target as Element).closest("button")) return;
    startX = e.clientX;
    el.setPointerCapture(e.pointerId);
  });
  el.addEventListener("pointermove", (e) => {
    if (startX === null) return;
    el.style.transform = `translateX(${Math.max(0, e.clientX - startX)}px)`;
  });
  const endSwipe = (e: PointerEvent) => {
    if (startX === null) return;
    const dx = e.clientX - startX;
    startX = null;
    el.style.transform = "";
    if (dx >= SWIPE_PX) {
      el.style.setProperty("--radix-toast-swipe-end-x", `${dx}px`);
      el.dataset.swipe = "end";
      dismissToast(t);
    }
  };
  el.addEventListener("pointerup", endSwipe);
  el.addEventListener("pointercancel", endSwipe);
}

export function showToast(input: ToastInput): void {
  if (!viewport) return;
  if (active) {
    clearTimeout(active.timer);
    active.el.remove();
    active = null;
  }
  const t: ActiveToast = { el: toastElement(input), timer: 0, remaining: TOAST_MS, startedAt: 0, paused: false };
  active = t;
  wireDismissal(t);
  wireSwipe(t);
  viewport.append(t.el);
  runTimer(t);
}

/** F8 moves focus to the toast (or to its empty region), as the Radix viewport's hotkey does. */
export function listenForToastHotkey(): void {
  document.addEventListener("keydown", (e) => {
    if (e.key !== "F8") return;
    e.preventDefault();
    (active?.el ?? $<HTMLElement>("#toast-region"))?.focus();
  });
}
