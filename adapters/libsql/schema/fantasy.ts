/** Fantasy sports. */
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { sql } from "drizzle-orm";
import { users } from "./users.ts";

export const fantasySports = sqliteTable(
  "fantasy_sports",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    season: text("season").notNull(),
    status: text("status", { enum: ["active", "inactive", "completed"] }).notNull(),
    settings: text("settings").notNull().default("{}"),
    /** JSON: [{ slot, eligible: [positions] }] */
    roster: text("roster").notNull(),
    /** Whole fantasy dollars, not cents. */
    salaryCap: integer("salary_cap").notNull(),
    createdAt: createdAt(),
    createdBy: text("created_by"),
  },
  (t) => [
    uniqueIndex("fantasy_sports_name_season_uq").on(sql`lower(${t.name})`, sql`lower(${t.season})`),
    check("fantasy_sports_status_ck", sql`${t.status} IN ('active','inactive','completed')`),
    check("fantasy_sports_cap_ck", sql`${t.salaryCap} > 0`),
  ],
);

export const fantasyLeagues = sqliteTable(
  "fantasy_leagues",
  {
    id: text("id").primaryKey(),
    sportId: text("sport_id").notNull().references(() => fantasySports.id),
    name: text("name").notNull(),
    type: text("type").notNull(),
    format: text("format").notNull(),
    maxTeams: integer("max_teams").notNull(),
    entryFee: integer("entry_fee").notNull(),
    prizePool: integer("prize_pool").notNull(),
    seasonStart: text("season_start"),
    seasonEnd: text("season_end"),
    status: text("status", { enum: ["active", "upcoming", "completed"] }).notNull(),
    settings: text("settings").notNull().default("{}"),
    createdAt: createdAt(),
    createdBy: text("created_by"),
  },
  (t) => [
    index("fantasy_leagues_sport_idx").on(t.sportId),
    check("fantasy_leagues_teams_ck", sql`${t.maxTeams} BETWEEN 4 AND 20`),
    check("fantasy_leagues_money_ck", sql`${t.entryFee} >= 0 AND ${t.prizePool} >= 0`),
    check("fantasy_leagues_status_ck", sql`${t.status} IN ('active','upcoming','completed')`),
  ],
);

export const fantasyPlayers = sqliteTable(
  "fantasy_players",
  {
    id: text("id").primaryKey(),
    sportId: text("sport_id").notNull().references(() => fantasySports.id),
    name: text("name").notNull(),
    team: text("team").notNull(),
    position: text("position").notNull(),
    /** Whole fantasy dollars, not cents. */
    salary: integer("salary").notNull(),
    /** Hundredths of a point; null = no projection. */
    projectedX100: integer("projected_x100"),
    injuryStatus: text("injury_status", { enum: ["healthy", "questionable", "doubtful", "out"] }).notNull().default("healthy"),
    createdAt: createdAt(),
  },
  (t) => [
    index("fantasy_players_sport_position_idx").on(t.sportId, t.position),
    check("fantasy_players_salary_ck", sql`${t.salary} >= 0`),
    check("fantasy_players_projection_ck", sql`${t.projectedX100} IS NULL OR ${t.projectedX100} >= 0`),
    check("fantasy_players_injury_ck", sql`${t.injuryStatus} IN ('healthy','questionable','doubtful','out')`),
  ],
);

