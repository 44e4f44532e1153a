/**
 * The person check at registration and at each verification step (UKGC LCCP SR 3.5.3):
 * find the other accounts of the same person (any equal identity, address or document key) and
 * exchange exclusions in force both ways, so an account that matches an excluded person inherits
 * the exclusion (it can sign in, see it and withdraw, nothing else) and an exclusion taken on the
 * account being verified reaches the person's other accounts. At the document step, a document
 * that already verifies another active account is refused (KYC.DOCUMENT_IN_USE).
 * Without the person registry (the in-memory fakes) nothing is checked.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { PersonWrite } from "../ports/index.ts";
import { type RegisterAnswer } from "../ports/protection.ts";
import { inheritedExclusions, type Exclusion } from "./exclusion.ts";
import { personKeyMaterial, type PersonDetails } from "./person.ts";

export async function personCheck(
  ctx: Ctx,
  userId: string,
  details: PersonDetails,
  mine: readonly Exclusion[],
  opts: { document: boolean; register?: RegisterAnswer | null },
): Promise<Result<PersonWrite | undefined>> {
  const persons = ctx.ports.persons;
  const now = ctx.clock.now();
  const keys = await persons.hashKeys(personKeyMaterial(details));
  const matches = await persons.accountsMatching(keys, userId, now);
  if (opts.document && matches.some((m) => m.matchedOn.includes("document") && m.isActive && m.verificationLevel === "full"))
    return err(domainError("KYC.DOCUMENT_IN_USE", "This identity document already verifies another account; one document verifies one account"));
  const nextId = () => ctx.ids.next("rgx");
  const incoming = inheritedExclusions(matches, mine, now, nextId).map((exclusion) => ({ userId, exclusion }));
  const outgoing = matches.flatMap((m) =>
    inheritedExclusions([{ userId, exclusions: mine }], m.exclusions, now, nextId).map((exclusion) => ({ userId: m.userId, exclusion })),
  );
  return ok({ keys, exclusions: [...incoming, ...outgoing], register: opts.register ?? null, uniqueDocument: opts.document });
}
