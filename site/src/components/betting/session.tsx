/**
 * Logout as the spec describes it (section 4 "Session", section 8): demo users POST
 * /api/demo/logout, real users navigate to /api/logout. On success the cached user data is
 * invalidated, 'Logged Out' is shown and after 1000 ms the browser goes to /.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { apiSend } from "../../lib/api.ts";
import { queries } from "../../lib/queries.ts";
import { useToast } from "../toast.tsx";

export const REDIRECT_DELAY_MS = 1000;

export function useCurrentUser() {
  return useQuery(queries.currentUser());
}

export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    if (!user?.isDemoUser) {
      window.location.href = "/api/logout";
      return;
    }
    setPending(true);
    try {
      await apiSend("POST", "/api/demo/logout");
      await queryClient.invalidateQueries({ queryKey: ["/api/current-user"] });
      queryClient.removeQueries({ queryKey: ["/api/customer/balance"] });
      queryClient.removeQueries({ queryKey: ["/api/bets"] });
      toast({ title: "Logged Out", description: "You have been successfully logged out." });
      window.setTimeout(() => window.location.assign("/"), REDIRECT_DELAY_MS);
    } catch {
      setPending(false);
      toast({ title: "Logout Failed", description: "There was an issue logging you out.", variant: "destructive" });
    }
  }, [user, queryClient, toast]);

  return { logout, pending };
}
