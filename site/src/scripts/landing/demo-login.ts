/** The demo buttons: POST /api/demo/login, a toast, then the role's page. */
import type { DemoLoginResponse } from "../../../../api/schemas/auth.ts";
import { showToast } from "./toast.ts";

const REDIRECT_DELAY_MS = 1000;

const demoButtons = Array.from(document.querySelectorAll<HTMLButtonElement>("button[data-demo-role]"));
let loginPending = false;

function setDemoBusy(busy: boolean, clicked?: HTMLButtonElement): void {
  loginPending = busy;
  for (const b of demoButtons) {
    b.disabled = busy;
    if (busy && b === clicked) b.setAttribute("aria-busy", "true");
    else b.removeAttribute("aria-busy");
  }
}

/** Only same-origin paths; anything else falls back to the spec's per-role destination. */
function safeRedirect(to: unknown, role: string): string {
  if (typeof to === "string" && /^\/(?![/\\])/.test(to)) return to;
  return role === "admin" ? "/admin" : role === "customer" ? "/betting" : "/public";
}

function errorMessage(body: unknown): string {
  const msg = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof msg === "string" && msg.trim() ? msg : "Something went wrong";
}

async function demoLogin(role: string, button: HTMLButtonElement): Promise<void> {
  if (loginPending) return;
  setDemoBusy(true, button);
  let body: unknown = null;
  try {
    const res = await fetch("/api/demo/login", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "application/json" },
      // "Start over" asks for a new demo account; otherwise a signed-in demo user gets the same one back.
      body: JSON.stringify(button.hasAttribute("data-demo-start-over") ? { role, startOver: true } : { role }),
    });
    body = await res.json().catch(() => null);
    const ok = body as DemoLoginResponse | null;
    if (!res.ok || !ok?.user || typeof ok.user.firstName !== "string") throw new Error("demo login failed");
    showToast({ title: "Demo Login Successful", description: `Welcome, ${ok.user.firstName}! Redirecting…` });
    const target = safeRedirect(ok.redirectTo, ok.user.role);
    // Buttons stay disabled until the browser leaves the page.
    setTimeout(() => {
      location.href = target;
    }, REDIRECT_DELAY_MS);
  } catch {
    showToast({ title: "Demo Login Failed", description: errorMessage(body), variant: "destructive" });
    setDemoBusy(false);
  }
}

export function wireDemoLogins(): void {
  for (const b of demoButtons) b.addEventListener("click", () => void demoLogin(b.dataset.demoRole ?? "", b));

  // Coming back with the Back button restores this page from the bfcache: re-enable the buttons.
  addEventListener("pageshow", (e) => {
    if (e.persisted) setDemoBusy(false);
  });
}
