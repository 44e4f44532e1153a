/**
 * Logout, the same on every customer page: demo users POST
 * /api/demo/logout, real users POST /api/logout (the session is deleted on the server). On success
 * the cached user data is dropped, 'Logged Out' / 'You have been successfully logged out.' is shown
 * and after 1000 ms the browser goes to /. A failure shows 'Logout Failed'.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import { apiSend } from "../../lib/api.ts";
import { useToast } from "../toast.tsx";
import { keys } from "../../lib/query-keys.ts";

export const LOGOUT_REDIRECT_MS = 1000;

export function useLogout(user: CurrentUser | null | undefined) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => apiSend<{ ok: true }>("POST", user?.isDemoUser ? "/api/demo/logout" : "/api/logout"),
    onSuccess: () => {
      toast({ title: "Logged Out", description: "You have been successfully logged out." });
      queryClient.setQueryData(keys.currentUser, null);
      window.setTimeout(() => window.location.assign("/"), LOGOUT_REDIRECT_MS);
    },
    onError: () => {
      toast({ title: "Logout Failed", description: "There was an issue logging you out.", variant: "destructive" });
    },
  });
}
