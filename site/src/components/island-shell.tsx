/**
 * Every island is self-contained: its own QueryClient (spec defaults: never stale, no focus
 * refetch, no retries), its own Radix Theme and its own toast provider. Islands without dialogs,
 * popovers, menus, selects or tooltips can use the lighter lean-island-shell.tsx instead.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { Theme } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { ISLAND_THEME, useIslandQueryClient } from "./island-base.ts";
import { ToastProvider } from "./toast.tsx";

export function IslandShell({ children }: { children: ReactNode }) {
  const client = useIslandQueryClient();
  return (
    <QueryClientProvider client={client}>
      <Theme {...ISLAND_THEME}>
        <ToastProvider>{children}</ToastProvider>
      </Theme>
    </QueryClientProvider>
  );
}
