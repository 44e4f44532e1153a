/**
 * The signed-in user for the betting island, and logout (the shared behaviour of
 * account/use-logout.ts: demo POST /api/demo/logout, real POST /api/logout, toast, / after 1 s).
 */
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../lib/api.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { useLogout as useLogoutMutation } from "../account/use-logout.ts";

export function useCurrentUser() {
  const q = useQuery(customerQueries.currentUser());
  // The session ended or the account was suspended since the page loaded: no longer show the user
  // (their name and balance) from before; the page shows the signed-out or suspended state.
  if (q.isError && q.error instanceof ApiError && (q.error.status === 401 || q.error.status === 403)) return { ...q, data: undefined };
  return q;
}

export function useLogout(): { logout: () => void; pending: boolean } {
  const { data: user } = useCurrentUser();
  const m = useLogoutMutation(user);
  return { logout: () => m.mutate(), pending: m.isPending || m.isSuccess };
}
