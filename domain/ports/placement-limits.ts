/** What placement reads to check its limits. */
import type { PlacementExposure } from "../betting/placement-limits.ts";

/** What placement reads to check its limits (domain/betting/placement-limits.ts). */
export interface PlacementLimits {
  /** The customer's stake factor, each outcome's liability and limit, the payout settings and the customer's returns since `since`. */
  exposure(userId: string, outcomeIds: readonly string[], since: Date): Promise<PlacementExposure>;
}
