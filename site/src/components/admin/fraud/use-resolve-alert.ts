/**
 * Resolving a fraud alert from the monitoring screen.
 */
import type { FraudAlert, FraudResolution } from "../../../../../api/schemas/fraud.ts";
import { apiSend } from "../../../lib/api.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { VERDICT_LABEL } from "./precision.ts";

/** As the product spec has it, Resolve sends resolution 'resolved' and a fixed note saying an admin resolved it. */
export const RESOLVE_NOTE = "Resolved by admin from the fraud monitoring screen.";

/** Resolve an alert: an id alone is the spec's plain resolution; with a verdict, it counts in the rule's precision. */
export type ResolveRequest = string | { id: string; resolution: FraudResolution };

export function useResolveAlert() {
  return useAdminMutation({
    request: (req: ResolveRequest) => {
      const { id, resolution } = typeof req === "string" ? { id: req, resolution: "resolved" as const } : req;
      return apiSend<{ alert: FraudAlert }>("POST", `/api/admin/fraud-alert/${encodeURIComponent(id)}/resolve`, {
        resolution,
        notes: resolution === "resolved" ? RESOLVE_NOTE : `Resolved as ${VERDICT_LABEL[resolution].toLowerCase()} from the fraud monitoring screen.`,
      });
    },
    success: { title: "Alert Resolved", description: "The fraud alert has been successfully resolved." },
    failure: { title: "Error", description: "Failed to resolve the fraud alert.", variant: "destructive" },
    invalidate: [adminKeys.fraudAlerts, adminKeys.userRiskProfiles, adminKeys.audit, adminKeys.fraudRulePrecision],
  });
}
