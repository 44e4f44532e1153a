/**
 * startDemoSession: every demo login creates a fresh demo user (so visitors never share money);
 * a demo customer's wallet opens with a 1,000.00 grant from the promotions account.
 */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import type { Role, User } from "../shared/types.ts";
import { ledgerTransaction, PROMOTIONS_ACCOUNT, transfer, walletAccountId } from "../wallet/ledger.ts";

export const DEMO_GRANT_CENTS = 100_000;
export const DEMO_SESSION_HOURS = 24;

const lastNames: Record<Role, string> = { admin: "Admin", customer: "Customer", trader: "Trader" };
/** Where a role lands after signing in: staff in the back office, customers on the sportsbook. */
export const landingFor = (role: Role): string => (role === "customer" ? "/betting" : "/admin");

export async function startDemoSession(
  ctx: Ctx,
  role: Role,
  sessionId: string,
  ip: string | null = null,
): Promise<Result<{ user: User; expiresAt: Date; redirectTo: string }>> {
  const now = ctx.clock.now();
  const id = ctx.ids.next("usr");
  const user: User = {
    id,
    email: `${id}@demo.betpro.local`,
    firstName: "Demo",
    lastName: lastNames[role],
    role,
    isDemo: true,
    isActive: true,
    verificationLevel: "full",
    createdAt: now,
  };
  let wallet: { grant: ReturnType<typeof grantFor> } | null = null;
  if (role === "customer") wallet = { grant: grantFor(ctx, id, now) };
  await ctx.ports.users.create(user, wallet);
  const expiresAt = new Date(now.getTime() + DEMO_SESSION_HOURS * 3_600_000);
  await ctx.ports.sessions.create({ id: sessionId, userId: id, createdAt: now, expiresAt, ip });
  return ok({ user, expiresAt, redirectTo: landingFor(role) });
}

function grantFor(ctx: Ctx, userId: string, now: Date) {
  const tx = ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: "demo_grant", reference: userId, createdAt: now, createdBy: null },
    transfer(PROMOTIONS_ACCOUNT, walletAccountId(userId), DEMO_GRANT_CENTS),
  );
  if (!tx.ok) throw new Error(tx.error.message); // a fixed positive grant always balances
  return tx.value;
}
