/**
 * The island shell for screens that use no Radix overlay (no Dialog, AlertDialog, Popover,
 * HoverCard, Tooltip, Select, DropdownMenu, ContextMenu): the same QueryClient and toasts as
 * IslandShell, and the same theme root element that Radix's <Theme> renders (classes and data
 * attributes, which is all the Radix Themes CSS reads), without importing <Theme> itself.
 *
 * Why: <Theme> wraps its children in Radix's Tooltip provider, so every island that imports it
 * loads the module @radix-ui/react-tooltip, and a module is bundled whole for all pages: the tooltip
 * content, its popper, floating-ui, dismissable layer and focus scope used by the admin screens
 * (about 18 KB gzip) came with the betting page, which shows no tooltip. The /betting budget
 * (110 KB gzip, docs/benchmarks.md) needs the saving: measured with bench/page-weight.mjs the page
 * loads 109.3 KB on this shell and 128.0 KB on IslandShell. Without that budget, drop this file.
 *
 * What it leaves out: Radix's theme context (only the overlay components above read it; their
 * portalled content would otherwise fall back to the default light theme) and the tooltip and
 * direction providers (defaults: no tooltips, left-to-right). lean-island-shell.test.ts checks that
 * the root element matches <Theme>'s and that islands on this shell import none of those components.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ISLAND_THEME, useIslandQueryClient } from "./island-base.ts";
import { ToastProvider } from "./toast.tsx";

/** The element Radix's root <Theme {...ISLAND_THEME}> renders (background: Radix's default). */
export function LeanThemeRoot({ children }: { children: ReactNode }) {
  return (
    <div
      data-is-root-theme="true"
      data-accent-color={ISLAND_THEME.accentColor}
      data-gray-color={ISLAND_THEME.grayColor}
      data-has-background="true"
      data-panel-background={ISLAND_THEME.panelBackground}
      data-radius={ISLAND_THEME.radius}
      data-scaling={ISLAND_THEME.scaling}
      className={`radix-themes ${ISLAND_THEME.appearance}`}
    >
      {children}
    </div>
  );
}

export function LeanIslandShell({ children }: { children: ReactNode }) {
  const client = useIslandQueryClient();
  return (
    <QueryClientProvider client={client}>
      <LeanThemeRoot>
        <ToastProvider>{children}</ToastProvider>
      </LeanThemeRoot>
    </QueryClientProvider>
  );
}
