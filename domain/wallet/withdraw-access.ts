/**
 * What a customer may do with their money right now, readable by a SUSPENDED customer too
 * (funds always stay reachable: the money is theirs). A suspended customer's session opens
 * nothing but their payments and withdrawals, so the account page asks this to show the
 * withdraw form, or why it is closed: under investigation (an operator holds withdrawals) or
 * identity not fully verified.
 */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import type { Cents } from "../shared/money.ts";
import { mayWithdraw } from "../kyc/levels.ts";
import type { VerificationLevel } from "../shared/types.ts";
import { customerEvenIfSuspended } from "./withdraw.ts";

export type WithdrawBlock = "under_investigation" | "verification_required";

export interface WithdrawAccess {
  firstName: string;
  lastName: string;
  email: string;
  suspended: boolean;
  verificationLevel: VerificationLevel;
  balance: Cents;
  /** null: the customer can withdraw now. */
  blockedBy: WithdrawBlock | null;
}

/** The order withdraw() refuses in: verification first, then an investigation. */
export function withdrawBlock(verificationLevel: VerificationLevel, underInvestigation: boolean): WithdrawBlock | null {
  if (!mayWithdraw(verificationLevel)) return "verification_required";
  return underInvestigation ? "under_investigation" : null;
}

export async function withdrawAccess(ctx: Ctx): Promise<Result<WithdrawAccess>> {
  const who = customerEvenIfSuspended(ctx);
  if (!who.ok) return who;
  const u = who.value;
  const [investigation, balance] = await Promise.all([ctx.ports.payments.investigation(u.id), ctx.ports.wallets.balanceOf(u.id)]);
  return ok({
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    suspended: !u.isActive,
    verificationLevel: u.verificationLevel,
    balance: balance ?? 0,
    blockedBy: withdrawBlock(u.verificationLevel, Boolean(investigation)),
  });
}
