/**
 * Fantasy sports: public lists, the customer's entries and private contests, and the operator's
 * fantasy management (create sports, leagues, contests and players; settle or cancel a contest).
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { fail, unwrap } from "../errors.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { requireRole, requireUser, signedInUser } from "../middleware/session.ts";
import {
  ContestIdParam, ContestResolution, ContestsQuery, CreateContestBody, CreateLeagueBody, CreatePlayerBody,
  CreatePrivateContestBody, CreateSportBody, EditLineupBody, EnterContestBody, EntryIdParam, EntryResponse, FantasyContest,
  FantasyEntry, FantasyLeague, FantasyPlayer, FantasySport, FantasyStandings, LeaguesQuery, PlayersQuery,
  PrivateContestResponse, SportsQuery,
} from "../schemas/fantasy.ts";
import type { Fantasy } from "../../domain/ports/index.ts";
import type { Actor } from "../../domain/shared/types.ts";
import type {
  ContestRecord, EntryRecord, FantasyLeagueRecord, FantasyPlayerRecord, FantasySportWithCounts,
} from "../../domain/fantasy/types.ts";
import { fantasyPort } from "../../domain/fantasy/common.ts";
import { placeAmounts, prizePoolFor } from "../../domain/fantasy/payouts.ts";
import { positionsOf } from "../../domain/fantasy/roster.ts";
import { pointsToNumber } from "../../domain/fantasy/scoring.ts";
import { takesEntries } from "../../domain/fantasy/lifecycle.ts";
import { createSport } from "../../domain/fantasy/create-sport.ts";
import { createLeague } from "../../domain/fantasy/create-league.ts";
import { createContest } from "../../domain/fantasy/create-contest.ts";
import { createPlayer } from "../../domain/fantasy/create-player.ts";
import { enterContest } from "../../domain/fantasy/enter-contest.ts";
import { editLineup } from "../../domain/fantasy/edit-lineup.ts";
import { createPrivateContest } from "../../domain/fantasy/create-private-contest.ts";
import type { Resolution } from "../../domain/fantasy/resolve-contest.ts";
import { settleContest } from "../../domain/fantasy/settle-contest.ts";
import { cancelContest } from "../../domain/fantasy/cancel-contest.ts";

export const fantasyRoutes = new OpenAPIHono<AppEnv>();

const TAG = "Fantasy";
const ADMIN_TAG = "Fantasy (admin)";

function portOf(c: Context<AppEnv>): Fantasy {
  return unwrap(fantasyPort(c.get("deps")));
}

const viewerId = (actor: Actor): string | null => (actor.kind === "user" ? actor.user.id : null);

// ---------- presenters ----------

export function presentSport(s: FantasySportWithCounts): FantasySport {
  return {
    id: s.id,
    name: s.name,
    season: s.season,
    status: s.status,
    settings: s.settings,
    rosterPositions: s.roster,
    salaryCap: s.salaryCap,
    positions: positionsOf(s.roster),
    leagueCount: s.leagueCount,
    contestCount: s.contestCount,
    playerCount: s.playerCount,
    createdAt: s.createdAt.toISOString(),
  };
}

export function presentLeague(l: FantasyLeagueRecord): FantasyLeague {
  return {
    id: l.id,
    sportId: l.sportId,
    sportName: l.sportName,
    name: l.name,
    type: l.type,
    format: l.format,
    maxTeams: l.maxTeams,
    entryFee: l.entryFee,
    prizePool: l.prizePool,
    seasonStart: l.seasonStart,
    seasonEnd: l.seasonEnd,
    status: l.status,
    settings: l.settings,
    createdAt: l.createdAt.toISOString(),
  };
}

export function presentPlayer(p: FantasyPlayerRecord): FantasyPlayer {
  return {
    id: p.id,
    sportId: p.sportId,
    name: p.name,
    team: p.team,
    position: p.position,
    salary: p.salary,
    projectedPoints: p.projectedX100 === null ? null : pointsToNumber(p.projectedX100),
    injuryStatus: p.injuryStatus,
  };
}

export function presentContest(c: ContestRecord, viewer: string | null, myEntries: number): FantasyContest {
  const prizePool = prizePoolFor(c);
  const amounts = placeAmounts(prizePool, c.payoutTable, c.payoutTable.length);
  return {
    id: c.id,
    sportId: c.sportId,
    sportName: c.sportName,
    name: c.name,
    type: c.type,
    entryFee: c.entryFee,
    prizePool,
    guaranteedPrize: c.guaranteedPrize,
    maxEntries: c.maxEntries,
    maxEntriesPerUser: c.maxEntriesPerUser,
    myEntries,
    minEntries: c.minEntries,
    currentEntries: c.currentEntries,
    payoutPlaces: c.payoutTable.length,
    payoutTable: c.payoutTable.map((shareBp, i) => ({ place: i + 1, shareBp, amount: amounts[i] ?? 0 })),
    rakePercent: c.rakePercent,
    rosterPositions: c.roster,
    salaryCap: c.salaryCap,
    startTime: c.startTime.toISOString(),
    endTime: c.endTime.toISOString(),
    status: c.status,
    settings: c.settings,
    isPrivate: c.isPrivate,
    inviteCode: c.isPrivate && viewer !== null && c.createdBy === viewer ? c.inviteCode : null,
    entered: myEntries > 0,
    createdAt: c.createdAt.toISOString(),
  };
}

export function presentEntry(
  e: EntryRecord,
  c: ContestRecord,
  players: ReadonlyMap<string, FantasyPlayerRecord>,
  points: ReadonlyMap<string, number>,
  now: Date,
): FantasyEntry {
  return {
    id: e.id,
    contestId: c.id,
    contestName: c.name,
    contestStatus: c.status,
    sportId: c.sportId,
    sportName: c.sportName,
    startTime: c.startTime.toISOString(),
    endTime: c.endTime.toISOString(),
    entryFee: c.entryFee,
    prizePool: prizePoolFor(c),
    currentEntries: c.currentEntries,
    maxEntries: c.maxEntries,
    payoutPlaces: c.payoutTable.length,
    isPrivate: c.isPrivate,
    lineup: e.lineup.map((id, i) => {
      const p = players.get(id);
      return {
        playerId: id,
        slot: c.roster[i]?.slot ?? "",
        name: p?.name ?? "Unknown player",
        team: p?.team ?? "",
        position: p?.position ?? "",
        salary: p?.salary ?? 0,
        projectedPoints: p && p.projectedX100 !== null ? pointsToNumber(p.projectedX100) : null,
        injuryStatus: p?.injuryStatus ?? "healthy",
        points: pointsToNumber(points.get(id) ?? 0),
      };
    }),
    salaryUsed: e.salaryUsed,
    salaryCap: c.salaryCap,
    points: pointsToNumber(e.pointsX100),
    rank: e.rank,
    payout: e.payout,
    status: e.status,
    editable: takesEntries(c, now),
    enteredAt: e.enteredAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** Entries with their contests, players and points, for the API. */
