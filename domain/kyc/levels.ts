/**
 * Verification levels and what each may do:
 *   none  - browse only;
 *   basic - name, address and date of birth checked: may deposit and bet;
 *   full  - an identity document checked as well: may also withdraw.
 * The spec's display mapping: full is shown as verified, basic as pending, anything else as rejected.
 */
import type { VerificationLevel } from "../shared/types.ts";

export const VERIFICATION_LEVELS = ["none", "basic", "full"] as const satisfies readonly VerificationLevel[];

const rank = (level: VerificationLevel): number => VERIFICATION_LEVELS.indexOf(level);

/** True when `level` is `required` or above. */
export const atLeast = (level: VerificationLevel, required: VerificationLevel): boolean => rank(level) >= rank(required);

export type GatedAction = "deposit" | "bet" | "withdraw";
export const REQUIRED_LEVEL: Readonly<Record<GatedAction, VerificationLevel>> = Object.freeze({
  deposit: "basic",
  bet: "basic",
  withdraw: "full",
});

export const mayDeposit = (level: VerificationLevel): boolean => atLeast(level, REQUIRED_LEVEL.deposit);
export const mayBet = (level: VerificationLevel): boolean => atLeast(level, REQUIRED_LEVEL.bet);
export const mayWithdraw = (level: VerificationLevel): boolean => atLeast(level, REQUIRED_LEVEL.withdraw);

/**
 * What the customer is shown: "Not started", "Basic verified", "Fully verified", and
 * "Rejected" only when the last attempt was refused and no level was reached since.
 */
export type VerificationStatus = "not_started" | "basic" | "full" | "rejected";
export function verificationStatus(level: string, lastAttemptRejected: boolean): VerificationStatus {
  if (level === "full") return "full";
  if (level === "basic") return lastAttemptRejected ? "rejected" : "basic";
  return lastAttemptRejected ? "rejected" : "not_started";
}
