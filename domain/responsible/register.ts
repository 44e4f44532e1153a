/**
 * The national self-exclusion register (GAMSTOP; UKGC LCCP SR 3.5.4: participate in the national
 * multi-operator scheme and check customers against it). Checked at registration (a listed
 * person cannot open an account) and before each bet, contest entry and deposit.
 *
 * Cost: the register's answer is kept on the account (register_checks) for REGISTER_CACHE_MINUTES
 * and read with the rest of the wagering snapshot in the same statement, so a bet only asks the
 * register when the stored answer is older than that; a person who registers with the scheme is
 * refused at most that long after they register. Accounts without a date of birth (demo and
 * seeded staff-made accounts) cannot be matched and are stored as not listed.
 */
import type { Ctx } from "../shared/context.ts";
import type { User } from "../shared/types.ts";

export const REGISTER_CACHE_MINUTES = 60;

export function isFresh(cached: { checkedAt: Date } | null | undefined, now: Date): boolean {
  if (!cached) return false;
  const age = now.getTime() - cached.checkedAt.getTime();
  return age >= 0 && age < REGISTER_CACHE_MINUTES * 60_000;
}

/**
 * Whether the register lists this customer now, using the stored answer while it is fresh.
 * Without the register ports (the in-memory fakes) the register is not checked: false.
 */
export async function registerListed(
  ctx: Ctx,
  user: Pick<User, "id" | "firstName" | "lastName" | "email" | "isDemo">,
  cached: { listed: boolean; checkedAt: Date } | null | undefined,
  now: Date,
): Promise<boolean> {
  const register = ctx.ports.selfExclusionRegister;
  const cache = ctx.ports.registerCache;
  if (cached === undefined) return false;
  if (isFresh(cached, now)) return cached!.listed;
  const profile = await ctx.ports.accounts.profileOf(user.id);
  if (!profile?.dateOfBirth) {
    await cache.save(user.id, { listed: false, reference: "not-matchable" }, now);
    return false;
  }
  const answer = await register.check({
    firstName: user.firstName,
    lastName: user.lastName,
    dateOfBirth: profile.dateOfBirth,
    postcode: profile.address?.postcode ?? null,
    email: user.email,
  });
  await cache.save(user.id, answer, now);
  return answer.listed;
}
