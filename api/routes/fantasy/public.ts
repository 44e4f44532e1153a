/** Fantasy, public reads: sports, leagues, contests, a contest and its standings, players. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ctxOf, type AppEnv } from "../../env.ts";
import { unwrap } from "../../errors.ts";
import { errorResponses, json } from "../openapi-helpers.ts";
import { ContestIdParam, ContestsQuery, FantasyContest, FantasyLeague, FantasyPlayer, FantasySport, FantasyStandings, LeaguesQuery, PlayersQuery, SportsQuery } from "../../schemas/fantasy.ts";
import {
  contestEntries, listFantasyContests, listFantasyLeagues, listFantasyPlayers, listFantasySports, viewFantasyContest,
} from "../../../domain/fantasy/browse.ts";
import { pointsToNumber } from "../../../domain/fantasy/scoring.ts";
import { standingsOf } from "../../../domain/fantasy/standings.ts";
import { TAG } from "./shared.ts";
import { presentSport, presentLeague, presentPlayer, presentContest } from "./presenters.ts";

export const fantasyPublicRoutes = new OpenAPIHono<AppEnv>();

const SIZE_BOUNDS = { small: { maxSize: 20 }, medium: { minSize: 21, maxSize: 100 }, large: { minSize: 101 } } as const;
const ACTIVE = ["open", "locked", "live"] as const;


fantasyPublicRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/sports",
    tags: [TAG],
    summary: "Fantasy sports with their roster, salary cap and counts of leagues, contests and players",
    request: { query: SportsQuery },
    responses: { 200: json(z.array(FantasySport), "Sports"), ...errorResponses(400) },
  }),
  async (c) => {
    const sports = await listFantasySports(ctxOf(c), { status: c.req.valid("query").status });
    return c.json(sports.map(presentSport), 200);
  },
);

fantasyPublicRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/leagues",
    tags: [TAG],
    summary: "Fantasy leagues, newest first",
    request: { query: LeaguesQuery },
    responses: { 200: json(z.array(FantasyLeague), "Leagues"), ...errorResponses(400) },
  }),
  async (c) => {
    const leagues = await listFantasyLeagues(ctxOf(c), { sportId: c.req.valid("query").sportId });
    return c.json(leagues.map(presentLeague), 200);
  },
);

fantasyPublicRoutes.openapi(
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
    const contests = await listFantasyContests(ctxOf(c), {
      sportId: q.sportId,
      statuses: q.status === "active" ? ACTIVE : q.status ? [q.status] : undefined,
      minFee: q.minFee,
      maxFee: q.maxFee,
      ...(q.size ? SIZE_BOUNDS[q.size] : {}),
      limit: q.limit,
    });
    return c.json(contests.map((x) => presentContest(x.contest, x.viewer, x.entered)), 200);
  },
);

fantasyPublicRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/contests/{id}",
    tags: [TAG],
    summary: "One contest with its roster, salary cap and payout table",
    request: { params: ContestIdParam },
    responses: { 200: json(FantasyContest, "Contest"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { contest, viewer, entered } = unwrap(await viewFantasyContest(ctxOf(c), c.req.valid("param").id));
    return c.json(presentContest(contest, viewer, entered), 200);
  },
);

fantasyPublicRoutes.openapi(
  createRoute({
    method: "get",
    path: "/fantasy/contests/{id}/standings",
    tags: [TAG],
    summary: "A contest's standings: rank, entrant (first name and initial), points and payout",
    request: { params: ContestIdParam },
    responses: { 200: json(FantasyStandings, "Standings"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { contest, viewer, entries } = unwrap(await contestEntries(ctxOf(c), c.req.valid("param").id));
    const rows = standingsOf(entries, viewer);
    return c.json(
      {
        contest: presentContest(contest, viewer, rows.filter((r) => r.mine).length),
        standings: rows.map(({ pointsX100, ...r }) => ({ ...r, points: pointsToNumber(pointsX100) })),
      },
      200,
    );
  },
);

fantasyPublicRoutes.openapi(
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
    const players = await listFantasyPlayers(ctxOf(c), { sportId: q.sportId, position: q.position, limit: q.limit });
    return c.json(players.map(presentPlayer), 200);
  },
);
