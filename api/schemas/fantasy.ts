/**
 * Fantasy sports: request and response shapes (also imported by site/ for types).
 *
 * Units, once for every shape below:
 * - Money (entryFee, prizePool, guaranteedPrize, payout, amount, balance) is integer CENTS.
 * - Salaries and the salary cap are whole FANTASY DOLLARS (a budget for picking players, not money):
 *   salary 7800 is shown "$7,800"; salaryCap 50000 is "$50,000". Never divide them by 100.
 * - Fantasy points (projectedPoints, points) are numbers with at most 2 decimals, e.g. 18.25.
 * - Times are ISO 8601 strings with a zone (e.g. "2026-11-21T09:30:00.000Z"); seasonStart and
 *   seasonEnd are calendar dates "YYYY-MM-DD".
 *
 * A roster is a list of slots; each slot lists the player positions that may fill it (an empty
 * list means any position, e.g. a UTIL slot). A lineup is a list of player ids, one per slot, in
 * any order: the server finds the slot for each player and returns the lineup in slot order.
 *
 * Contest status: open (taking entries) → locked (start time passed, entries stop) → live (the
 * stats feed is scoring) → settled (paid); or cancelled (fewer than minEntries at start, or by an
 * operator: every fee refunded). A guaranteed contest always runs (cancelled only with no entry).
 * Payout places (TOP N) = floor(maxEntries / 10), at least 1; a non-guaranteed contest that does
 * not fill pays the first max(1, floor(places x entries / maxEntries)) of them. Prize pool =
 * max(guaranteedPrize, entry fees - rake): the guarantee is a floor, the house pays only the overlay.
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, plain } from "./common.ts";

// ---------- shared pieces ----------

const Id = z.string().min(1).max(64);
const Name = plain(z.string().trim().min(1, "Required").max(80));
const Settings = z.record(z.string(), z.unknown());
const Position = z.string().trim().min(1).max(8).regex(/^[A-Za-z0-9/]+$/, "Letters, digits or /");
/** Fantasy points with at most two decimals. */
const Points = z.number().min(0).max(1000).multipleOf(0.01);
const ZonedDateTime = z.iso.datetime({ offset: true }).openapi({ format: "date-time", example: "2026-11-21T09:30:00.000Z" });
const CalendarDate = z.iso.date().openapi({ format: "date", example: "2026-09-10" });

export const FantasySportStatus = z.enum(["active", "inactive", "completed"]);
export type FantasySportStatus = z.infer<typeof FantasySportStatus>;
export const FantasyLeagueStatus = z.enum(["active", "upcoming", "completed"]);
export type FantasyLeagueStatus = z.infer<typeof FantasyLeagueStatus>;
export const FantasyContestStatus = z.enum(["open", "locked", "live", "settled", "cancelled"]);
export type FantasyContestStatus = z.infer<typeof FantasyContestStatus>;
export const InjuryStatus = z.enum(["healthy", "questionable", "doubtful", "out"]);
export type InjuryStatus = z.infer<typeof InjuryStatus>;
export const FantasyEntryStatus = z
  .enum(["active", "won", "lost", "refunded"])
  .openapi({ description: "active until the contest settles; won = paid a prize; lost = no prize; refunded = contest cancelled" });
export type FantasyEntryStatus = z.infer<typeof FantasyEntryStatus>;
/** Contest size filter: small up to 20 entries, medium 21 to 100, large over 100 (by maxEntries). */
export const ContestSize = z.enum(["small", "medium", "large"]);
export type ContestSize = z.infer<typeof ContestSize>;

export const RosterSlot = z
  .object({
    slot: Position.openapi({ example: "FLEX" }),
    eligible: z.array(Position).max(10).openapi({ description: "Positions that may fill the slot; empty = any", example: ["RB", "WR", "TE"] }),
  })
  .strict()
  .openapi("FantasyRosterSlot");
export type RosterSlot = z.infer<typeof RosterSlot>;

// ---------- entities ----------

export const FantasySport = z
  .object({
    id: z.string(),
    name: z.string(),
    season: z.string(),
    status: FantasySportStatus,
    settings: Settings,
    rosterPositions: z.array(RosterSlot),
    salaryCap: z.number().int().openapi({ description: "Fantasy dollars (not cents)" }),
    positions: z.array(z.string()).openapi({ description: "Player positions of this sport" }),
    leagueCount: z.number().int(),
    contestCount: z.number().int(),
    playerCount: z.number().int(),
    createdAt: IsoDate,
  })
  .openapi("FantasySport");
export type FantasySport = z.infer<typeof FantasySport>;

