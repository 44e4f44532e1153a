/**
 * Suspend / activate (with the product spec's toast texts): PATCH /api/admin/users/{userId}/status {isActive};
 * toasts 'User Status Updated' / 'The user's status has been successfully updated.' and, on
 * failure, 'Error' / 'Failed to update user status.'; then users and user-stats are refreshed.
 */
import type { UpdateUserStatusResponse } from "../../../../../api/schemas/users.ts";
import { apiSend } from "../../../lib/api.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";

export function useUserStatus() {
  return useAdminMutation({
    request: ({ userId, isActive }: { userId: string; isActive: boolean }) =>
      apiSend<UpdateUserStatusResponse>("PATCH", `/api/admin/users/${encodeURIComponent(userId)}/status`, { isActive }),
    success: { title: "User Status Updated", description: "The user's status has been successfully updated." },
    failure: { title: "Error", description: "Failed to update user status.", variant: "destructive" },
    invalidate: [adminKeys.adminUsers, adminKeys.userStats, adminKeys.crmCustomers, adminKeys.audit],
  });
}
