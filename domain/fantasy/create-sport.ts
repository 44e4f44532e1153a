/**
 * createSport (admin): a fantasy sport with its roster (slots and eligible positions) and salary
 * cap, from settings.rosterPositions / settings.salaryCap or the defaults. Audited.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { auditOf } from "./common.ts";
import { DEFAULT_ROSTER, DEFAULT_SALARY_CAP } from "./roster.ts";
import type { FantasySportRecord, FantasySportStatus, RosterSlot } from "./types.ts";

export interface CreateSportInput {
  name: string;
  season: string;
  status: FantasySportStatus;
  settings: Record<string, unknown> & { rosterPositions?: RosterSlot[]; salaryCap?: number };
}

export async function createSport(ctx: Ctx, input: CreateSportInput): Promise<Result<FantasySportRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "create fantasy sports");
  if (!who.ok) return who;
  const port = ctx.ports.fantasy;
  const { rosterPositions, salaryCap, ...settings } = input.settings;
  const now = ctx.clock.now();
  const sport: FantasySportRecord = {
    id: ctx.ids.next("fsp"),
    name: input.name.trim(),
    season: input.season.trim(),
    status: input.status,
    settings,
    roster: (rosterPositions ?? DEFAULT_ROSTER).map((s) => ({ slot: s.slot.toUpperCase(), eligible: s.eligible.map((p) => p.toUpperCase()) })),
    salaryCap: salaryCap ?? DEFAULT_SALARY_CAP,
    createdAt: now,
    createdBy: who.value.id,
  };
  const audit = auditOf(ctx, who.value, now, "fantasy_sport.create", "fantasy_sport", sport.id, null, {
    name: sport.name,
    season: sport.season,
    status: sport.status,
    roster: sport.roster,
    salaryCap: sport.salaryCap,
  });
  const written = await port.createSport(sport, audit);
  if (written === "duplicate")
    return err(domainError("FANTASY.SPORT_EXISTS", `${sport.name} ${sport.season} already exists`));
  return ok(sport);
}
