/** The signed-in console: header, side menu (drawer below 1024 px), the chosen section. */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { queries } from "../../lib/queries.ts";
import { useToast } from "../toast.tsx";
import { AdminHeader } from "./admin-header.tsx";
import { AdminSidebar } from "./admin-sidebar.tsx";
import { DashboardSection } from "./dashboard-section.tsx";
import { FantasyManagement } from "./fantasy/fantasy-management.tsx";
import { betsToCsv, downloadCsv, exportFilename } from "./export-bets.ts";
import { initialSection, sectionById, type SectionId } from "./sections.ts";
import { SystemSettingsDialog } from "./system-settings-dialog.tsx";
import { UnavailableSection } from "./unavailable-section.tsx";
import "./admin.css";

export function ConsoleLayout({ user }: { user: CurrentUser }) {
  const [section, setSection] = useState<SectionId>(() =>
    typeof window === "undefined" ? "dashboard" : initialSection(window.location.search),
  );
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();

  // Escape closes the mobile drawer.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  function select(id: SectionId) {
    setSection(id);
    setMenuOpen(false);
    window.history.replaceState(window.history.state, "", `/admin?tab=${id}`);
    window.scrollTo({ top: 0 });
  }

  async function exportReports() {
    setExporting(true);
    try {
      const bets = await queryClient.fetchQuery(queries.allBets());
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

  const current = sectionById(section);
  return (
    <div className="adm-app">
      <AdminHeader user={user} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((o) => !o)} />
      <div className="adm-body">
        <AdminSidebar
          active={section}
          open={menuOpen}
          onSelect={select}
          onClose={() => setMenuOpen(false)}
          onExport={user.role === "admin" ? exportReports : undefined}
          exporting={exporting}
          onOpenSettings={() => {
            setMenuOpen(false);
            setSettingsOpen(true);
          }}
        />
        <main className="adm-main" id="adm-main">
          {section === "dashboard" ? (
            <DashboardSection canManage={user.role === "admin"} />
          ) : section === "fantasy" ? (
            <FantasyManagement canManage={user.role === "admin"} />
          ) : (
            <UnavailableSection key={section} section={current} onBack={() => select("dashboard")} />
          )}
        </main>
      </div>
      <SystemSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </div>
  );
}
