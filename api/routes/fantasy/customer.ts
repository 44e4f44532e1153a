/** Fantasy, the customer's side: private contests, entering a contest, editing a lineup, my entries. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env.ts";
import { ctxOf } from "../../env.ts";
import { unwrap } from "../../errors.ts";
import { errorResponses, json } from "../openapi-helpers.ts";
import { requireRole, requireUser, signedInUser } from "../../middleware/session.ts";
import { ContestIdParam, CreatePrivateContestBody, EditLineupBody, EnterContestBody, EntryIdParam, EntryResponse, FantasyEntry, PrivateContestResponse } from "../../schemas/fantasy.ts";
import { enterContest } from "../../../domain/fantasy/enter-contest.ts";
import { editLineup } from "../../../domain/fantasy/edit-lineup.ts";
import { createPrivateContest } from "../../../domain/fantasy/create-private-contest.ts";
import { entryDetails, myFantasyEntries } from "../../../domain/fantasy/browse.ts";
import { TAG } from "./shared.ts";
import { presentContest, presentEntries } from "./presenters.ts";

export const fantasyCustomerRoutes = new OpenAPIHono<AppEnv>();

fantasyCustomerRoutes.openapi(
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
    const [entry] = presentEntries(await entryDetails(ctx, [out.entry], [out.contest]), ctx.clock.now());
    return c.json({ contest: presentContest(out.contest, out.contest.createdBy, 1), entry, balance: out.balance }, 201);
  },
);

fantasyCustomerRoutes.openapi(
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
    responses: { 201: json(EntryResponse, "Entered"), ...errorResponses(400, 401, 403, 404, 409, 503) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    const out = unwrap(await enterContest(ctx, c.req.valid("param").id, c.req.valid("json")));
    const [entry] = presentEntries(await entryDetails(ctx, [out.entry]), ctx.clock.now());
    return c.json({ entry, balance: out.balance }, 201);
  },
);

fantasyCustomerRoutes.openapi(
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
    const [presented] = presentEntries(await entryDetails(ctx, [entry]), ctx.clock.now());
    return c.json(presented, 200);
  },
);

fantasyCustomerRoutes.openapi(
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
    const ctx = ctxOf(c);
    return c.json(presentEntries(await myFantasyEntries(ctx, signedInUser(c).id, c.req.valid("query").limit), ctx.clock.now()), 200);
  },
);