export const FantasyLeague = z
  .object({
    id: z.string(),
    sportId: z.string(),
    sportName: z.string(),
    name: z.string(),
    type: z.string(),
    format: z.string(),
    maxTeams: z.number().int(),
    entryFee: Cents,
    prizePool: Cents,
    seasonStart: z.string().nullable(),
    seasonEnd: z.string().nullable(),
    status: FantasyLeagueStatus,
    settings: Settings,
    createdAt: IsoDate,
  })
  .openapi("FantasyLeague");
export type FantasyLeague = z.infer<typeof FantasyLeague>;

export const PayoutPlace = z.object({
  place: z.number().int().min(1),
  shareBp: z.number().int().openapi({ description: "Share of the prize pool in basis points (10000 = 100%)" }),
  amount: Cents.openapi({ description: "What this place pays at the current prize pool, before any tie split" }),
});
export type PayoutPlace = z.infer<typeof PayoutPlace>;

export const FantasyContest = z
  .object({
    id: z.string(),
    sportId: z.string(),
    sportName: z.string(),
    name: z.string(),
    type: z.string(),
    entryFee: Cents,
    prizePool: Cents.openapi({
      description: "What will be paid out: max(guaranteedPrize, entry fees - rake) (the amount paid once settled)",
    }),
    guaranteedPrize: Cents.openapi({ description: "The prize pool's floor, paid even if few enter (the house pays the overlay)" }),
    maxEntries: z.number().int(),
    maxEntriesPerUser: z.number().int().openapi({ description: "Entries one customer may have (1 = single entry)" }),
    myEntries: z.number().int().openapi({ description: "The signed-in customer's entries in it (0 when signed out)" }),
    minEntries: z.number().int(),
    currentEntries: z.number().int(),
    payoutPlaces: z.number().int().openapi({ description: "TOP N: floor(maxEntries / 10), at least 1" }),
    payoutTable: z.array(PayoutPlace),
    rakePercent: z.number().int(),
    rosterPositions: z.array(RosterSlot),
    salaryCap: z.number().int().openapi({ description: "Fantasy dollars (not cents)" }),
    startTime: IsoDate,
    endTime: IsoDate,
    status: FantasyContestStatus,
    settings: Settings,
    isPrivate: z.boolean(),
    inviteCode: z.string().nullable().openapi({ description: "Only for the contest's creator; null for everyone else" }),
    /** Whether the signed-in customer has an entry (false when signed out). */
    entered: z.boolean(),
    createdAt: IsoDate,
  })
  .openapi("FantasyContest");
export type FantasyContest = z.infer<typeof FantasyContest>;

export const FantasyPlayer = z
  .object({
    id: z.string(),
    sportId: z.string(),
    name: z.string(),
    team: z.string(),
    position: z.string(),
    salary: z.number().int().openapi({ description: "Fantasy dollars (not cents)" }),
    projectedPoints: z.number().nullable().openapi({ description: "null shows as N/A" }),
    injuryStatus: InjuryStatus,
  })
  .openapi("FantasyPlayer");
export type FantasyPlayer = z.infer<typeof FantasyPlayer>;

export const LineupPlayer = z.object({
  playerId: z.string(),
  slot: z.string(),
  name: z.string(),
  team: z.string(),
  position: z.string(),
  salary: z.number().int(),
  projectedPoints: z.number().nullable(),
  injuryStatus: InjuryStatus,
  points: z.number().openapi({ description: "Points scored so far in this contest" }),
});
export type LineupPlayer = z.infer<typeof LineupPlayer>;

/** One of the signed-in customer's entries (My Contests and My Lineups). */
export const FantasyEntry = z
  .object({
    id: z.string(),
    contestId: z.string(),
    contestName: z.string(),
    contestStatus: FantasyContestStatus,
    sportId: z.string(),
    sportName: z.string(),
    startTime: IsoDate,
    endTime: IsoDate,
    entryFee: Cents,
    prizePool: Cents,
    currentEntries: z.number().int(),
    maxEntries: z.number().int(),
    payoutPlaces: z.number().int(),
    isPrivate: z.boolean(),
    lineup: z.array(LineupPlayer),
    salaryUsed: z.number().int(),
    salaryCap: z.number().int(),
    points: z.number(),
    rank: z.number().int().nullable().openapi({ description: "Standing in the contest (ties share a rank); null before scoring" }),
    payout: Cents.nullable().openapi({ description: "Prize paid (0 when out of the money); refund when refunded; null until then" }),
    status: FantasyEntryStatus,
    editable: z.boolean().openapi({ description: "The lineup may still be changed (contest open, before start)" }),
    enteredAt: IsoDate,
    updatedAt: IsoDate,
  })
  .openapi("FantasyEntry");