async function presentEntries(port: Fantasy, entries: readonly EntryRecord[], now: Date, known: ContestRecord[] = []) {
  const contestIds = [...new Set(entries.map((e) => e.contestId))];
  const contests = new Map(known.map((c) => [c.id, c]));
  await Promise.all(
    contestIds
      .filter((id) => !contests.has(id))
      .map(async (id) => {
        const c = await port.findContest(id);
        if (c) contests.set(id, c);
      }),
  );
  const players = new Map((await port.findPlayers(entries.flatMap((e) => e.lineup))).map((p) => [p.id, p]));
  const points = await port.playerPoints(contestIds);
  return entries
    .filter((e) => contests.has(e.contestId))
    .map((e) => presentEntry(e, contests.get(e.contestId)!, players, points.get(e.contestId) ?? new Map(), now));
}

function presentResolution(r: Resolution, viewer: string | null) {
  return {
    contest: presentContest(r.contest, viewer, 0),
    rake: r.rake,
    prizePool: r.prizePool,
    overlay: r.overlay,
    payouts: r.payouts.map((p) => ({ entryId: p.entryId, rank: p.rank, points: pointsToNumber(p.pointsX100), amount: p.amount })),
    refunds: r.refunds,
  };
}

const SIZE_BOUNDS = { small: { maxSize: 20 }, medium: { minSize: 21, maxSize: 100 }, large: { minSize: 101 } } as const;
const ACTIVE = ["open", "locked", "live"] as const;

