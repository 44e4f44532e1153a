/**
 * registerCustomer: a new customer account (name, email, password, date of birth). Refuses anyone
 * under 18 on the clock's date. The account starts unverified (level none) with an empty wallet,
 * and the first session is created in the same write as the user.
 * Person protection: a person listed on the national self-exclusion register (GAMSTOP)
 * cannot open an account (RG.NATIONAL_REGISTER); an account whose name and date of birth match an
 * excluded person's other account opens with that exclusion (person-gate.ts), in the same write.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import { accountAudit } from "./context.ts";
import { ageOn, MINIMUM_AGE } from "./age.ts";
import { normaliseEmail } from "./profile.ts";
import { PASSWORD_MIN_LENGTH, SESSION_HOURS } from "./policy.ts";
import { personCheck } from "../responsible/person-gate.ts";

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  dateOfBirth: string;
}

export interface StartedSession {
  user: User;
  expiresAt: Date;
  redirectTo: string;
}

export async function registerCustomer(
  ctx: Ctx,
  input: RegisterInput,
  session: { id: string; ip: string | null },
): Promise<Result<StartedSession>> {
  const now = ctx.clock.now();
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = normaliseEmail(input.email);
  if (!firstName || !lastName || !email.includes("@"))
    return err(domainError("REQUEST.INVALID", "Name and a valid email are required"));
  if (input.password.length < PASSWORD_MIN_LENGTH)
    return err(domainError("REQUEST.INVALID", `The password needs at least ${PASSWORD_MIN_LENGTH} characters`));
  const age = ageOn(input.dateOfBirth, now);
  if (age === null) return err(domainError("REQUEST.INVALID", "The date of birth is not a real date"));
  if (age < MINIMUM_AGE)
    return err(domainError("AUTH.UNDERAGE", `You must be ${MINIMUM_AGE} or older to open an account`, { minimumAge: MINIMUM_AGE }));

  const answer = await ctx.ports.selfExclusionRegister.check({ firstName, lastName, dateOfBirth: input.dateOfBirth, postcode: null, email });
  if (answer.listed)
    return err(domainError(
      "RG.NATIONAL_REGISTER",
      "You are registered with the national self-exclusion scheme (GAMSTOP), so we cannot open an account for you while you are registered",
    ));
  const userId = ctx.ids.next("usr");
  const person = await personCheck(ctx, userId, { firstName, lastName, dateOfBirth: input.dateOfBirth }, [], { document: false, register: answer });
  if (!person.ok) return person;
  const user: User = {
    id: userId,
    email,
    firstName,
    lastName,
    role: "customer",
    isDemo: false,
    isActive: true,
    verificationLevel: "none",
    createdAt: now,
  };
  const expiresAt = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  const passwordHash = await ctx.ports.passwords.hash(input.password);
  const outcome = await ctx.ports.accounts.register({
    user,
    passwordHash,
    dateOfBirth: input.dateOfBirth,
    person: person.value,
    session: { id: session.id, userId: user.id, createdAt: now, expiresAt, ip: session.ip },
    audit: accountAudit(ctx, {
      actorId: user.id,
      actorRole: "customer",
      action: "account.registered",
      userId: user.id,
      before: null,
      after: { email, firstName, lastName, ip: session.ip },
    }),
  });
  if (outcome === "email_taken")
    return err(domainError("AUTH.EMAIL_TAKEN", "An account with this email already exists. Sign in instead."));
  return ok({ user, expiresAt, redirectTo: "/betting" });
}
