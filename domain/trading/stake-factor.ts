/**
 * Per-customer stake factor: a trader limits a customer (e.g. a sharp bettor) to a fraction of the
 * odds-aware maximum stake (domain/betting/placement-limits.ts: base x factor / (price - 1)).
 * Placement refuses a stake above it with BET.STAKE_TOO_HIGH and `maxStake`. Stored in basis points
 * (1 = 0.01 % .. 10000 = 100 %, no extra limit), so a sharp can be limited to a few dollars.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { FULL_STAKE_FACTOR_BP, MIN_STAKE_FACTOR_BP, maxStakeAtEvens } from "../betting/placement-limits.ts";
import { TRADERS } from "./alerts.ts";

export { FULL_STAKE_FACTOR_BP };

/** The factor (0.0001..1) as basis points, or null when out of range or finer than 0.01 %. */
export function factorToBp(factor: number): number | null {
  const bp = Math.round(factor * FULL_STAKE_FACTOR_BP);
  if (!Number.isFinite(factor) || Math.abs(factor * FULL_STAKE_FACTOR_BP - bp) > 1e-6) return null;
  return bp >= MIN_STAKE_FACTOR_BP && bp <= FULL_STAKE_FACTOR_BP ? bp : null;
}

export async function setStakeFactor(
  ctx: Ctx,
  userId: string,
  factor: number,
): Promise<Result<{ userId: string; stakeFactor: number; maxStake: number }>> {
  const who = requireRole(ctx.actor, TRADERS, "limit customers");
  if (!who.ok) return who;
  const actor = who.value;
  const bp = factorToBp(factor);
  if (bp === null)
    return err(domainError("REQUEST.INVALID", "The stake factor must be between 0.0001 and 1, in steps of 0.0001", { field: "factor" }));
  const trading = ctx.ports.trading;
  const user = await ctx.ports.users.findById(userId);
  if (!user || user.role !== "customer") return err(domainError("TRADING.CUSTOMER_NOT_FOUND", "No customer with that id"));
  const before = await trading.stakeFactorOf(userId);
  const now = ctx.clock.now();
  const set = await trading.setStakeFactor(
    { userId, bp, at: now, by: actor.id },
    {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: "customer.stake_factor",
      entityType: "user",
      entityId: userId,
      before: { stakeFactor: before / FULL_STAKE_FACTOR_BP, maxStake: maxStakeAtEvens(before) },
      after: { stakeFactor: bp / FULL_STAKE_FACTOR_BP, maxStake: maxStakeAtEvens(bp) },
      createdAt: now,
    },
  );
  if (set === "not_customer") return err(domainError("TRADING.CUSTOMER_NOT_FOUND", "No customer with that id"));
  return ok({ userId, stakeFactor: bp / FULL_STAKE_FACTOR_BP, maxStake: maxStakeAtEvens(bp) });
}
