/**
 * The signed-in user for the betting island, and logout (the shared behaviour of
 * account/use-logout.ts: demo POST /api/demo/logout, real POST /api/logout, toast, / after 1 s).
 */
import { useQuery } from "@tanstack/react-query";
import { queries } from "../../lib/queries.ts";
import { useLogout as useLogoutMutation } from "../account/use-logout.ts";

export const REDIRECT_DELAY_MS = 1000;

export function useCurrentUser() {
  return useQuery(queries.currentUser());
}

export function useLogout(): { logout: () => void; pending: boolean } {
  const { data: user } = useCurrentUser();
  const m = useLogoutMutation(user);
  return { logout: () => m.mutate(), pending: m.isPending || m.isSuccess };
}
