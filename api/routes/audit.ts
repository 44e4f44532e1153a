/** The audit trail (admin): every admin or trader change, filterable. */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { AuditQuery, AuditRecords } from "../schemas/audit.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { auditRecords } from "../../domain/users/audit-records.ts";

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
    const q = c.req.valid("query");
    const rows = unwrap(
      await auditRecords(ctxOf(c), {
        actorId: q.actorId,
        entityType: q.entityType,
        entityId: q.entityId,
        action: q.action,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        limit: q.limit,
      }),
    );
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
