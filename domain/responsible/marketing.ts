/**
 * No marketing or bonus to people who asked for a break (UKGC LCCP SR 3.5.3(8) and
 * SR 5.1.11: no direct marketing to self-excluded customers; the same here for time-outs and
 * people on the national register). Pure: the CRM's Send Bonus and any future offer or promotion
 * ask this before sending. The deposit bonus needs no check of its own: a deposit is refused
 * while an exclusion is in force (wagering-gate.ts), so its bonus is never paid.
 */
import { domainError, type DomainError } from "../shared/result.ts";
import { activeExclusion, stageOf, type Exclusion } from "./exclusion.ts";

export function marketingRefusal(exclusions: readonly Exclusion[], registerListed: boolean, now: Date): DomainError | null {
  const e = activeExclusion(exclusions, now);
  if (e) {
    const what = e.kind === "timeout" ? "on a time-out" : "self-excluded";
    const until = e.endsAt === null ? "permanently" : stageOf(e, now) === "period" ? `until ${e.endsAt.toISOString()}` : "until they return";
    return domainError("RG.MARKETING_REFUSED", `No bonuses or marketing: this customer is ${what} ${until}`, {
      kind: e.kind,
      until: e.endsAt?.toISOString() ?? null,
    });
  }
  if (registerListed)
    return domainError("RG.MARKETING_REFUSED", "No bonuses or marketing: this customer is on the national self-exclusion register (GAMSTOP)", {
      kind: "national_register",
      until: null,
    });
  return null;
}

/** No bonus to a suspended customer either, nor to anyone marketing is refused to. */
export function bonusRefusal(isActive: boolean, exclusions: readonly Exclusion[], registerListed: boolean, now: Date): DomainError | null {
  if (!isActive)
    return domainError("RG.MARKETING_REFUSED", "No bonuses or marketing: this customer is suspended", { kind: "suspended", until: null });
  return marketingRefusal(exclusions, registerListed, now);
}
