/** createPlayer (admin): a player of a sport, at a position its roster uses. Audited. */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { auditOf } from "./common.ts";
import { positionAllowed, positionsOf } from "./roster.ts";
import { pointsToX100 } from "./scoring.ts";
import type { FantasyPlayerRecord, InjuryStatus } from "./types.ts";

export interface CreatePlayerInput {
  sportId: string;
  name: string;
  team: string;
  position: string;
  salary: number;
  projectedPoints: number | null;
  injuryStatus: InjuryStatus;
}

export async function createPlayer(ctx: Ctx, input: CreatePlayerInput): Promise<Result<FantasyPlayerRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "add fantasy players");
  if (!who.ok) return who;
  const port = ctx.ports.fantasy;
  const sport = await port.findSport(input.sportId);
  if (!sport) return err(domainError("FANTASY.SPORT_NOT_FOUND", "No fantasy sport with that id"));
  const position = input.position.trim().toUpperCase();
  if (!positionAllowed(sport.roster, position))
    return err(
      domainError("FANTASY.POSITION_NOT_IN_SPORT", `${sport.name} lineups have no slot for position ${position}`, {
        positions: positionsOf(sport.roster),
      }),
    );
  if (!Number.isInteger(input.salary) || input.salary < 0 || input.salary > sport.salaryCap)
    return err(
      domainError("REQUEST.INVALID", `Salary must be a whole number from 0 to the salary cap (${sport.salaryCap})`, { field: "salary" }),
    );
  const now = ctx.clock.now();
  const player: FantasyPlayerRecord = {
    id: ctx.ids.next("fpl"),
    sportId: sport.id,
    name: input.name.trim(),
    team: input.team.trim(),
    position,
    salary: input.salary,
    projectedX100: input.projectedPoints === null ? null : pointsToX100(input.projectedPoints),
    injuryStatus: input.injuryStatus,
    createdAt: now,
  };
  const written = await port.createPlayer(
    player,
    auditOf(ctx, who.value, now, "fantasy_player.create", "fantasy_player", player.id, null, {
      ...input,
      position,
    }),
  );
  if (written === "sport_not_found") return err(domainError("FANTASY.SPORT_NOT_FOUND", "No fantasy sport with that id"));
  return ok(player);
}
