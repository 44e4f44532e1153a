/**
 * listFollows / followTeam / unfollowTeam: the teams a customer follows (their events are shown
 * first on /betting). A team must be one the sportsbook has events for; at most MAX_FOLLOWS.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { MAX_FOLLOWS } from "./policy.ts";

export async function listFollows(ctx: Ctx): Promise<Result<string[]>> {
  const me = requireRole(ctx.actor, ["customer"], "follow teams");
  if (!me.ok) return me;
  return ok(await ctx.ports.follows.teamsOf(me.value.id));
}

export async function followTeam(ctx: Ctx, name: string): Promise<Result<string[]>> {
  const me = requireRole(ctx.actor, ["customer"], "follow teams");
  if (!me.ok) return me;
  const team = await ctx.ports.follows.knownTeam(name.trim());
  if (!team) return err(domainError("ACCOUNT.TEAM_NOT_FOUND", `No team called '${name.trim()}' plays in any of our events`));
  const current = await ctx.ports.follows.teamsOf(me.value.id);
  if (current.includes(team)) return ok(current);
  if (current.length >= MAX_FOLLOWS)
    return err(domainError("ACCOUNT.TOO_MANY_FOLLOWS", `You can follow up to ${MAX_FOLLOWS} teams`, { max: MAX_FOLLOWS }));
  await ctx.ports.follows.follow(me.value.id, team, ctx.clock.now());
  return ok(await ctx.ports.follows.teamsOf(me.value.id));
}

export async function unfollowTeam(ctx: Ctx, name: string): Promise<Result<string[]>> {
  const me = requireRole(ctx.actor, ["customer"], "follow teams");
  if (!me.ok) return me;
  await ctx.ports.follows.unfollow(me.value.id, name.trim());
  return ok(await ctx.ports.follows.teamsOf(me.value.id));
}
