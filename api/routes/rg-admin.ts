/**
 * The operators' Responsible Gambling screen (admin): the lists on real data, the interaction log
 * (audited), and the national register simulator's admin/test-only "this person is registered".
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { RegisterSimulatorBody, RgInteraction, RgInteractionBody, RgInteractionsQuery, RgOverview } from "../schemas/rg-admin.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import type { InteractionView } from "../../domain/ports/protection.ts";
import { listInteractions, recordInteraction, registerWithSimulator, responsibleOverview, type RgOverview as Overview } from "../../domain/responsible/operators.ts";

export const rgAdminRoutes = new OpenAPIHono<AppEnv>();

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentOverview(o: Overview): RgOverview {
  return {
    activeLimits: o.activeLimits.map((l) => ({ ...l, since: l.since.toISOString() })),
    pendingIncreases: o.pendingIncreases.map((p) => ({ ...p, requestedAt: p.requestedAt.toISOString(), effectiveAt: p.effectiveAt.toISOString() })),
    timeouts: o.timeouts.map((t) => ({ ...t, startedAt: t.startedAt.toISOString(), until: iso(t.until) })),
    exclusions: o.exclusions.map((e) => ({ ...e, startedAt: e.startedAt.toISOString(), until: iso(e.until), returnAccessAt: iso(e.returnAccessAt) })),
    realityChecks: o.realityChecks.map((r) => ({ ...r, lastBreakAt: iso(r.lastBreakAt) })),
    harm: o.harm.map((h) => ({ ...h, customers: h.customers.map((c) => ({ ...c, since: iso(c.since) })) })),
  };
}

const presentInteraction = (i: InteractionView): RgInteraction => ({ ...i, createdAt: i.createdAt.toISOString() });

rgAdminRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/responsible",
    tags: ["Responsible gambling (operators)"],
    summary: "Customers with active limits, pending increases, time-outs, self-exclusions, reality-check history and markers of harm",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(RgOverview, "Each list with its customers"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(presentOverview(unwrap(await responsibleOverview(ctxOf(c)))), 200),
);

rgAdminRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/responsible/interactions",
    tags: ["Responsible gambling (operators)"],
    summary: "The interaction log, newest first (optionally one customer's)",
    middleware: [requireRole("admin")] as const,
    request: { query: RgInteractionsQuery },
    responses: { 200: json(z.object({ items: z.array(RgInteraction) }), "Interactions"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json({ items: unwrap(await listInteractions(ctxOf(c), c.req.valid("query"))).map(presentInteraction) }, 200),
);

rgAdminRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/responsible/interactions",
    tags: ["Responsible gambling (operators)"],
    summary: "Record a contact with a customer (phone, email, chat, in-app, letter); audited",
    middleware: [requireRole("admin")] as const,
    request: { body: { required: true, content: { "application/json": { schema: RgInteractionBody } } } },
    responses: { 201: json(RgInteraction, "Recorded"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => c.json(presentInteraction(unwrap(await recordInteraction(ctxOf(c), c.req.valid("json")))), 201),
);

rgAdminRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/responsible/register-simulator",
    tags: ["Responsible gambling (operators)"],
    summary: "Simulated national self-exclusion register only: record that a person is registered (admin/test only)",
    description: "404 ROUTE.NOT_FOUND where a real register is wired. Accounts keep a register answer for up to an hour.",
    middleware: [requireRole("admin")] as const,
    request: { body: { required: true, content: { "application/json": { schema: RegisterSimulatorBody } } } },
    responses: { 200: json(z.object({ ok: z.literal(true) }), "Registered in the simulator"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    unwrap(await registerWithSimulator(ctxOf(c), c.req.valid("json")));
    return c.json({ ok: true as const }, 200);
  },
);
