/**
 * Whose accounts a staff member may see and act on (the demo sandbox, docs/security.md).
 *
 * Accounts are of three kinds: registered (someone signed up, or an admin opened it with a
 * password), sample (written by the demo data's seed) and demo (made by a demo login). Staff who
 * came in through a demo login work in the sandbox: demo and sample accounts only, so an anonymous
 * click can never read or touch a registered person. Real staff work on the real book: registered
 * and sample accounts, never the demo ones (play money stays out of their lists and figures).
 *
 * The reach is a property of the actor; the queries filter by it and the object checks compare an
 * object's owner with it, so the rule lives here and nowhere else.
 */
import { domainError, err, ok, type DomainError, type Result } from "./result.ts";
import type { Actor } from "./types.ts";
import type { AccountKind, AccountKinds, ReachObject, SharedScope } from "../ports/account-kinds.ts";

export type Reach = "real" | "sandbox";

/** The actor's reach: the sandbox for a demo account, the real book for everyone else. */
export const reachOf = (actor: Actor): Reach => (actor.kind === "user" && actor.user.isDemo ? "sandbox" : "real");

export const accountKindOf = (u: { isDemo: boolean; isSample?: boolean }): AccountKind =>
  u.isDemo ? "demo" : u.isSample ? "sample" : "registered";

/** Whether an account of `kind` is within `reach`: sample accounts are in both, the others in one each. */
export const withinReach = (reach: Reach, kind: AccountKind): boolean =>
  reach === "real" ? kind !== "demo" : kind !== "registered";

/** The refusal of an action on an account outside the actor's reach (403; nothing is written). */
export function outOfReach(reach: Reach): DomainError {
  return domainError(
    "SANDBOX.OUT_OF_REACH",
    reach === "sandbox"
      ? "A demo staff account works on demo and sample accounts only"
      : "Demo accounts are outside the real book: they expire on their own",
    { reach },
  );
}

/**
 * The object check: an action on a person's account, bet, payment or fraud alert passes only when
 * that person is within the actor's reach. An object that does not exist passes (the use case then
 * answers its own "not found"), so the check never tells one kind of absence from another.
 */
export async function requireWithinReach(
  ctx: { actor: Actor; ports: { accountKinds: AccountKinds } },
  object: ReachObject,
  id: string,
): Promise<Result<void>> {
  const kind = await ctx.ports.accountKinds.ownerKind(object, id);
  const reach = reachOf(ctx.actor);
  if (kind === null || withinReach(reach, kind)) return ok(undefined);
  return err(outOfReach(reach));
}

/**
 * The shared-thing check: events and markets belong to nobody, but their results, prices and limits
 * decide what customers hold. Demo staff may change one (settle, unsettle, resettle or void a market,
 * change an event's result or status, a price or a limit) only while no registered customer has a bet
 * on it: the sandbox's own demo journey works on markets only demo and sample customers bet on, and
 * an anonymous demo click never grades, reprices or re-limits a registered person's bet. The same for
 * a fantasy contest a registered customer has entered (locking, settling or cancelling it moves their
 * fee or prize). Real staff are never refused here.
 */
export async function requireSharedWithinReach(
  ctx: { actor: Actor; ports: { accountKinds: AccountKinds } },
  scope: SharedScope,
): Promise<Result<void>> {
  const reach = reachOf(ctx.actor);
  if (reach === "real" || !(await ctx.ports.accountKinds.registeredBetsOn(scope))) return ok(undefined);
  return err(
    domainError(
      "SANDBOX.OUT_OF_REACH",
      "contestId" in scope
        ? "A demo staff account cannot lock, settle or cancel a contest that registered customers have entered"
        : "A demo staff account cannot change an event or market that registered customers have bets on",
      {
        reach,
        ...scope,
      },
    ),
  );
}