// ---------- public reads ----------

fantasyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/sports",
    tags: [TAG],
    summary: "Fantasy sports with their roster, salary cap and counts of leagues, contests and players",
    request: { query: SportsQuery },
    responses: { 200: json(z.array(FantasySport), "Sports"), ...errorResponses(400) },
  }),
  async (c) => {
    const sports = await portOf(c).listSports({ status: c.req.valid("query").status });
    return c.json(sports.map(presentSport), 200);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/leagues",
    tags: [TAG],
    summary: "Fantasy leagues, newest first",
    request: { query: LeaguesQuery },
    responses: { 200: json(z.array(FantasyLeague), "Leagues"), ...errorResponses(400) },
  }),
  async (c) => {
    const leagues = await portOf(c).listLeagues({ sportId: c.req.valid("query").sportId });
    return c.json(leagues.map(presentLeague), 200);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/contests",
    tags: [TAG],
    summary: "Contests: open ones first by start time, then running, then finished",
    description: "Filters: sportId, status (or active = open, locked or live), minFee and maxFee in cents, size (small <= 20, medium 21-100, large > 100 max entries).",
    request: { query: ContestsQuery },
    responses: { 200: json(z.array(FantasyContest), "Contests"), ...errorResponses(400) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const port = portOf(c);
    const contests = await port.listContests({
      sportId: q.sportId,
      statuses: q.status === "active" ? ACTIVE : q.status ? [q.status] : undefined,
      minFee: q.minFee,
      maxFee: q.maxFee,
      ...(q.size ? SIZE_BOUNDS[q.size] : {}),
      limit: q.limit,
    });
    const viewer = viewerId(c.get("actor"));
    const entered = viewer ? await port.enteredBy(viewer, contests.map((x) => x.id)) : new Map<string, number>();
    return c.json(contests.map((x) => presentContest(x, viewer, entered.get(x.id) ?? 0)), 200);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/contests/{id}",
    tags: [TAG],
    summary: "One contest with its roster, salary cap and payout table",
    request: { params: ContestIdParam },
    responses: { 200: json(FantasyContest, "Contest"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const port = portOf(c);
    const contest = await port.findContest(c.req.valid("param").id);
    if (!contest) fail({ code: "FANTASY.CONTEST_NOT_FOUND", message: "No contest with that id" });
    const viewer = viewerId(c.get("actor"));
    const entered = viewer ? ((await port.enteredBy(viewer, [contest.id])).get(contest.id) ?? 0) : 0;
    return c.json(presentContest(contest, viewer, entered), 200);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/contests/{id}/standings",
    tags: [TAG],
    summary: "A contest's standings: rank, entrant (first name and initial), points and payout",
    request: { params: ContestIdParam },
    responses: { 200: json(FantasyStandings, "Standings"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const port = portOf(c);
    const contest = await port.findContest(c.req.valid("param").id);
    if (!contest) fail({ code: "FANTASY.CONTEST_NOT_FOUND", message: "No contest with that id" });
    const viewer = viewerId(c.get("actor"));
    const entries = await port.entriesOf(contest.id);
    const rows = entries
      .map((e) => ({
        rank: e.rank,
        entryId: e.id,
        name: `${e.entrant.firstName} ${e.entrant.lastName.slice(0, 1)}.`.trim(),
        points: pointsToNumber(e.pointsX100),
        payout: e.payout,
        mine: e.userId === viewer,
        at: e.enteredAt.getTime(),
      }))
      .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.at - b.at);
    return c.json(
      {
        contest: presentContest(contest, viewer, rows.filter((r) => r.mine).length),
        // Before the first scoring everyone is level: all share rank 1.
        standings: rows.map(({ at: _, ...r }) => ({ ...r, rank: r.rank ?? 1 })),
      },
      200,
    );
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/players",
    tags: [TAG],
    summary: "Players by salary, highest first (filter by sportId and position)",
    request: { query: PlayersQuery },
    responses: { 200: json(z.array(FantasyPlayer), "Players"), ...errorResponses(400) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const players = await portOf(c).listPlayers({ sportId: q.sportId, position: q.position, limit: q.limit });
    return c.json(players.map(presentPlayer), 200);
  },
);

// ---------- customer ----------

fantasyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/fantasy/contests",
    tags: [TAG],
    summary: "Create a private contest with an invite code; the creator enters it and pays the fee (customer)",
    description:
      "The creator's lineup is checked like any entry. Refused like an entry: 403 KYC.LEVEL_REQUIRED or a responsible-gambling code, " +
      "400 FANTASY.* for an invalid lineup or schedule, 409 FANTASY.INSUFFICIENT_FUNDS. Nothing is written when refused.",
    middleware: [requireRole("customer")] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreatePrivateContestBody } } } },
    responses: { 201: json(PrivateContestResponse, "Created and entered"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const b = c.req.valid("json");
    const ctx = ctxOf(c);
    const out = unwrap(
      await createPrivateContest(ctx, {
        sportId: b.sportId,
        name: b.name,
        entryFee: b.entryFee,
        maxEntries: b.maxEntries,
        startTime: new Date(b.startTime),
        endTime: b.endTime ? new Date(b.endTime) : undefined,
        lineup: b.lineup,
      }),
    );
    const [entry] = await presentEntries(portOf(c), [out.entry], ctx.clock.now(), [out.contest]);
    return c.json({ contest: presentContest(out.contest, out.contest.createdBy, 1), entry, balance: out.balance }, 201);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/fantasy/contests/{id}/entries",
    tags: [TAG],
    summary: "Enter a contest with a lineup; the entry fee moves from the wallet to the contest's prize pool (customer)",
    description:
      "Refused (nothing written): 403 KYC.LEVEL_REQUIRED, a responsible-gambling code, FANTASY.INVITE_CODE_REQUIRED; " +
      "409 FANTASY.CONTEST_CLOSED, FANTASY.CONTEST_STARTED, FANTASY.CONTEST_FULL, FANTASY.ALREADY_ENTERED (single-entry contest), " +
      "FANTASY.ENTRY_LIMIT_REACHED (as many entries as the contest's maxEntriesPerUser), FANTASY.INSUFFICIENT_FUNDS, " +
      "RG.CONCURRENT_CHANGE (the account changed during the entry); the wagering gates are re-checked inside the entry write; " +
      "400 FANTASY.LINEUP_SIZE, FANTASY.DUPLICATE_PLAYER, FANTASY.PLAYER_NOT_FOUND, FANTASY.PLAYER_WRONG_SPORT, FANTASY.PLAYER_OUT, " +
      "FANTASY.POSITIONS_UNFILLED, FANTASY.SALARY_CAP_EXCEEDED.",
    middleware: [requireRole("customer")] as const,
    request: {
      params: ContestIdParam,
      body: { required: true, content: { "application/json": { schema: EnterContestBody } } },
    },
    responses: { 201: json(EntryResponse, "Entered"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    const out = unwrap(await enterContest(ctx, c.req.valid("param").id, c.req.valid("json")));
    const port = portOf(c);
    const [entry] = await presentEntries(port, [out.entry], ctx.clock.now());
    return c.json({ entry, balance: out.balance }, 201);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "put",
    path: "/fantasy/entries/{entryId}",
    tags: [TAG],
    summary: "Change the lineup of one's own entry until the contest starts (customer)",
    middleware: [requireRole("customer")] as const,
    request: {
      params: EntryIdParam,
      body: { required: true, content: { "application/json": { schema: EditLineupBody } } },
    },
    responses: { 200: json(FantasyEntry, "The entry with its new lineup"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    const entry = unwrap(await editLineup(ctx, c.req.valid("param").entryId, c.req.valid("json")));
    const [presented] = await presentEntries(portOf(c), [entry], ctx.clock.now());
    return c.json(presented, 200);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/my/entries",
    tags: [TAG],
    summary: "The signed-in user's entries, newest first: contest, lineup with points, rank, payout (My Contests, My Lineups)",
    middleware: [requireUser()] as const,
    request: {
      query: z.object({
        limit: z.coerce.number().int().min(1).max(500).default(200).openapi({ param: { name: "limit", in: "query" } }),
      }),
    },
    responses: { 200: json(z.array(FantasyEntry), "Entries"), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const port = portOf(c);
    const entries = await port.entriesForUser(signedInUser(c).id, c.req.valid("query").limit);
    return c.json(await presentEntries(port, entries, c.get("deps").clock.now()), 200);
  },
);

// ---------- admin ----------

fantasyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/fantasy/sports",
    tags: [ADMIN_TAG],
    summary: "Create a fantasy sport (admin). Audited.",
    description: "settings.rosterPositions and settings.salaryCap set the roster; without them six UTIL slots under a 50000 cap. 409 FANTASY.SPORT_EXISTS for the same name and season.",
    middleware: [requireRole("admin")] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreateSportBody } } } },
    responses: { 201: json(FantasySport, "Created"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const sport = unwrap(await createSport(ctxOf(c), c.req.valid("json")));
    return c.json(presentSport({ ...sport, leagueCount: 0, contestCount: 0, playerCount: 0 }), 201);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/fantasy/leagues",
    tags: [ADMIN_TAG],
    summary: "Create a fantasy league (admin): max teams 4 to 20 (default 12), fees and prize pool at least 0. Audited.",
    middleware: [requireRole("admin")] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreateLeagueBody } } } },
    responses: { 201: json(FantasyLeague, "Created"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const league = unwrap(await createLeague(ctxOf(c), c.req.valid("json")));
    return c.json(presentLeague(league), 201);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/fantasy/contests",
    tags: [ADMIN_TAG],
    summary: "Create a public contest (admin): max entries at least 1 (default 100), fees and prize pool at least 0. Audited.",
    description:
      "prizePool is the guaranteed prize pool: a floor, the pool paid being max(prizePool, entry fees - rake), the house paying only the " +
      "overlay at settlement. maxEntriesPerUser caps one customer's entries (default 1). " +
      "The start time must be in the future (400 FANTASY.INVALID_SCHEDULE).",
    middleware: [requireRole("admin")] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreateContestBody } } } },
    responses: { 201: json(FantasyContest, "Created"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const b = c.req.valid("json");
    const contest = unwrap(
      await createContest(ctxOf(c), {
        ...b,
        startTime: new Date(b.startTime),
        endTime: b.endTime ? new Date(b.endTime) : undefined,
      }),
    );
    return c.json(presentContest(contest, viewerId(c.get("actor")), 0), 201);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/fantasy/players",
    tags: [ADMIN_TAG],
    summary: "Add a player to a sport (admin): a position the sport's roster uses, a salary up to its cap. Audited.",
    middleware: [requireRole("admin")] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreatePlayerBody } } } },
    responses: { 201: json(FantasyPlayer, "Created"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const player = unwrap(await createPlayer(ctxOf(c), c.req.valid("json")));
    return c.json(presentPlayer(player), 201);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/fantasy/contests/{id}/settle",
    tags: [ADMIN_TAG],
    summary: "Settle a locked or live contest now, with the points as they stand (admin). Audited.",
    description: "Pays the prize pool by the payout table (ties split) and the rake to the operator. A second settle is 409 FANTASY.INVALID_TRANSITION and pays nothing.",
    middleware: [requireRole("admin")] as const,
    request: { params: ContestIdParam },
    responses: { 200: json(ContestResolution, "Settled"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const r = unwrap(await settleContest(ctxOf(c), c.req.valid("param").id));
    return c.json(presentResolution(r, viewerId(c.get("actor"))), 200);
  },
);

fantasyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/fantasy/contests/{id}/cancel",
    tags: [ADMIN_TAG],
    summary: "Cancel a contest that is not settled: every entry fee refunded, any guarantee back to the house (admin). Audited.",
    middleware: [requireRole("admin")] as const,
    request: { params: ContestIdParam },
    responses: { 200: json(ContestResolution, "Cancelled"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const r = unwrap(await cancelContest(ctxOf(c), c.req.valid("param").id));
    return c.json(presentResolution(r, viewerId(c.get("actor"))), 200);
  },
);
