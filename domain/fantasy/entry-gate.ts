/**
 * Who may pay an entry fee: the same rules as a stake on a bet, because it is the same wallet.
 * This is the ONE place the fantasy use cases ask; wire the responsible-gambling gate in here.
 *
 * - a suspended account: AUTH.ACCOUNT_SUSPENDED
 * - verification below basic: KYC.LEVEL_REQUIRED
 * - then `mayWager`: self-exclusion and time-outs (RG.SELF_EXCLUDED) and loss limits
 *   (RG.LOSS_LIMIT), through the same checkMayWager as bets (domain/responsible/wagering-gate.ts),
 *   on the customer's responsible-gambling snapshot.
 *
 * Like placement, the gate is checked twice: here before the write, and again inside the entry
 * write through the WagerGuards the gate returns (active, not excluded, each loss-limit window),
 * so a suspension, an exclusion or losses that change in between still refuse the entry. When the
 * write refuses, `explainWagerRefusal` re-reads the customer and answers with the same code the
 * check before the write would have given.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type DomainError, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import type { WagerGuards } from "../ports/index.ts";
import { checkMayWager } from "../responsible/wagering-gate.ts";
import { registerListed } from "../responsible/register.ts";
import { lossLimitWindows } from "../responsible/limits.ts";

/**
 * Whether this user may wager `amountCents` now (the responsible-gambling rules); when they may,
 * the guards for the write to re-check them, built from the same reading.
 */
export type MayWager = (ctx: Ctx, user: User, amountCents: number) => Promise<Result<WagerGuards>>;

/** The wagering gate the fantasy use cases use unless a test passes another. */
export const wageringGate: MayWager = async (ctx, user, amountCents) => {
  const now = ctx.clock.now();
  const snap = await ctx.ports.responsible.snapshot(user.id, now);
  const listed = await registerListed(ctx, user, snap.register, now);
  const gate = checkMayWager(
    { user, exclusions: snap.exclusions, registerListed: listed, lossLimits: snap.limits.loss, netLoss: snap.netLoss },
    amountCents,
    now,
  );
  return gate.ok ? ok({ at: now, lossLimits: lossLimitWindows(snap.limits.loss, now) }) : gate;
};

export async function checkFantasyEntryGate(
  ctx: Ctx,
  user: User,
  amountCents: number,
  mayWager: MayWager = wageringGate,
): Promise<Result<WagerGuards>> {
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

/**
 * The entry write refused on a wagering guard: the customer was suspended, excluded or lost more
 * between the check and the write. Read them again and give the code the gate gives now; null
 * when the gate passes again (something else refused the write).
 */
export async function explainWagerRefusal(
  ctx: Ctx,
  user: User,
  amountCents: number,
  mayWager: MayWager = wageringGate,
): Promise<DomainError | null> {
  const fresh = (await ctx.ports.users.findById(user.id)) ?? user;
  const again = await checkFantasyEntryGate(ctx, fresh, amountCents, mayWager);
  return again.ok ? null : again.error;
}

/** The last resort when a refused write cannot be explained: the state changed and changed back. */
export const concurrentChange = (): DomainError =>
  domainError("RG.CONCURRENT_CHANGE", "Your account changed while entering the contest; please try again");
