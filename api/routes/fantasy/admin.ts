/** Fantasy, the operator's side: create sports, leagues, contests and players; lock, settle or cancel a contest. */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.ts";
import { ctxOf } from "../../env.ts";
import { unwrap } from "../../errors.ts";
import { errorResponses, json } from "../openapi-helpers.ts";
import { requireRole } from "../../middleware/session.ts";
import { ContestIdParam, ContestResolution, CreateContestBody, CreateLeagueBody, CreatePlayerBody, CreateSportBody, FantasyContest, FantasyLeague, FantasyPlayer, FantasySport } from "../../schemas/fantasy.ts";
import { createSport } from "../../../domain/fantasy/create-sport.ts";
import { createLeague } from "../../../domain/fantasy/create-league.ts";
import { createContest } from "../../../domain/fantasy/create-contest.ts";
import { createPlayer } from "../../../domain/fantasy/create-player.ts";
import { settleContest } from "../../../domain/fantasy/settle-contest.ts";
import { cancelContest } from "../../../domain/fantasy/cancel-contest.ts";
import { lockContestNow } from "../../../domain/fantasy/lock-contest.ts";
import { viewerId, ADMIN_TAG } from "./shared.ts";
import { presentSport, presentLeague, presentPlayer, presentContest, presentResolution } from "./presenters.ts";

export const fantasyAdminRoutes = new OpenAPIHono<AppEnv>();

fantasyAdminRoutes.openapi(
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

fantasyAdminRoutes.openapi(
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

fantasyAdminRoutes.openapi(
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

fantasyAdminRoutes.openapi(
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

fantasyAdminRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/fantasy/contests/{id}/lock",
    tags: [ADMIN_TAG],
    summary: "Lock an open contest now (admin): no more entries or lineup changes, its start time becomes now. Audited.",
    description:
      "The contest runner takes it live on its next pass and settles it at its end time, which does not move. " +
      "409 FANTASY.INVALID_TRANSITION unless the contest is open and has the entries it needs to run (its minimum, or one when guaranteed).",
    middleware: [requireRole("admin")] as const,
    request: { params: ContestIdParam },
    responses: { 200: json(FantasyContest, "Locked"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const contest = unwrap(await lockContestNow(ctxOf(c), c.req.valid("param").id));
    return c.json(presentContest(contest, viewerId(c.get("actor")), 0), 200);
  },
);

fantasyAdminRoutes.openapi(
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

fantasyAdminRoutes.openapi(
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
