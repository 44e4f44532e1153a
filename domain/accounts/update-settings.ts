/** getSettings / updateSettings: odds format, price-change policy and reality-check interval (any role). */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { ANY_ROLE } from "./get-account.ts";
import {
  isOddsFormat, isPriceChangePolicy, isRealityCheckMinutes, mergeSettings, type UserSettings,
} from "./settings.ts";

export async function getSettings(ctx: Ctx): Promise<Result<UserSettings>> {
  const me = requireRole(ctx.actor, ANY_ROLE, "read settings");
  if (!me.ok) return me;
  return ok(await ctx.ports.accountSettings.of(me.value.id));
}

export async function updateSettings(ctx: Ctx, change: Partial<UserSettings>): Promise<Result<UserSettings>> {
  const me = requireRole(ctx.actor, ANY_ROLE, "change settings");
  if (!me.ok) return me;
  if (
    (change.oddsFormat !== undefined && !isOddsFormat(change.oddsFormat)) ||
    (change.priceChangePolicy !== undefined && !isPriceChangePolicy(change.priceChangePolicy)) ||
    (change.realityCheckMinutes !== undefined && !isRealityCheckMinutes(change.realityCheckMinutes))
  )
    return err(domainError("REQUEST.INVALID", "Unknown setting value"));
  const next = mergeSettings(await ctx.ports.accountSettings.of(me.value.id), change);
  await ctx.ports.accountSettings.save(me.value.id, next, ctx.clock.now());
  return ok(next);
}
