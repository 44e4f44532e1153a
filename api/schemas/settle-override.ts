/** The early-settlement override (domain/settlement/settle-override.ts), shared by the settle and resettle bodies. */
import { z } from "@hono/zod-openapi";
import { plain } from "./common.ts";

export const SettleOverride = z
  .object({
    reason: plain(z.string().trim().min(10).max(500), "text").openapi({ description: "Why the event is settled early (at least 10 characters; audited)" }),
  })
  .strict()
  .openapi("SettleOverride", {
    description: "Settle with a winner before the event has finished (or started): required then, else 409 SETTLE.EVENT_NOT_FINISHED",
  });
