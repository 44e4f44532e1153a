/**
 * The fantasy catalogue on libSQL: sports, leagues and players, each written in one batch with its
 * audit record.
 */
import type { InStatement } from "@libsql/client";
import type { AuditEntry } from "../../../domain/shared/types.ts";
import type {
  FantasyLeagueRecord, FantasyPlayerRecord, FantasySportRecord, FantasySportStatus, FantasySportWithCounts,
} from "../../../domain/fantasy/types.ts";
import { auditStatement } from "../audit.ts";
import { constraintOf } from "../database.ts";
import { messageOf, json, placeholders, toSport, toLeague, toPlayer, FantasySql } from "./rows.ts";

export class FantasyCatalogue extends FantasySql {
  // ---------- sports ----------

  async listSports(filter: { status?: FantasySportStatus }): Promise<FantasySportWithCounts[]> {
    const rows = await this.rows(
      `SELECT s.*,
         (SELECT COUNT(*) FROM fantasy_leagues l WHERE l.sport_id = s.id) AS league_count,
         (SELECT COUNT(*) FROM fantasy_contests c WHERE c.sport_id = s.id) AS contest_count,
         (SELECT COUNT(*) FROM fantasy_players p WHERE p.sport_id = s.id) AS player_count
       FROM fantasy_sports s ${filter.status ? "WHERE s.status = ?" : ""}
       ORDER BY s.created_at, s.name`,
      filter.status ? [filter.status] : [],
    );
    return rows.map((r) => ({
      ...toSport(r),
      leagueCount: Number(r.league_count),
      contestCount: Number(r.contest_count),
      playerCount: Number(r.player_count),
    }));
  }

  async findSport(id: string): Promise<FantasySportRecord | null> {
    const [r] = await this.rows("SELECT * FROM fantasy_sports WHERE id = ?", [id]);
    return r ? toSport(r) : null;
  }

  async createSport(sport: FantasySportRecord, audit: AuditEntry): Promise<"created" | "duplicate"> {
    return this.insertWithAudit(
      {
        sql: `INSERT INTO fantasy_sports (id, name, season, status, settings, roster, salary_cap, created_at, created_by)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [sport.id, sport.name, sport.season, sport.status, json(sport.settings), json(sport.roster), sport.salaryCap,
          sport.createdAt.getTime(), sport.createdBy],
      },
      audit,
      (e) =>
        constraintOf(e)?.startsWith("UNIQUE constraint failed") || /UNIQUE constraint failed: index 'fantasy_sports_name_season_uq'/.test(messageOf(e))
          ? "duplicate"
          : null,
    );
  }

  // ---------- leagues ----------

  async listLeagues(filter: { sportId?: string }): Promise<FantasyLeagueRecord[]> {
    const rows = await this.rows(
      `SELECT l.*, s.name AS sport_name FROM fantasy_leagues l JOIN fantasy_sports s ON s.id = l.sport_id
       ${filter.sportId ? "WHERE l.sport_id = ?" : ""} ORDER BY l.created_at DESC, l.rowid DESC`,
      filter.sportId ? [filter.sportId] : [],
    );
    return rows.map(toLeague);
  }

  async createLeague(l: FantasyLeagueRecord, audit: AuditEntry): Promise<"created" | "sport_not_found"> {
    return this.insertWithAudit(
      {
        sql: `INSERT INTO fantasy_leagues (id, sport_id, name, type, format, max_teams, entry_fee, prize_pool, season_start, season_end, status, settings, created_at, created_by)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [l.id, l.sportId, l.name, l.type, l.format, l.maxTeams, l.entryFee, l.prizePool, l.seasonStart, l.seasonEnd, l.status,
          json(l.settings), l.createdAt.getTime(), l.createdBy],
      },
      audit,
      unknownSport,
    );
  }

  // ---------- players ----------

  async listPlayers(filter: { sportId?: string; position?: string; limit: number }): Promise<FantasyPlayerRecord[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (filter.sportId) (where.push("sport_id = ?"), args.push(filter.sportId));
    if (filter.position) (where.push("position = ? COLLATE NOCASE"), args.push(filter.position));
    const rows = await this.rows(
      `SELECT * FROM fantasy_players ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY salary DESC, name LIMIT ?`,
      [...args, filter.limit],
    );
    return rows.map(toPlayer);
  }

  async findPlayers(ids: readonly string[]): Promise<FantasyPlayerRecord[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return (await this.rows(`SELECT * FROM fantasy_players WHERE id IN (${placeholders(unique.length)})`, unique)).map(toPlayer);
  }

  async createPlayer(p: FantasyPlayerRecord, audit: AuditEntry): Promise<"created" | "sport_not_found"> {
    return this.insertWithAudit(
      {
        sql: `INSERT INTO fantasy_players (id, sport_id, name, team, position, salary, projected_x100, injury_status, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [p.id, p.sportId, p.name, p.team, p.position, p.salary, p.projectedX100, p.injuryStatus, p.createdAt.getTime()],
      },
      audit,
      unknownSport,
    );
  }

  /**
   * One catalogue row and its audit record in one batch: "created", or what `refused` makes of the
   * error (a constraint the caller expects); any other error is thrown.
   */
  private async insertWithAudit<R extends string>(insert: InStatement, audit: AuditEntry, refused: (e: unknown) => R | null): Promise<"created" | R> {
    try {
      await this.client.batch([insert, auditStatement(audit)], "write");
      return "created";
    } catch (e) {
      const outcome = refused(e);
      if (outcome === null) throw e;
      return outcome;
    }
  }
}

/** A league or player naming a sport that does not exist fails its foreign key. */
const unknownSport = (e: unknown) => (constraintOf(e) === "FOREIGN KEY constraint failed" ? ("sport_not_found" as const) : null);
