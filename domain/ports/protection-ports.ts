/** The person-protection ports' set. */
import type { Ctx } from "../shared/context.ts";
import type { PersonRegistry } from "./persons.ts";
import type { RegisterCache } from "./register-cache.ts";
import type { RgOperations } from "./rg-operations.ts";
import type { SelfExclusionRegister, SimulatedRegisterControl } from "./self-exclusion-register.ts";

export interface ProtectionPorts {
  persons: PersonRegistry;
  selfExclusionRegister: SelfExclusionRegister;
  registerCache: RegisterCache;
  rgOperations: RgOperations;
  /** Present only when the simulated register is wired (demo and tests). */
  registerSimulator?: SimulatedRegisterControl;
}

export function protectionPort<K extends keyof ProtectionPorts>(ctx: Ctx, name: K): ProtectionPorts[K] | undefined {
  return (ctx.ports as Partial<ProtectionPorts>)[name];
}
