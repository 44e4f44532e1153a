/**
 * Verification as the customer sees it: the domain's status (domain/kyc/levels.ts) with a colour,
 * and what each level allows.
 */
import { verificationStatus, type VerificationStatus } from "../../../../domain/kyc/levels.ts";

export type Level = "none" | "basic" | "full";

/** What the customer reads: Rejected only after a refused attempt (GET /api/account verificationStatus). */
const STATUS: Record<VerificationStatus, { label: string; color: "gray" | "amber" | "green" | "red" }> = {
  not_started: { label: "Not started", color: "gray" },
  basic: { label: "Basic verified", color: "amber" },
  full: { label: "Fully verified", color: "green" },
  rejected: { label: "Rejected", color: "red" },
};
export const verificationDisplay = (level: string, status: VerificationStatus | undefined) =>
  STATUS[status ?? verificationStatus(level, false)];

export const LEVEL_ALLOWS: Record<Level, string> = {
  none: "Level none: you can browse, but deposits and bets need basic verification.",
  basic: "Level basic: you can deposit and bet. Withdrawals need full verification.",
  full: "Level full: deposits, bets and withdrawals are all open.",
};
