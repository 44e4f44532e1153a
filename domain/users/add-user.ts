/**
 * addUser: an admin creates a customer, trader or admin account with a password. Customers get a
 * wallet (opened at 0.00); staff have none. The account, its wallet and the audit record are one
 * write; an email already in use is refused. Demo staff add nobody (the demo sandbox).
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { Role, User } from "../shared/types.ts";
import type { AdminUserRecord } from "../ports/index.ts";
import { outOfReach, reachOf } from "../shared/reach.ts";

export interface NewUserInput {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  password: string;
}

export async function addUser(ctx: Ctx, input: NewUserInput): Promise<Result<AdminUserRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "add users");
  if (!who.ok) return who;
  const actor = who.value;
  // A demo admin could otherwise open a registered staff account with a password it knows and sign
  // in with it: the sandbox never creates anyone outside it.
  if (reachOf(ctx.actor) === "sandbox") return err(outOfReach("sandbox"));
  const now = ctx.clock.now();
  const user: User = {
    id: ctx.ids.next("usr"),
    email: input.email.trim().toLowerCase(),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    role: input.role,
    isDemo: false,
    isActive: true,
    verificationLevel: "none",
    createdAt: now,
  };
  const hash = await ctx.ports.passwords.hash(input.password);
  const written = await ctx.ports.adminUsers.createWithPassword(user, hash, user.role === "customer", {
    id: ctx.ids.next("aud"),
    actorId: actor.id,
    actorRole: actor.role,
    action: "user.create",
    entityType: "user",
    entityId: user.id,
    before: null,
    after: { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, wallet: user.role === "customer" },
    createdAt: now,
  });
  if (written === "email_taken") return err(domainError("USER.EMAIL_TAKEN", "An account with that email already exists"));
  return ok((await ctx.ports.adminUsers.find(user.id))!);
}
