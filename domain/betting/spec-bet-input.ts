/**
 * The spec's placement body (a dollar-string stake, match-winner selections) as our placement input:
 * the stake in cents, each selection mapped to its event's match-result market and outcome. Each
 * event is read once however many selections name it; the first that cannot be mapped refuses all.
 */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import type { EventView } from "../shared/types.ts";
import type { PlaceBetInput } from "./place-bet.ts";
import { centsOfDollars, specSelectionTarget } from "./spec-alias.ts";

export interface SpecBetBody {
  /** Dollars with at most two decimals, already validated. */
  stake: string;
  selections: readonly { eventId: string; outcomeId: string; odds: string }[];
}

export async function specBetInput(ctx: Pick<Ctx, "ports">, spec: SpecBetBody): Promise<Result<PlaceBetInput>> {
  const stake = centsOfDollars(spec.stake)!;
  const selections: PlaceBetInput["selections"] = [];
  const events = new Map<string, EventView | null>();
  for (const s of spec.selections) {
    if (!events.has(s.eventId)) events.set(s.eventId, await ctx.ports.events.findById(s.eventId));
    const target = specSelectionTarget(events.get(s.eventId) ?? null, s.eventId, s.outcomeId);
    if (!target.ok) return target;
    selections.push({ ...target.value, odds: s.odds });
  }
  return ok({ ...spec, stake, selections } as PlaceBetInput);
}
