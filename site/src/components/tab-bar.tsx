/**
 * A small accessible tab list (WAI-ARIA tabs pattern: roving tabindex, arrow keys, Home/End) for
 * the betting island, where every kilobyte counts. Panels are rendered by the caller with
 * `tabPanelProps`.
 */
import type { KeyboardEvent } from "react";
import "./tab-bar.css";

export type TabItem<T extends string> = { value: T; label: string; testId?: string };

export const tabId = (group: string, value: string) => `${group}-tab-${value}`;
export const panelId = (group: string, value: string) => `${group}-panel-${value}`;

export function TabBar<T extends string>({
  group,
  items,
  value,
  onChange,
  label,
  className = "",
  controls = true,
}: {
  group: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (v: T) => void;
  label: string;
  className?: string;
  /** Whether each tab controls its own panel (false when one panel shows every tab's content). */
  controls?: boolean;
}) {
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = items.findIndex((t) => t.value === value);
    let next = -1;
    if (e.key === "ArrowRight") next = (i + 1) % items.length;
    else if (e.key === "ArrowLeft") next = (i - 1 + items.length) % items.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onChange(items[next].value);
    document.getElementById(tabId(group, items[next].value))?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`sb-tabbar ${className}`} onKeyDown={onKey}>
      {items.map((t) => {
        const selected = t.value === value;
        return (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={tabId(group, t.value)}
            aria-selected={selected}
            aria-controls={controls ? panelId(group, t.value) : panelId(group, "all")}
            tabIndex={selected ? 0 : -1}
            className="sb-tabbar__tab"
            data-testid={t.testId}
            onClick={() => onChange(t.value)}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

export const tabPanelProps = (group: string, value: string, labelledBy = value) => ({
  role: "tabpanel" as const,
  id: panelId(group, value),
  "aria-labelledby": tabId(group, labelledBy),
  tabIndex: 0,
});