export type FantasyEntry = z.infer<typeof FantasyEntry>;

export const StandingRow = z.object({
  rank: z.number().int(),
  entryId: z.string(),
  name: z.string().openapi({ description: "First name and last initial, e.g. 'Jack T.'" }),
  points: z.number(),
  payout: Cents.nullable(),
  mine: z.boolean(),
});
export const FantasyStandings = z
  .object({ contest: FantasyContest, standings: z.array(StandingRow) })
  .openapi("FantasyStandings");
export type FantasyStandings = z.infer<typeof FantasyStandings>;

// ---------- queries ----------

export const SportsQuery = z.object({
  status: FantasySportStatus.optional().openapi({ param: { name: "status", in: "query" } }),
});
export const LeaguesQuery = z.object({
  sportId: Id.optional().openapi({ param: { name: "sportId", in: "query" } }),
});
export const ContestsQuery = z.object({
  sportId: Id.optional().openapi({ param: { name: "sportId", in: "query" } }),
  status: z
    .enum(["open", "locked", "live", "settled", "cancelled", "active"])
    .optional()
    .openapi({ param: { name: "status", in: "query" }, description: "One status, or active = open, locked or live; all when absent" }),
  minFee: z.coerce.number().int().min(0).optional().openapi({ param: { name: "minFee", in: "query" }, description: "Cents" }),
  maxFee: z.coerce.number().int().min(0).optional().openapi({ param: { name: "maxFee", in: "query" }, description: "Cents" }),
  size: ContestSize.optional().openapi({ param: { name: "size", in: "query" }, description: "small <= 20, medium 21-100, large > 100 max entries" }),
  limit: z.coerce.number().int().min(1).max(500).default(200).openapi({ param: { name: "limit", in: "query" } }),
});
export type ContestsQuery = z.infer<typeof ContestsQuery>;
export const PlayersQuery = z.object({
  sportId: Id.optional().openapi({ param: { name: "sportId", in: "query" } }),
  position: Position.optional().openapi({ param: { name: "position", in: "query" } }),
  limit: z.coerce.number().int().min(1).max(1000).default(500).openapi({ param: { name: "limit", in: "query" } }),
});
export const ContestIdParam = z.object({ id: Id.openapi({ param: { name: "id", in: "path" }, example: "fc_01" }) });
export const EntryIdParam = z.object({ entryId: Id.openapi({ param: { name: "entryId", in: "path" }, example: "fe_01" }) });

// ---------- admin bodies ----------

export const SportSettingsInput = z
  .object({
    rosterPositions: z.array(RosterSlot).min(1).max(15).optional(),
    salaryCap: z.number().int().min(1000).max(10_000_000).optional().openapi({ description: "Fantasy dollars" }),
  })
  .catchall(z.unknown());

export const CreateSportBody = z
  .object({
    name: Name.max(60),
    season: plain(z.string().trim().min(1, "Required").max(20)).openapi({ example: "2024-25" }),
    status: FantasySportStatus.default("active"),
    settings: SportSettingsInput.default({}).openapi({
      description: "Optional rosterPositions and salaryCap; without them: 6 UTIL slots (any position) under a 50000 cap",
    }),
  })
  .strict()
  .openapi("CreateFantasySport");
export type CreateSportBody = z.input<typeof CreateSportBody>;

export const CreateLeagueBody = z
  .object({
    sportId: Id,
    name: Name,
    type: plain(z.string().trim().min(1).max(40)).default("season_long"),
    format: plain(z.string().trim().min(1).max(40)).default("snake_draft"),
    maxTeams: z.number().int().min(4).max(20).default(12),
    entryFee: Cents.min(0).max(100_000_000).default(0),
    prizePool: Cents.min(0).max(1_000_000_000).default(0),
    seasonStart: CalendarDate.nullable().optional(),
    seasonEnd: CalendarDate.nullable().optional(),
    status: FantasyLeagueStatus.default("active"),
    settings: Settings.default({}),
  })
  .strict()
  .refine((b) => !b.seasonStart || !b.seasonEnd || b.seasonEnd >= b.seasonStart, {
    message: "Season end must not be before season start",
    path: ["seasonEnd"],
  })
  .openapi("CreateFantasyLeague");
export type CreateLeagueBody = z.input<typeof CreateLeagueBody>;

