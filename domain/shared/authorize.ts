/**
 * Roles checked inside the use cases too, not only by the routes: a use case called from anywhere
 * (a job, a script, another route) still refuses a caller without the role.
 */
import { domainError, err, ok, type Result } from "./result.ts";
import type { Actor, Role, User } from "./types.ts";

export function requireRole(actor: Actor, roles: readonly Role[], doing: string): Result<User> {
  if (actor.kind !== "user") return err(domainError("AUTH.REQUIRED", "Please log in"));
  if (!actor.user.isActive) return err(domainError("AUTH.ACCOUNT_SUSPENDED", "This account is suspended"));
  if (!roles.includes(actor.user.role))
    return err(domainError("AUTH.FORBIDDEN", `Only ${roles.join(" or ")} accounts can ${doing}`));
  return ok(actor.user);
}
