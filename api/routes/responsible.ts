/** Responsible gambling: limits, the first-deposit limit prompt, self-exclusion, the reality check's break. */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { ExclusionBody, LimitPromptBody, ResponsibleState, SetLimitBody, TimeoutBody } from "../schemas/responsible.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { responsibleState } from "../../domain/responsible/responsible-state.ts";
import { setLimit } from "../../domain/responsible/set-limit.ts";
import { declineLimitPrompt, requestReturn, selfExclude, takeBreak, takeTimeout } from "../../domain/responsible/exclude.ts";

export const responsibleRoutes = new OpenAPIHono<AppEnv>();

const state = async (c: Context<AppEnv>) => c.json(unwrap(await responsibleState(ctxOf(c))), 200);
const body = <T>(schema: T) => ({ body: { required: true, content: { "application/json": { schema } } } });

responsibleRoutes.openapi(
  createRoute({
    method: "get",
    path: "/responsible",
    tags: ["Responsible gambling"],
    summary: "Limits in force with usage in each rolling window, pending changes, exclusion, reality check and session statistics",
    middleware: [requireRole("customer")] as const,
    responses: { 200: json(ResponsibleState, "The customer's responsible gambling state"), ...errorResponses(401, 403) },
  }),
  state,
);

responsibleRoutes.openapi(
  createRoute({
    method: "put",
    path: "/responsible/limits",
    tags: ["Responsible gambling"],
    summary: "Set, lower, raise or remove a deposit or loss limit",
    description:
      "A first or lower limit applies at once; a higher one or a removal (amount null) is pending and applies 24 hours later. " +
      "Periods are rolling windows: daily = last 24 h, weekly = last 7 days, monthly = last 30 days.",
    middleware: [requireRole("customer")] as const,
    request: body(SetLimitBody),
    responses: { 200: json(ResponsibleState, "The new state"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    unwrap(await setLimit(ctxOf(c), c.req.valid("json")));
    return state(c);
  },
);

responsibleRoutes.openapi(
  createRoute({
    method: "put",
    path: "/responsible/limit-prompt",
    tags: ["Responsible gambling"],
    summary: "Decline to set a deposit limit before the first deposit (the prompt is then answered)",
    middleware: [requireRole("customer")] as const,
    request: body(LimitPromptBody),
    responses: { 200: json(ResponsibleState, "The new state"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    unwrap(await declineLimitPrompt(ctxOf(c)));
    return state(c);
  },
);

responsibleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/responsible/exclusion",
    tags: ["Responsible gambling"],
    summary: "Self-exclude for 6 months, 1 year, 5 years or permanently: no bets, deposits, contest entries or marketing",
    description:
      "It cannot be lifted or shortened; asking for one that would end sooner than the one in force is 409 RG.EXCLUSION_ACTIVE. " +
      "At the end of the period the account stays closed until the customer asks to return (POST /responsible/exclusion/return), " +
      "then a 24-hour cooling-off. Every other account of the same person (same identity, address or document) is closed too.",
    middleware: [requireRole("customer")] as const,
    request: body(ExclusionBody),
    responses: { 200: json(ResponsibleState, "The new state"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    unwrap(await selfExclude(ctxOf(c), c.req.valid("json")));
    return state(c);
  },
);

responsibleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/responsible/break",
    tags: ["Responsible gambling"],
    summary: "Take a 15 minute break: a 15-minute time-out from betting, deposits and contests",
    middleware: [requireRole("customer")] as const,
    responses: { 200: json(ResponsibleState, "The new state"), ...errorResponses(401, 403, 409) },
  }),
  async (c) => {
    unwrap(await takeBreak(ctxOf(c)));
    return state(c);
  },
);

responsibleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/responsible/timeout",
    tags: ["Responsible gambling"],
    summary: "Take a time-out of 24 hours, 1 week, 1 month or 6 weeks: it ends by itself and cannot be shortened",
    description: "Refused while a self-exclusion or a longer time-out is in force (409 RG.EXCLUSION_ACTIVE).",
    middleware: [requireRole("customer")] as const,
    request: body(TimeoutBody),
    responses: { 200: json(ResponsibleState, "The new state"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    unwrap(await takeTimeout(ctxOf(c), c.req.valid("json")));
    return state(c);
  },
);

responsibleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/responsible/exclusion/return",
    tags: ["Responsible gambling"],
    summary: "Ask to return after a self-exclusion whose period is over: access comes back after a 24-hour cooling-off",
    description:
      "Refused during the period, during a time-out and for a permanent self-exclusion (409 RG.EXCLUSION_ACTIVE), " +
      "and when not excluded (409 RG.NOT_EXCLUDED).",
    middleware: [requireRole("customer")] as const,
    responses: { 200: json(ResponsibleState, "The new state (stage cooling_off)"), ...errorResponses(401, 403, 409) },
  }),
  async (c) => {
    unwrap(await requestReturn(ctxOf(c)));
    return state(c);
  },
);
