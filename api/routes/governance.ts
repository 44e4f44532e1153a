/**
 * Governance settings: an event's own liability limit (admin, trader) and the risk settings screen's
 * four-eyes thresholds and event limit default (admins change them, traders read them). Raising a
 * limit past the four-eyes threshold, or loosening any of these settings, answers 202 with the
 * request: a second admin approves it in the approvals queue.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { EventLimitBody, EventLimitResponse, RiskSettingBody, RiskSettingParam, RiskSettingsView } from "../schemas/governance.ts";
import { IdParam } from "../schemas/common.ts";
import { pending202, pendingBody } from "./approvals.ts";
import { isPending } from "../../domain/approvals/four-eyes.ts";
import { getEventLimit, setEventLimit } from "../../domain/markets/event-limit.ts";
import { getRiskSettings, setRiskSetting, SETTING_LABELS } from "../../domain/approvals/risk-settings.ts";
import { GOVERNED_SETTINGS, type EventLimitView, type GovernedSetting } from "../../domain/ports/index.ts";

export const governanceRoutes = new OpenAPIHono<AppEnv>();
const staffRoles = requireRole("admin", "trader");
const adminOnly = requireRole("admin");

const presentEventLimit = (e: EventLimitView) => ({
  eventId: e.eventId,
  eventName: e.eventName,
  ownLimit: e.own,
  limit: e.limit,
  defaultLimit: e.defaultLimit,
  liability: e.liability,
  limitUsage: e.limit > 0 ? Math.round((10_000 * e.liability) / e.limit) / 100 : 0,
});

const presentSettings = (s: Record<GovernedSetting, number>) => ({
  settings: GOVERNED_SETTINGS.map((key) => ({ key, label: SETTING_LABELS[key], value: s[key] })),
});

governanceRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/events/{id}/limit",
    tags: ["Markets"],
    summary: "An event's liability (sum of its markets' worst outcomes) against its limit (admin, trader)",
    middleware: [staffRoles] as const,
    request: { params: IdParam },
    responses: { 200: json(EventLimitResponse, "The event's limit"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const e = unwrap(await getEventLimit(ctxOf(c), c.req.valid("param").id));
    return c.json({ event: presentEventLimit(e) }, 200);
  },
);

governanceRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/events/{id}/limit",
    tags: ["Markets"],
    summary: "Set an event's liability limit in cents, or null for the default (admin, trader). Audited.",
    description:
      "Lowering the limit applies at once. Raising it above the four-eyes threshold (risk_settings approval_limit_threshold) answers 202 " +
      "with the request: an admin other than the requester approves it. Demo staff are refused on an event registered customers bet on.",
    middleware: [staffRoles] as const,
    request: { params: IdParam, body: { required: true, content: { "application/json": { schema: EventLimitBody } } } },
    responses: { 200: json(EventLimitResponse, "The event's limit"), ...errorResponses(400, 401, 403, 404, 409), ...pending202 },
  }),
  async (c) => {
    const e = unwrap(await setEventLimit(ctxOf(c), c.req.valid("param").id, c.req.valid("json").liabilityLimit));
    return isPending(e) ? c.json(pendingBody(e), 202) : c.json({ event: presentEventLimit(e) }, 200);
  },
);

governanceRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/risk-settings",
    tags: ["Admin: approvals"],
    summary: "The four-eyes thresholds and the event limit default, in cents (admin, trader)",
    middleware: [staffRoles] as const,
    responses: { 200: json(RiskSettingsView, "Settings"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(presentSettings(unwrap(await getRiskSettings(ctxOf(c)))), 200),
);

governanceRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/risk-settings/{key}",
    tags: ["Admin: approvals"],
    summary: "Change one risk setting (admin). Audited.",
    description: "Lowering (stricter) applies at once. Raising (looser) answers 202 with a request: a second admin approves it.",
    middleware: [adminOnly] as const,
    request: { params: RiskSettingParam, body: { required: true, content: { "application/json": { schema: RiskSettingBody } } } },
    responses: { 200: json(RiskSettingsView, "Settings"), ...errorResponses(400, 401, 403, 409), ...pending202 },
  }),
  async (c) => {
    const r = unwrap(await setRiskSetting(ctxOf(c), c.req.valid("param").key, c.req.valid("json").value));
    return isPending(r) ? c.json(pendingBody(r), 202) : c.json(presentSettings(r), 200);
  },
);
