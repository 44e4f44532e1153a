/**
 * startDemoSession: a demo login signs the browser in as its own demo user of the role (visitors
 * never share money); a demo customer's wallet opens with a 1,000.00 grant from the promotions
 * account.
 *
 * A returning browser gets its demo user back rather than a new one per click: the browser keeps a
 * long-lived device token (a cookie), and the server keeps only a hash of it with the role, mapped
 * to the demo user for DEMO_DEVICE_DAYS. The mapping ends with the demo account: an account closed
 * after a day idle (demo-expiry.ts) is not resumed, and the browser starts a new one. "Start over"
 * asks for a new user on purpose and maps the device to it.
 */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import type { Role, User } from "../shared/types.ts";
import { ledgerTransaction, PROMOTIONS_ACCOUNT, transfer, walletAccountId } from "../wallet/ledger.ts";

export const DEMO_GRANT_CENTS = 100_000;
export const DEMO_SESSION_HOURS = 24;
/** How long a browser's device token keeps mapping to its demo users (renewed at every demo login). */
export const DEMO_DEVICE_DAYS = 30;

/** The browser's device, by the hash of its token and the role (never the token), and whether to start over. */
export interface DemoDevice {
  key: string;
  startOver: boolean;
}

const lastNames: Record<Role, string> = { admin: "Admin", customer: "Customer", trader: "Trader" };
/** Where a role lands after signing in: staff in the back office, customers on the sportsbook. */
export const landingFor = (role: Role): string => (role === "customer" ? "/betting" : "/admin");

export async function startDemoSession(
  ctx: Ctx,
  role: Role,
  sessionId: string,
  ip: string | null = null,
  device: DemoDevice | null = null,
): Promise<Result<{ user: User; expiresAt: Date; redirectTo: string; resumed: boolean; deviceUntil: Date }>> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + DEMO_SESSION_HOURS * 3_600_000);
  const deviceUntil = new Date(now.getTime() + DEMO_DEVICE_DAYS * 86_400_000);
  const known = device && !device.startOver ? await ctx.ports.demoAccounts.resume(device.key, role, now) : null;
  const user = known ?? (await newDemoUser(ctx, role, now));
  await ctx.ports.sessions.create({ id: sessionId, userId: user.id, createdAt: now, expiresAt, ip });
  if (device) await ctx.ports.demoAccounts.remember(device.key, user.id, now, deviceUntil);
  return ok({ user, expiresAt, redirectTo: landingFor(role), resumed: known !== null, deviceUntil });
}

async function newDemoUser(ctx: Ctx, role: Role, now: Date): Promise<User> {
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
  return user;
}

function grantFor(ctx: Ctx, userId: string, now: Date) {
  const tx = ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: "demo_grant", reference: userId, createdAt: now, createdBy: null },
    transfer(PROMOTIONS_ACCOUNT, walletAccountId(userId), DEMO_GRANT_CENTS),
  );
  if (!tx.ok) throw new Error(tx.error.message); // a fixed positive grant always balances
  return tx.value;
}
