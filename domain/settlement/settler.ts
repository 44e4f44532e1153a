import type { User } from "../shared/types.ts";

/** Who settles: an admin, or the system grading a market from the match state. */
export type Settler = Pick<User, "id" | "role"> | { id: string; role: "system" };
export const SYSTEM_SETTLER: Settler = { id: "system", role: "system" };
