/**
 * Per-customer stake factor: a trader limits a customer (e.g. a sharp bettor) to a fraction of the
 * maximum stake. Placement refuses a stake above MAX_STAKE_CENTS x factor with BET.STAKE_TOO_HIGH
 * naming the limit. Stored as a whole percent (1..100); 100 = no limit.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { requirePort } from "../ports/index.ts";
import { MAX_STAKE_CENTS } from "../betting/slip.ts";
import { formatAmount } from "../risk/format.ts";
import { TRADERS } from "./alerts.ts";

export const FULL_STAKE_FACTOR_PCT = 100;

/** The largest stake a customer with this factor may place, in cents. */
export const maxStakeFor = (factorPct: number): number => Math.floor((MAX_STAKE_CENTS * factorPct) / 100);

export const stakeLimitMessage = (factorPct: number): string =>
  `The maximum stake on this account is ${formatAmount(maxStakeFor(factorPct))}`;

export async function setStakeFactor(
  ctx: Ctx,
  userId: string,
  factor: number,
): Promise<Result<{ userId: string; stakeFactor: number; maxStake: number }>> {
  const who = requireRole(ctx.actor, TRADERS, "limit customers");
  if (!who.ok) return who;
  const actor = who.value;
  const pct = Math.round(factor * 100);
  if (!(pct >= 1 && pct <= 100))
    return err(domainError("REQUEST.INVALID", "The stake factor must be between 0.01 and 1", { field: "factor" }));
  const trading = requirePort(ctx.ports.trading, "trading");
  const user = await ctx.ports.users.findById(userId);
  if (!user || user.role !== "customer") return err(domainError("TRADING.CUSTOMER_NOT_FOUND", "No customer with that id"));
  const before = await trading.stakeFactorOf(userId);
  const now = ctx.clock.now();
  const set = await trading.setStakeFactor(
    { userId, pct, at: now, by: actor.id },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: "customer.stake_factor",
      entityType: "user",
      entityId: userId,
      before: { stakeFactor: before / 100, maxStake: maxStakeFor(before) },
      after: { stakeFactor: pct / 100, maxStake: maxStakeFor(pct) },
      createdAt: now,
    },
  );
  if (set === "not_customer") return err(domainError("TRADING.CUSTOMER_NOT_FOUND", "No customer with that id"));
  return ok({ userId, stakeFactor: pct / 100, maxStake: maxStakeFor(pct) });
}
