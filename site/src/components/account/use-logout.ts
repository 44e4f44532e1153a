/**
 * Logout as the spec describes it (section 4, "Session"): demo users POST /api/demo/logout, real
 * users are sent to /api/logout by a full-page navigation. On success the cached user is
 * invalidated, a toast is shown and after 1000 ms the browser goes to the landing page.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { apiSend } from "../../lib/api.ts";
import { useToast } from "../toast.tsx";

export const LOGOUT_REDIRECT_MS = 1000;

export function useLogout(user: CurrentUser | null | undefined) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (): Promise<"demo" | "navigating"> => {
      if (!user?.isDemoUser) {
        window.location.assign("/api/logout");
        return "navigating";
      }
      await apiSend("POST", "/api/demo/logout");
      return "demo";
    },
    onSuccess: async (how) => {
      if (how === "navigating") return;
      toast({ title: "Logged Out", description: "You have been successfully logged out." });
      await queryClient.invalidateQueries({ queryKey: ["/api/current-user"] });
      window.setTimeout(() => window.location.assign("/"), LOGOUT_REDIRECT_MS);
    },
    onError: () => {
      toast({ title: "Logout Failed", description: "There was an issue logging you out.", variant: "destructive" });
    },
  });
}
