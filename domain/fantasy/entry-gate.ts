/**
 * Who may pay an entry fee: the same rules as a stake on a bet, because it is the same wallet.
 * This is the ONE place the fantasy use cases ask; wire the responsible-gambling gate in here.
 *
 * - a suspended account: AUTH.ACCOUNT_SUSPENDED
 * - verification below basic: KYC.LEVEL_REQUIRED
 * - then `mayWager`: self-exclusion and time-outs (RG.SELF_EXCLUDED), deposit and loss limits.
 *   Until the responsible-gambling module is merged, `wageringGate` allows everything; at merge it
 *   becomes `(ctx, user, amount) => checkMayWager(ctx, user, amount)` from
 *   domain/responsible/wagering-gate.ts (adapting the signature there if it differs).
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";

/** Whether this user may wager `amountCents` now (the responsible-gambling rules). */
export type MayWager = (ctx: Ctx, user: User, amountCents: number) => Promise<Result<void>>;

/** The wagering gate the fantasy use cases use unless a test passes another. */
export const wageringGate: MayWager = async () => ok(undefined);

export async function checkFantasyEntryGate(
  ctx: Ctx,
  user: User,
  amountCents: number,
  mayWager: MayWager = wageringGate,
): Promise<Result<void>> {
  if (!user.isActive) return err(domainError("AUTH.ACCOUNT_SUSPENDED", "This account is suspended"));
  if (user.verificationLevel === "none")
    return err(
      domainError("KYC.LEVEL_REQUIRED", "Verify your identity (basic level or above) before entering contests", {
        required: "basic",
        current: user.verificationLevel,
      }),
    );
  return mayWager(ctx, user, amountCents);
}