export const fantasyContests = sqliteTable(
  "fantasy_contests",
  {
    id: text("id").primaryKey(),
    sportId: text("sport_id").notNull().references(() => fantasySports.id),
    name: text("name").notNull(),
    type: text("type").notNull(),
    entryFee: integer("entry_fee").notNull(),
    /** The prize pool's floor: the pool is max(guarantee, fees - rake); the house pays the overlay at settlement. */
    guaranteedPrize: integer("guaranteed_prize").notNull().default(0),
    /** What the house moved into the pool at creation (the whole guarantee before migration 0025, 0 since). */
    guaranteeFunded: integer("guarantee_funded").notNull().default(0),
    maxEntries: integer("max_entries").notNull(),
    /** Multi-entry cap: entries one customer may have (migration 0025). */
    maxEntriesPerUser: integer("max_entries_per_user").notNull().default(1),
    minEntries: integer("min_entries").notNull(),
    currentEntries: integer("current_entries").notNull().default(0),
    rakePercent: integer("rake_percent").notNull(),
    /** JSON: basis points per paid place, best first, summing to 10000. */
    payoutTable: text("payout_table").notNull(),
    roster: text("roster").notNull(),
    salaryCap: integer("salary_cap").notNull(),
    startTime: integer("start_time").notNull(),
    endTime: integer("end_time").notNull(),
    status: text("status", { enum: ["open", "locked", "live", "settled", "cancelled"] }).notNull().default("open"),
    settings: text("settings").notNull().default("{}"),
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    inviteCode: text("invite_code"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    lockedAt: integer("locked_at"),
    liveAt: integer("live_at"),
    scoredAt: integer("scored_at"),
    resolvedAt: integer("resolved_at"),
  },
  (t) => [
    index("fantasy_contests_status_start_idx").on(t.status, t.startTime),
    index("fantasy_contests_sport_idx").on(t.sportId),
    check("fantasy_contests_status_ck", sql`${t.status} IN ('open','locked','live','settled','cancelled')`),
    check("fantasy_contests_money_ck", sql`${t.entryFee} >= 0 AND ${t.guaranteedPrize} >= 0`),
    check("fantasy_contests_entries_ck", sql`${t.maxEntries} >= 1 AND ${t.minEntries} BETWEEN 1 AND ${t.maxEntries}`),
    check("fantasy_contests_full_ck", sql`${t.currentEntries} BETWEEN 0 AND ${t.maxEntries}`),
    check("fantasy_contests_rake_ck", sql`${t.rakePercent} BETWEEN 0 AND 50`),
    check("fantasy_contests_times_ck", sql`${t.endTime} > ${t.startTime}`),
    check("fantasy_contests_funded_ck", sql`${t.guaranteeFunded} >= 0`),
    check("fantasy_contests_per_user_ck", sql`${t.maxEntriesPerUser} >= 1 AND ${t.maxEntriesPerUser} <= ${t.maxEntries}`),
  ],
);

export const fantasyEntries = sqliteTable(
  "fantasy_entries",
  {
    id: text("id").primaryKey(),
    contestId: text("contest_id").notNull().references(() => fantasyContests.id),
    userId: text("user_id").notNull().references(() => users.id),
    /** JSON: player ids in roster-slot order. */
    lineup: text("lineup").notNull(),
    salaryUsed: integer("salary_used").notNull(),
    fee: integer("fee").notNull(),
    pointsX100: integer("points_x100").notNull().default(0),
    rank: integer("rank"),
    payout: integer("payout"),
    status: text("status", { enum: ["active", "won", "lost", "refunded"] }).notNull().default("active"),
    enteredAt: integer("entered_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("fantasy_entries_contest_user_idx").on(t.contestId, t.userId),
    index("fantasy_entries_user_idx").on(t.userId, t.enteredAt),
    check("fantasy_entries_fee_ck", sql`${t.fee} >= 0`),
    check("fantasy_entries_payout_ck", sql`${t.payout} IS NULL OR ${t.payout} >= 0`),
    check("fantasy_entries_status_ck", sql`${t.status} IN ('active','won','lost','refunded')`),
  ],
);

export const fantasyContestPlayerPoints = sqliteTable(
  "fantasy_contest_player_points",
  {
    contestId: text("contest_id").notNull().references(() => fantasyContests.id),
    playerId: text("player_id").notNull().references(() => fantasyPlayers.id),
    pointsX100: integer("points_x100").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.playerId] })],
);

/** Always empty: a settlement asserts its contest's pool ends empty by inserting (ok) here. */
export const fantasyPoolChecks = sqliteTable(
  "fantasy_pool_checks",
  { ok: integer("ok").notNull() },
  (t) => [check("fantasy_pool_must_be_empty", sql`${t.ok} = 1`)],
);
