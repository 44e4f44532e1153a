/**
 * A simulated national self-exclusion register (GAMSTOP in Great Britain), so tests and demos can
 * reach both answers on purpose. Nothing leaves the process. It lists the people it was told about
 * (register(): the admin/test-only POST /api/admin/responsible/register-simulator) and, by a fixed
 * rule, anyone whose last name is "Gamstop" (any case). A person is matched on first name, last
 * name and date of birth, compared without case, accents, spaces and punctuation (the real scheme
 * also matches on email and postcode).
 */
import type { RegisterAnswer, RegisterQuery, SelfExclusionRegister, SimulatedRegisterControl } from "../../domain/ports/protection.ts";
import { normaliseName } from "../../domain/responsible/person.ts";

const keyOf = (p: { firstName: string; lastName: string; dateOfBirth: string }) =>
  `${normaliseName(p.firstName)}|${normaliseName(p.lastName)}|${p.dateOfBirth.trim()}`;

export class SimulatedSelfExclusionRegister implements SelfExclusionRegister, SimulatedRegisterControl {
  private readonly listed = new Set<string>();
  /** How many times the register was asked (tests check the cache keeps it cheap). */
  checks = 0;

  register(person: { firstName: string; lastName: string; dateOfBirth: string }): void {
    this.listed.add(keyOf(person));
  }

  async check(q: RegisterQuery): Promise<RegisterAnswer> {
    this.checks++;
    const key = keyOf(q);
    const listed = this.listed.has(key) || normaliseName(q.lastName) === "gamstop";
    return { listed, reference: `sim-register-${listed ? "Y" : "N"}-${key.length}` };
  }
}
