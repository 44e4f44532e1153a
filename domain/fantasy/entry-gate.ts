/**
 * Who may pay an entry fee: the same rules as a stake on a bet, because it is the same wallet.
 * This is the ONE place the fantasy use cases ask; wire the responsible-gambling gate in here.
 *
 * - a suspended account: AUTH.ACCOUNT_SUSPENDED
 * - verification below basic: KYC.LEVEL_REQUIRED
 * - then `mayWager`: self-exclusion and time-outs (RG.SELF_EXCLUDED) and loss limits
 *   (RG.LOSS_LIMIT), through the same checkMayWager as bets (domain/responsible/wagering-gate.ts),
 *   on the customer's responsible-gambling snapshot. (Unlike placement, the loss limit is checked
 *   before the entry write, not inside it.)
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import { portOf } from "../ports/wallet.ts";
import { checkMayWager } from "../responsible/wagering-gate.ts";

/** Whether this user may wager `amountCents` now (the responsible-gambling rules). */
export type MayWager = (ctx: Ctx, user: User, amountCents: number) => Promise<Result<void>>;

/** The wagering gate the fantasy use cases use unless a test passes another. */
export const wageringGate: MayWager = async (ctx, user, amountCents) => {
  const now = ctx.clock.now();
  const snap = await portOf(ctx, "responsible").snapshot(user.id, now);
  const gate = checkMayWager({ user, exclusions: snap.exclusions, lossLimits: snap.limits.loss, netLoss: snap.netLoss }, amountCents, now);
  return gate.ok ? ok(undefined) : gate;
};

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
