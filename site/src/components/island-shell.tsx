/**
 * Every island is self-contained: its own QueryClient (spec defaults: never stale, no focus
 * refetch, no retries), its own Radix Theme and its own toast provider.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Theme } from "@radix-ui/themes";
import { useState, type ReactNode } from "react";
import { ToastProvider } from "./toast.tsx";

export function IslandShell({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <Theme appearance="dark" accentColor="green" grayColor="slate" radius="medium" scaling="100%">
        <ToastProvider>{children}</ToastProvider>
      </Theme>
    </QueryClientProvider>
  );
}
