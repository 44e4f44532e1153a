/** The section menu and Quick Actions. On small screens it is a drawer toggled from the header. */
import { Button, Text } from "@radix-ui/themes";
import { DownloadIcon, PlusIcon, SettingsIcon } from "./icons.tsx";
import { menuSectionsFor, type SectionId } from "./sections.ts";

export function AdminSidebar({
  role,
  active,
  open,
  onSelect,
  onClose,
  onExport,
  exporting,
  onCreateEvent,
  onOpenSettings,
}: {
  /** The signed-in role: a trader's menu leaves out what is for administrators only. */
  role: string;
  active: SectionId;
  open: boolean;
  onSelect: (id: SectionId) => void;
  onClose: () => void;
  /** Absent for roles that may not read every bet (traders): the button is then not shown. */
  onExport?: () => void;
  exporting: boolean;
  /** Absent for traders (creating events is for administrators): the button is then not shown. */
  onCreateEvent?: () => void;
  onOpenSettings: () => void;
}) {
  return (
    <>
      <div className={`adm-backdrop ${open ? "is-open" : ""}`} onClick={onClose} aria-hidden="true" />
      <aside id="adm-sidebar" className={`adm-sidebar ${open ? "is-open" : ""}`} aria-label="Admin sections">
        <nav>
          <ul className="adm-menu" data-testid="admin-menu">
            {menuSectionsFor(role).map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={`adm-menu__item ${active === s.id ? "is-active" : ""}`}
                  aria-current={active === s.id ? "page" : undefined}
                  onClick={() => onSelect(s.id)}
                  data-testid={`menu-${s.id}`}
                >
                  <span className="adm-menu__label">{s.label}</span>
                  <span className="adm-menu__description">{s.description}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="adm-quick">
          <Text as="div" size="1" weight="bold" color="gray" className="adm-quick__title">
            QUICK ACTIONS
          </Text>
          {onCreateEvent && (
            <Button variant="soft" color="gray" className="adm-quick__btn" onClick={onCreateEvent} data-testid="quick-create-event">
              <PlusIcon /> Create Event
            </Button>
          )}
          {onExport && (
            <Button
              variant="soft"
              color="gray"
              className="adm-quick__btn"
              onClick={onExport}
              loading={exporting}
              data-testid="quick-export-reports"
            >
              <DownloadIcon /> Export Reports
            </Button>
          )}
          <Button
            variant="soft"
            color="gray"
            className="adm-quick__btn"
            onClick={onOpenSettings}
            data-testid="quick-system-settings"
          >
            <SettingsIcon /> System Settings
          </Button>
        </div>
      </aside>
    </>
  );
}
