/**
 * Who is using the console and how sections reach each other (open another section, open the
 * event form). Roles follow the admin contract: an admin may do everything; a trader works the
 * trading desk, odds control, risk reads and market suspend/limits; the server enforces it anyway.
 */
import { createContext, useContext } from "react";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import type { SectionId } from "./sections.ts";

export type ConsoleApi = {
  user: CurrentUser;
  /** Switch section (rewrites the address like the menu does). Optional payload for the target. */
  goTo: (id: SectionId, focus?: SectionFocus) => void;
  /** What the last goTo asked the target section to show (e.g. the users audit tab for one user). */
  focus: SectionFocus | null;
  openCreateEvent: () => void;
};

export type SectionFocus = { auditUserId?: string; auditEntityId?: string };

export const ConsoleContext = createContext<ConsoleApi | null>(null);

export function useConsole(): ConsoleApi | null {
  return useContext(ConsoleContext);
}

export function useRole(): { isAdmin: boolean; isTrader: boolean; isStaff: boolean } {
  const c = useContext(ConsoleContext);
  const role = c?.user.role;
  return { isAdmin: role === "admin", isTrader: role === "trader", isStaff: role === "admin" || role === "trader" };
}

/** Stand-alone screens (/user-management, /fraud-monitoring) provide the user without navigation. */
export function StandaloneConsole({ user, children }: { user: CurrentUser; children: React.ReactNode }) {
  const api: ConsoleApi = {
    user,
    goTo: (id) => window.location.assign(`/admin?tab=${id}`),
    focus: null,
    openCreateEvent: () => window.location.assign("/admin"),
  };
  return <ConsoleContext.Provider value={api}>{children}</ConsoleContext.Provider>;
}
