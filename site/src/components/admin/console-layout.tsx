/** The signed-in console: header, side menu (drawer below 1024 px), the chosen section. */
import { Callout, Flex } from "@radix-ui/themes";
import { useQueryClient } from "@tanstack/react-query";
import { Component, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { adminQueries } from "../../lib/queries-admin.ts";
import { useToast } from "../toast.tsx";
import { AdminHeader } from "./admin-header.tsx";
import { AdminSidebar } from "./admin-sidebar.tsx";
import { ConsoleContext, type ConsoleApi, type SectionFocus } from "./console-context.tsx";
import { CreateEventDialog } from "./create-event-dialog.tsx";
import { DashboardSection } from "./dashboard-section.tsx";
import { betsToCsv, downloadCsv, exportFilename } from "./export-bets.ts";
import { initialSection, type SectionId } from "./sections.ts";
import { LedgerAlarmBanner } from "./ledger-alarm-banner.tsx";
import { SystemSettingsDialog } from "./system-settings-dialog.tsx";
import { RowsSkeleton } from "./ui.tsx";
import "./admin.css";

// Every section but the dashboard is its own chunk, loaded when first opened.
const SECTIONS: Record<Exclude<SectionId, "dashboard">, React.LazyExoticComponent<React.ComponentType<{ onBack: () => void }>>> = {
  trading: lazy(() => import("./trading/trading-section.tsx")),
  live: lazy(() => import("./live/live-section.tsx")),
  "bet-builder": lazy(() => import("./bet-builder/bet-builder-section.tsx")),
  risk: lazy(() => import("./risk/risk-section.tsx")),
  customers: lazy(() => import("./customers/customers-section.tsx")),
  payments: lazy(() => import("./payments/payments-section.tsx")),
  ai: lazy(() => import("./samples/ai-section.tsx")),
  responsible: lazy(() => import("./responsible/responsible-section.tsx")),
  social: lazy(() => import("./samples/social-section.tsx")),
  mobile: lazy(() => import("./samples/mobile-section.tsx")),
  fraud: lazy(() => import("./fraud/fraud-section.tsx")),
  fantasy: lazy(() => import("./fantasy/fantasy-management.tsx").then((m) => ({ default: m.FantasyManagement }))),
  tasks: lazy(() => import("./tasks/tasks-section.tsx")),
  users: lazy(() => import("./users/users-section.tsx")),
};

/** A section that throws while rendering shows its error instead of blanking the console. */
class SectionBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  render() {
    if (this.state.error) {
      return (
        <Callout.Root color="red" role="alert">
          <Callout.Text>This section failed to load: {this.state.error.message}</Callout.Text>
        </Callout.Root>
      );
    }
    return this.props.children;
  }
}

export function ConsoleLayout({ user }: { user: CurrentUser }) {
  const [section, setSection] = useState<SectionId>(() =>
    typeof window === "undefined" ? "dashboard" : initialSection(window.location.search),
  );
  const [focus, setFocus] = useState<SectionFocus | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [eventOpen, setEventOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const isAdmin = user.role === "admin";

  // Escape closes the mobile drawer.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  function select(id: SectionId, nextFocus: SectionFocus | null = null) {
    setSection(id);
    setFocus(nextFocus);
    setMenuOpen(false);
    window.history.replaceState(window.history.state, "", `/admin?tab=${id}`);
    window.scrollTo({ top: 0 });
  }

  const api: ConsoleApi = useMemo(
    () => ({
      user,
      goTo: (id, f) => select(id, f ?? null),
      focus,
      openCreateEvent: () => setEventOpen(true),
    }),
    // select only closes over setters; user and focus are the inputs.
    [user, focus],
  );

  async function exportReports() {
    setExporting(true);
    try {
      const bets = await queryClient.fetchQuery(adminQueries.allBets());
      downloadCsv(exportFilename(), betsToCsv(bets));
      toast({ title: "Report exported", description: `${bets.length} bets written to CSV.` });
    } catch (error) {
      toast({
        title: "Export failed",
        description: `Could not read the bets: ${(error as Error).message}`,
        variant: "destructive",
      });
    } finally {
      setExporting(false);
    }
  }

  const Lazy = section === "dashboard" ? null : SECTIONS[section];
  return (
    <ConsoleContext.Provider value={api}>
      <div className="adm-app">
        <AdminHeader user={user} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((o) => !o)} />
        <div className="adm-body">
          <AdminSidebar
            role={user.role}
            active={section}
            open={menuOpen}
            onSelect={(id) => select(id)}
            onClose={() => setMenuOpen(false)}
            onExport={isAdmin ? exportReports : undefined}
            exporting={exporting}
            onCreateEvent={
              isAdmin
                ? () => {
                    setMenuOpen(false);
                    setEventOpen(true);
                  }
                : undefined
            }
            onOpenSettings={() => {
              setMenuOpen(false);
              setSettingsOpen(true);
            }}
          />
          <main className="adm-main" id="adm-main">
            <LedgerAlarmBanner />
            <SectionBoundary resetKey={section}>
              {Lazy ? (
                <Suspense
                  fallback={
                    <Flex direction="column" gap="3" role="status" aria-label="Loading section">
                      <RowsSkeleton rows={4} height="64px" />
                    </Flex>
                  }
                >
                  <Lazy key={section} onBack={() => select("dashboard")} />
                </Suspense>
              ) : (
                <DashboardSection canManage={isAdmin} />
              )}
            </SectionBoundary>
          </main>
        </div>
        <SystemSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
        {isAdmin && <CreateEventDialog open={eventOpen} onOpenChange={setEventOpen} />}
      </div>
    </ConsoleContext.Provider>
  );
}
