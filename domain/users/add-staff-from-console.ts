/**
 * The first real staff members of a new book. In demo mode every console session comes from a demo
 * login (the sandbox), which adds nobody, and a real admin adds staff only once one exists: someone
 * with access to the server's own shell and database opens them (scripts/staff.ts). The account,
 * with its scrypt hash, and an audit record naming the console are one write, as Add User writes
 * them; a password shorter than the API's minimum or an email in use is refused.
 */
import type { SystemCtx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import type { AdminUserRecord } from "../ports/index.ts";

/** The API's minimum password length for accounts opened with one (api/schemas/users.ts). */
export const STAFF_PASSWORD_MIN = 10;
/** Who the audit record names for accounts opened on the server's console. */
export const CONSOLE_ACTOR = "system:console";

export interface ConsoleStaffInput {
  firstName: string;
  lastName: string;
  email: string;
  role: "admin" | "trader";
  password: string;
}

export async function addStaffFromConsole(ctx: SystemCtx, input: ConsoleStaffInput): Promise<Result<AdminUserRecord>> {
  if (input.role !== "admin" && input.role !== "trader") return err(domainError("USER.ROLE_INVALID", "Staff are admins or traders"));
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return err(domainError("USER.EMAIL_INVALID", "That is not an email address"));
  if (!input.firstName.trim() || !input.lastName.trim()) return err(domainError("USER.NAME_REQUIRED", "A first and a last name are needed"));
  if (input.password.length < STAFF_PASSWORD_MIN)
    return err(domainError("USER.PASSWORD_TOO_SHORT", `A staff password has at least ${STAFF_PASSWORD_MIN} characters`));
  const now = ctx.clock.now();
  const user: User = {
    id: ctx.ids.next("usr"),
    email,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    role: input.role,
    isDemo: false,
    isActive: true,
    verificationLevel: "none",
    createdAt: now,
  };
  const written = await ctx.ports.adminUsers.createWithPassword(user, await ctx.ports.passwords.hash(input.password), false, {
    id: ctx.ids.next("aud"),
    actorId: CONSOLE_ACTOR,
    actorRole: "system",
    action: "user.create",
    entityType: "user",
    entityId: user.id,
    before: null,
    after: { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, wallet: false, via: "console" },
    createdAt: now,
  });
  if (written === "email_taken") return err(domainError("USER.EMAIL_TAKEN", "An account with that email already exists"));
  return ok((await ctx.ports.adminUsers.find(user.id))!);
}
