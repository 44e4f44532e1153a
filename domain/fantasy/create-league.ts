/** createLeague (admin): a season-long league of a sport. Bounds are checked at the edge too. Audited. */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { auditOf } from "./common.ts";
import type { FantasyLeagueRecord, FantasyLeagueStatus } from "./types.ts";

export interface CreateLeagueInput {
  sportId: string;
  name: string;
  type: string;
  format: string;
  maxTeams: number;
  entryFee: number;
  prizePool: number;
  seasonStart?: string | null;
  seasonEnd?: string | null;
  status: FantasyLeagueStatus;
  settings: Record<string, unknown>;
}

export const MIN_TEAMS = 4;
export const MAX_TEAMS = 20;

export async function createLeague(ctx: Ctx, input: CreateLeagueInput): Promise<Result<FantasyLeagueRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "create fantasy leagues");
  if (!who.ok) return who;
  const port = ctx.ports.fantasy;
  if (!Number.isInteger(input.maxTeams) || input.maxTeams < MIN_TEAMS || input.maxTeams > MAX_TEAMS)
    return err(domainError("REQUEST.INVALID", `Max teams must be a whole number from ${MIN_TEAMS} to ${MAX_TEAMS}`, { field: "maxTeams" }));
  if (input.entryFee < 0 || input.prizePool < 0)
    return err(domainError("REQUEST.INVALID", "Entry fee and prize pool cannot be negative"));
  const sport = await port.findSport(input.sportId);
  if (!sport) return err(domainError("FANTASY.SPORT_NOT_FOUND", "No fantasy sport with that id"));
  const now = ctx.clock.now();
  const league: FantasyLeagueRecord = {
    id: ctx.ids.next("flg"),
    sportId: sport.id,
    sportName: sport.name,
    name: input.name.trim(),
    type: input.type,
    format: input.format,
    maxTeams: input.maxTeams,
    entryFee: input.entryFee,
    prizePool: input.prizePool,
    seasonStart: input.seasonStart ?? null,
    seasonEnd: input.seasonEnd ?? null,
    status: input.status,
    settings: input.settings,
    createdAt: now,
    createdBy: who.value.id,
  };
  const { sportName: _, ...after } = league;
  const written = await port.createLeague(
    league,
    auditOf(ctx, who.value, now, "fantasy_league.create", "fantasy_league", league.id, null, { ...after, createdAt: now.toISOString() }),
  );
  if (written === "sport_not_found") return err(domainError("FANTASY.SPORT_NOT_FOUND", "No fantasy sport with that id"));
  return ok(league);
}
