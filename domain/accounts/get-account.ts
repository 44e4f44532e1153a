/** getAccount: the signed-in user's account page data (any role; staff have no wallet). */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import type { AccountProfile } from "./profile.ts";
import type { UserSettings } from "./settings.ts";

export const ANY_ROLE = ["customer", "trader", "admin"] as const;

export interface AccountView {
  user: User;
  profile: AccountProfile;
  balance: number | null;
  settings: UserSettings;
  /** The customer's last verification attempt was refused (and no level reached since). */
  lastAttemptRejected: boolean;
}

/** Whether the customer's last verification attempt was refused (and no level reached since). */
const lastAttemptRejected = async (ctx: Ctx, userId: string) => (await ctx.ports.persons.lastRejection(userId)) != null;

export async function getAccount(ctx: Ctx): Promise<Result<AccountView>> {
  const me = requireRole(ctx.actor, ANY_ROLE, "view an account");
  if (!me.ok) return me;
  const [user, profile, balance, settings] = await Promise.all([
    ctx.ports.users.findById(me.value.id),
    ctx.ports.accounts.profileOf(me.value.id),
    ctx.ports.wallets.balanceOf(me.value.id),
    ctx.ports.accountSettings.of(me.value.id),
  ]);
  if (!user || !profile) return err(domainError("AUTH.REQUIRED", "Please log in"));
  return ok({ user, profile, balance, settings, lastAttemptRejected: await lastAttemptRejected(ctx, user.id) });
}

/** What the account page shows of a user just changed: their profile (empty when none) and verification state. */
export async function accountUserOf(ctx: Ctx, user: User): Promise<{ user: User; profile: AccountProfile; lastAttemptRejected: boolean }> {
  const profile = (await ctx.ports.accounts.profileOf(user.id)) ?? { dateOfBirth: null, address: null };
  return { user, profile, lastAttemptRejected: await lastAttemptRejected(ctx, user.id) };
}
