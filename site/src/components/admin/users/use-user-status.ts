/**
 * Suspend / activate (spec sections 4 and 8): PATCH /api/admin/users/{userId}/status {isActive};
 * toasts 'User Status Updated' / 'The user's status has been successfully updated.' and, on
 * failure, 'Error' / 'Failed to update user status.'; then users and user-stats are refreshed.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateUserStatusResponse } from "../../../../../api/schemas/users.ts";
import { apiSend } from "../../../lib/api.ts";
import { useToast } from "../../toast.tsx";
import { keys } from "../../../lib/queries.ts";

export function useUserStatus() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: string; isActive: boolean }) =>
      apiSend<UpdateUserStatusResponse>("PATCH", `/api/admin/users/${encodeURIComponent(userId)}/status`, { isActive }),
    onSuccess: () => toast({ title: "User Status Updated", description: "The user's status has been successfully updated." }),
    onError: () => toast({ title: "Error", description: "Failed to update user status.", variant: "destructive" }),
    onSettled: () =>
      Promise.all(
        [keys.adminUsers, keys.userStats, keys.crmCustomers, keys.audit].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
