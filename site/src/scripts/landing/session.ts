/**
 * Who is signed in (GET /api/auth/session): the header's way back in, the demo card's "Start over",
 * and the customer's odds format for the live prices.
 */
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { $, setText } from "./dom.ts";
import { useOddsFormat } from "./live-odds.ts";

/** Signed in as a demo customer: the demo card offers "Start over" (a new demo account). */
function showStartOver(user: Partial<CurrentUser>): void {
  const again = $<HTMLElement>("[data-demo-again]");
  if (!again || !user.isDemoUser || user.role !== "customer") return;
  setText($<HTMLElement>("[data-demo-name]", again) ?? undefined, `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim());
  again.hidden = false;
}

/**
 * Signed in (a real or demo account): the header offers the way back in ("Betting" for a customer,
 * "Back office" for staff, with the name) instead of Login and the demo buttons.
 */
function showSignedIn(user: Partial<CurrentUser>): void {
  const login = $<HTMLAnchorElement>("[data-testid='login-link']");
  if (login) {
    const staff = user.role === "admin" || user.role === "trader";
    login.href = staff ? "/admin" : "/betting";
    login.textContent = staff ? "Back office" : "Betting";
    login.setAttribute("aria-label", `${staff ? "Back office" : "Betting"}, signed in as ${`${user.firstName ?? ""} ${user.lastName ?? ""}`.trim()}`);
    login.dataset.signedIn = "true";
  }
  const demo = $<HTMLElement>(".lp-nav__demo");
  if (demo) demo.hidden = true;
}

export async function loadSession(): Promise<void> {
  try {
    const res = await fetch("/api/auth/session", { credentials: "include", headers: { accept: "application/json" } });
    if (!res.ok) return;
    const user = ((await res.json()) as { user: Partial<CurrentUser> | null }).user;
    if (user) {
      showStartOver(user);
      showSignedIn(user);
    }
    const format = user?.settings?.oddsFormat;
    if (format) useOddsFormat(format);
  } catch {
    /* keep decimal */
  }
}
