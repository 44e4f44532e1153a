/** The use-case context of the back office: the foundation ports plus the back-office ports. */
import type { Ctx } from "../shared/context.ts";
import type { BackOfficePorts, Ports } from "../ports/index.ts";

export interface BackOfficeCtx extends Ctx {
  ports: Ports & BackOfficePorts;
}

/** What a job (no signed-in actor) needs: the ports and the sources of time and ids. */
export type SystemDeps = Omit<BackOfficeCtx, "actor">;

const BACK_OFFICE_PORTS = ["adminUsers", "fraud", "tasks", "bulkOperations", "customerAggregates", "settlementQueue", "ledgerPayments", "reports"] as const;

/** The ports with the back-office ones checked present; their absence is a wiring bug (an exception). */
export function backOfficePorts(ports: Ports): Ports & BackOfficePorts {
  for (const name of BACK_OFFICE_PORTS) if (!ports[name]) throw new Error(`The ${name} port is not wired into this app`);
  return ports as Ports & BackOfficePorts;
}

export const asBackOffice = (ctx: Ctx): BackOfficeCtx => ({ ...ctx, ports: backOfficePorts(ctx.ports) });
