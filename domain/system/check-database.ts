/** The liveness probe's question: does the database answer, and how quickly. Anyone may ask. */
import type { Ctx } from "../shared/context.ts";
import type { DatabaseCheck } from "../ports/health.ts";

export function checkDatabase(ctx: Pick<Ctx, "ports">): Promise<DatabaseCheck> {
  return ctx.ports.health.checkDatabase();
}
