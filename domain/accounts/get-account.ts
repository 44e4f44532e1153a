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
}

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
  return ok({ user, profile, balance, settings });
}
