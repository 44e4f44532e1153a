/**
 * The signed-in user as the site's header shows them (balance and settings beside the user), and
 * forgetting a session server side. The route has already settled who is asking.
 */
import type { Ctx } from "../shared/context.ts";
import type { User } from "../shared/types.ts";
import type { UserSettings } from "./settings.ts";

/** The user with their balance (null for staff, who have no wallet) and settings. */
export async function currentUserOf(ctx: Ctx, user: User): Promise<{ user: User; balance: number | null; settings: UserSettings }> {
  const [balance, settings] = await Promise.all([ctx.ports.wallets.balanceOf(user.id), ctx.ports.accountSettings.of(user.id)]);
  return { user, balance, settings };
}

/** Forget a session by its stored id: its cookie no longer signs anyone in. */
export async function forgetSession(ctx: Ctx, sessionId: string): Promise<void> {
  await ctx.ports.sessions.delete(sessionId);
}
