/** The audit trail (admin): every admin or trader change, filterable. */
import { reachOf } from "../../domain/shared/reach.ts";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { AuditQuery, AuditRecords } from "../schemas/audit.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { fail, unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { requireRole as allowed } from "../../domain/shared/authorize.ts";

export const auditRoutes = new OpenAPIHono<AppEnv>();

auditRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/audit",
    tags: ["Admin"],
    summary: "Audit records, newest first, filtered by actor, entity, action (exact, or a prefix ending in '.') and time (admin)",
    middleware: [requireRole("admin")] as const,
    request: { query: AuditQuery },
    responses: { 200: json(AuditRecords, "Audit records"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    unwrap(allowed(ctx.actor, ["admin"], "read the audit trail"));
    const q = c.req.valid("query");
    const from = q.from ? new Date(q.from) : undefined;
    const to = q.to ? new Date(q.to) : undefined;
    if (from && to && from > to) fail({ code: "REQUEST.INVALID", message: "from must not be after to", details: { field: "from" } });
    const rows = await ctx.ports.auditTrail.list({
      reach: reachOf(ctx.actor),
      actorId: q.actorId,
      entityType: q.entityType,
      entityId: q.entityId,
      action: q.action,
      from,
      to,
      limit: q.limit,
    });
    return c.json(
      rows.map((r) => ({
        id: r.id,
        actorId: r.actorId,
        actorRole: r.actorRole,
        actorName: r.actorName,
        action: r.action,
        entityType: r.entityType,
        entityId: r.entityId,
        before: r.before,
        after: r.after,
        at: r.createdAt.toISOString(),
      })),
      200,
    );
  },
);