const PayoutTableInput = z
  .array(z.number().int().min(1).max(10000))
  .min(1)
  .max(1000)
  .openapi({ description: "Share per place in basis points, best place first, non-increasing, summing to 10000" });

export const CreateContestBody = z
  .object({
    sportId: Id,
    name: Name,
    type: plain(z.string().trim().min(1).max(40)).default("tournament"),
    entryFee: Cents.min(0).max(10_000_000).default(0),
    prizePool: Cents.min(0).max(1_000_000_000).default(0).openapi({
      description: "Guaranteed prize pool (0 for none): a floor, the pool being max(guarantee, entry fees - rake); the house pays the overlay",
    }),
    maxEntries: z.number().int().min(1).max(10_000).default(100),
    maxEntriesPerUser: z.number().int().min(1).max(10_000).default(1).openapi({
      description: "Multi-entry cap: entries one customer may have, at most maxEntries (400 REQUEST.INVALID otherwise)",
    }),
    minEntries: z.number().int().min(1).max(10_000).optional().openapi({ description: "Default 2 (1 when maxEntries is 1)" }),
    rakePercent: z.number().int().min(0).max(50).default(10),
    payoutTable: PayoutTableInput.optional().openapi({ description: "Default: TOP N weighted 1/place (see docs/money.md)" }),
    startTime: ZonedDateTime,
    endTime: ZonedDateTime.optional().openapi({ description: "Default: 3 hours after the start" }),
    settings: Settings.default({}),
  })
  .strict()
  .openapi("CreateFantasyContest");
export type CreateContestBody = z.input<typeof CreateContestBody>;

export const CreatePlayerBody = z
  .object({
    sportId: Id,
    name: Name,
    team: plain(z.string().trim().min(1, "Required").max(60)),
    position: Position,
    salary: z.number().int().min(0).max(1_000_000).openapi({ description: "Fantasy dollars" }),
    projectedPoints: Points.nullable().default(null),
    injuryStatus: InjuryStatus.default("healthy"),
  })
  .strict()
  .openapi("CreateFantasyPlayer");
export type CreatePlayerBody = z.input<typeof CreatePlayerBody>;

// ---------- customer bodies ----------

const Lineup = z.array(Id).min(1).max(15).openapi({ description: "Player ids, one per roster slot, any order" });

export const EnterContestBody = z
  .object({
    lineup: Lineup,
    inviteCode: z.string().trim().min(1).max(16).optional().openapi({ description: "Required for a private contest" }),
  })
  .strict()
  .openapi("EnterFantasyContest");
export type EnterContestBody = z.input<typeof EnterContestBody>;

export const EditLineupBody = z.object({ lineup: Lineup }).strict().openapi("EditFantasyLineup");
export type EditLineupBody = z.input<typeof EditLineupBody>;

/** A customer's private contest: the creator enters it with their lineup and pays the fee like any entry. */
export const CreatePrivateContestBody = z
  .object({
    sportId: Id,
    name: Name,
    entryFee: Cents.min(0).max(100_000).openapi({ description: "Cents, at most 1000.00" }),
    maxEntries: z.number().int().min(2).max(100).default(10),
    startTime: ZonedDateTime.openapi({ description: "At least 5 minutes from now, at most 30 days" }),
    endTime: ZonedDateTime.optional().openapi({ description: "Default: 3 hours after the start" }),
    lineup: Lineup,
  })
  .strict()
  .openapi("CreatePrivateFantasyContest");
export type CreatePrivateContestBody = z.input<typeof CreatePrivateContestBody>;

// ---------- responses ----------

export const EntryResponse = z.object({ entry: FantasyEntry, balance: Cents }).openapi("FantasyEntryResponse");
export type EntryResponse = z.infer<typeof EntryResponse>;

export const PrivateContestResponse = z
  .object({ contest: FantasyContest, entry: FantasyEntry, balance: Cents })
  .openapi("PrivateFantasyContestResponse");
export type PrivateContestResponse = z.infer<typeof PrivateContestResponse>;

export const ContestResolution = z
  .object({
    contest: FantasyContest,
    rake: Cents,
    prizePool: Cents.openapi({ description: "Paid out in prizes: max(guarantee, fees - rake); 0 when cancelled" }),
    overlay: Cents.openapi({ description: "What the house added to reach the guarantee (0 when the fees covered it)" }),
    payouts: z.array(z.object({ entryId: z.string(), rank: z.number().int(), points: z.number(), amount: Cents })),
    refunds: z.array(z.object({ entryId: z.string(), amount: Cents })),
  })
  .openapi("FantasyContestResolution");
export type ContestResolution = z.infer<typeof ContestResolution>;
