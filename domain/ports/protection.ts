/** The person-protection ports, one file each. */
export type * from "./persons.ts";
export type * from "./self-exclusion-register.ts";
export type * from "./register-cache.ts";
export type * from "./rg-operations.ts";
