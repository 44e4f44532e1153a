/** One outcome's position as the trading desk and the risk tab show it: name, price, stakes, payout, net, liability. */
import type { z } from "@hono/zod-openapi";
import type { OutcomeExposure } from "../schemas/risk.ts";
import { formatOdds } from "../../domain/shared/odds.ts";

export const presentOutcomeExposure = (o: {
  outcomeId: string; name: string; priceMilli: number; stakes: number; payout: number; net: number; liability: number;
}): z.infer<typeof OutcomeExposure> => ({
  outcomeId: o.outcomeId,
  name: o.name,
  odds: formatOdds(o.priceMilli),
  stakes: o.stakes,
  payout: o.payout,
  net: o.net,
  liability: o.liability,
});
