/**
 * Four eyes (domain/approvals): the queue of changes waiting for a second admin, approve (the change
 * is applied, once) and reject. Routes whose change can wait for approval answer 202 with
 * `{ approval }` (`pendingBody`).
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import {
  ApprovalDecisionResponse, ApprovalIdParam, ApprovalListQuery, ApprovalListResponse, ApprovalPendingResponse, ApproveRequestBody,
  RejectRequestBody, type ApprovalRequestView,
} from "../schemas/approvals.ts";
import type { ApprovalRequest } from "../../domain/ports/index.ts";
import type { ApprovalPending } from "../../domain/approvals/four-eyes.ts";
import { approveRequest, listApprovals, rejectRequest } from "../../domain/approvals/decide.ts";

export const approvalRoutes = new OpenAPIHono<AppEnv>();
const adminOnly = requireRole("admin");

function presentApproval(a: ApprovalRequest): ApprovalRequestView {
  return {
    id: a.id, kind: a.kind, subjectType: a.subjectType, subjectId: a.subjectId, amount: a.amount, summary: a.summary, state: a.state,
    requestedBy: a.requestedBy, requestedByName: a.requestedByName ?? null, requestedAt: a.requestedAt.toISOString(),
    decidedBy: a.decidedBy, decidedByName: a.decidedByName ?? null, decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
    decisionNote: a.decisionNote, input: a.payload.input,
  };
}

/** The OpenAPI answer of a route whose change may wait for approval. */
export const pending202 = { 202: json(ApprovalPendingResponse, "Above its four-eyes threshold: recorded as a request, nothing changed yet") };

/** The 202 body of a change that waits for approval: the request. */
export const pendingBody = (p: ApprovalPending) => ({ approval: presentApproval(p.approvalPending) });

approvalRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/approvals",
    tags: ["Admin: approvals"],
    summary: "Changes waiting for a second admin (pending by default, oldest first), with the thresholds that made them requests (admin)",
    middleware: [adminOnly] as const,
    request: { query: ApprovalListQuery },
    responses: { 200: json(ApprovalListResponse, "Requests"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const r = unwrap(await listApprovals(ctxOf(c), c.req.valid("query").state));
    return c.json({ items: r.items.map(presentApproval), thresholds: r.thresholds }, 200);
  },
);

approvalRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/approvals/{id}/approve",
    tags: ["Admin: approvals"],
    summary: "Approve a request: the change is applied once, with the approval in the same write (admin other than the requester). Audited.",
    description:
      "403 APPROVAL.OWN_REQUEST for the person who asked; 409 APPROVAL.ALREADY_DECIDED when decided (or another approval won the race); " +
      "409 APPROVAL.STALE when what it changes moved on since (closed, nothing applied); the change's own refusals (e.g. 409 BET.RESETTLE_INSUFFICIENT_FUNDS) leave it pending.",
    middleware: [adminOnly] as const,
    request: { params: ApprovalIdParam, body: { required: false, content: { "application/json": { schema: ApproveRequestBody } } } },
    responses: { 200: json(ApprovalDecisionResponse, "Approved and applied"), ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  async (c) => {
    const body = (c.req.valid("json") ?? {}) as { note?: string };
    const r = unwrap(await approveRequest(ctxOf(c), c.req.valid("param").id, body));
    return c.json({ approval: presentApproval(r.request), applied: summarise(r.applied) }, 200);
  },
);

approvalRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/approvals/{id}/reject",
    tags: ["Admin: approvals"],
    summary: "Reject a request with a reason: nothing is applied (admin other than the requester). Audited.",
    middleware: [adminOnly] as const,
    request: { params: ApprovalIdParam, body: { required: true, content: { "application/json": { schema: RejectRequestBody } } } },
    responses: { 200: json(ApprovalDecisionResponse, "Rejected"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const r = unwrap(await rejectRequest(ctxOf(c), c.req.valid("param").id, c.req.valid("json")));
    return c.json({ approval: presentApproval(r) }, 200);
  },
);

/** What the applied change answered, as plain JSON (dates as ISO strings; a market record by its id and result). */
function summarise(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v ?? null, (_k, x: unknown) => (x instanceof Date ? x.toISOString() : x)));
}
