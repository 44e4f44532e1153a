/**
 * A simulated national self-exclusion register (GAMSTOP in Great Britain), so tests and demos can
 * reach both answers on purpose. Nothing leaves the process. It lists the people it was told about
 * (register(): the admin/test-only POST /api/admin/responsible/register-simulator) and, by a fixed
 * rule, anyone whose last name is "Gamstop" (any case). A person is matched on first name, last
 * name and date of birth, compared as they look (look-alike letters of other scripts fold to the
 * letters they imitate) and without case, accents, spaces and punctuation (the real scheme
 * also matches on email and postcode).
 */
import type { RegisterAnswer, RegisterQuery, SelfExclusionRegister, SimulatedRegisterControl } from "../../domain/ports/protection.ts";
import { nameForms } from "../../domain/shared/skeleton.ts";

/** A person's two look-alike keys (domain/shared/skeleton.ts): the same person when either is equal. */
function keysOf(p: { firstName: string; lastName: string; dateOfBirth: string }): string[] {
  const first = nameForms(p.firstName);
  const last = nameForms(p.lastName);
  return [`l|${first.lower}|${last.lower}|${p.dateOfBirth.trim()}`, `u|${first.upper}|${last.upper}|${p.dateOfBirth.trim()}`];
}
const GAMSTOP = nameForms("Gamstop");

export class SimulatedSelfExclusionRegister implements SelfExclusionRegister, SimulatedRegisterControl {
  private readonly listed = new Set<string>();
  /** How many times the register was asked (tests check the cache keeps it cheap). */
  checks = 0;

  register(person: { firstName: string; lastName: string; dateOfBirth: string }): void {
    for (const k of keysOf(person)) this.listed.add(k);
  }

  async check(q: RegisterQuery): Promise<RegisterAnswer> {
    this.checks++;
    const keys = keysOf(q);
    const last = nameForms(q.lastName);
    const listed = keys.some((k) => this.listed.has(k)) || last.lower === GAMSTOP.lower || last.upper === GAMSTOP.upper;
    return { listed, reference: `sim-register-${listed ? "Y" : "N"}-${keys[0].length}` };
  }
}
