import type { Clock, Ids } from "./clock.ts";
import type { Actor } from "./types.ts";
import type { Ports } from "../ports/index.ts";

/** What every use case receives: who is asking, the ports, and the sources of time and ids. */
export interface Ctx {
  actor: Actor;
  ports: Ports;
  clock: Clock;
  ids: Ids;
}

/** What a job (no signed-in actor) needs: the ports and the sources of time and ids. */
export type SystemCtx = Pick<Ctx, "ports" | "clock" | "ids">;
