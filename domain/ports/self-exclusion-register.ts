/** The national self-exclusion register (GAMSTOP in Great Britain; adapters/register/simulated-register.ts simulates it). */
/** A query to the national self-exclusion register. */
export interface RegisterQuery {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  postcode: string | null;
  email: string;
}

export interface RegisterAnswer {
  listed: boolean;
  reference: string;
}

export interface SelfExclusionRegister {
  check(q: RegisterQuery): Promise<RegisterAnswer>;
}

/** The simulator's extra: tell it a person is registered (admin/test only). */
export interface SimulatedRegisterControl {
  register(person: { firstName: string; lastName: string; dateOfBirth: string }): void;
}
