/**
 * Operators' payments (admin): the queue of withdrawals waiting for approval, approve (the payout is
 * then sent) or reject with a reason (the hold comes back), every decision audited; and putting a
 * customer's account under investigation, which holds its withdrawals.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import {
  AdminPayment, ApprovalQueueResponse, ApproveBody, InvestigationBody, InvestigationResponse, PaymentIdParam, RejectBody, ReverseBody,
} from "../schemas/payments-admin.ts";
import { markReversed } from "../../domain/wallet/reverse-payment.ts";
import { CustomerIdParam } from "../schemas/back-office.ts";
import { approveWithdrawal, rejectWithdrawal, setUnderInvestigation } from "../../domain/wallet/approvals.ts";
import { approvalQueue, investigationOf, reviewedPayment, type ReviewedPayment } from "../../domain/wallet/payment-review.ts";
import type { Investigation } from "../../domain/ports/payments.ts";
import { stateLabel } from "../../domain/wallet/payment-state.ts";

export const paymentsAdminRoutes = new OpenAPIHono<AppEnv>();

function present({ payment: p, user: u, underInvestigation }: ReviewedPayment): AdminPayment {
  return {
    id: p.id, direction: p.direction, method: p.method, amount: p.amount, fee: p.fee, state: p.state, stateLabel: stateLabel(p.direction, p.state),
    providerReference: p.providerReference, failureReason: p.failureReason, reviewedBy: p.reviewedBy,
    reviewedAt: p.reviewedAt ? p.reviewedAt.toISOString() : null, reviewReason: p.reviewReason,
    reversedAt: p.reversedAt ? p.reversedAt.toISOString() : null, reversalReason: p.reversalReason ?? null,
    createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(),
    user: { id: p.userId, email: u?.email ?? "", firstName: u?.firstName ?? "", lastName: u?.lastName ?? "", isActive: u?.isActive ?? false },
    underInvestigation,
  };
}

const presentInvestigation = (userId: string, i: Investigation | null) => ({
  userId, underInvestigation: i !== null, openedAt: i ? i.openedAt.toISOString() : null, openedBy: i?.openedBy ?? null, reason: i?.reason ?? null,
});

paymentsAdminRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/payments/approvals",
    tags: ["Admin: payments"],
    summary: "Withdrawals awaiting an operator's approval, oldest first, with the threshold (admin)",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(ApprovalQueueResponse, "Queue"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const { threshold, items } = unwrap(await approvalQueue(ctxOf(c)));
    return c.json({ threshold, items: items.map(present) }, 200);
  },
);

paymentsAdminRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/payments/{id}/approve",
    tags: ["Admin: payments"],
    summary: "Approve a withdrawal waiting in the queue; its payout is sent at once (admin, audited)",
    description: "404 PAYMENT.NOT_FOUND, 409 PAYMENT.NOT_AWAITING_APPROVAL (decided already), 403 WALLET.UNDER_INVESTIGATION.",
    middleware: [requireRole("admin"), withinReach("payment")] as const,
    request: { params: PaymentIdParam, body: { required: false, content: { "application/json": { schema: ApproveBody } } } },
    responses: { 200: json(AdminPayment, "The payment after the payout"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    const body = (c.req.valid("json") ?? {}) as { note?: string };
    return c.json(present(await reviewedPayment(ctx, unwrap(await approveWithdrawal(ctx, c.req.valid("param").id, body)))), 200);
  },
);

paymentsAdminRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/payments/{id}/reject",
    tags: ["Admin: payments"],
    summary: "Reject a withdrawal waiting in the queue with a reason; the money goes back to the customer's balance (admin, audited)",
    middleware: [requireRole("admin"), withinReach("payment")] as const,
    request: { params: PaymentIdParam, body: { required: true, content: { "application/json": { schema: RejectBody } } } },
    responses: { 200: json(AdminPayment, "Rejected"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    return c.json(present(await reviewedPayment(ctx, unwrap(await rejectWithdrawal(ctx, c.req.valid("param").id, c.req.valid("json"))))), 200);
  },
);

paymentsAdminRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/payments/{id}/reverse",
    tags: ["Admin: payments"],
    summary: "Mark a completed payment reversed by the provider, with a reason (admin, audited)",
    description:
      "A withdrawal the bank returned: the amount back in the customer's balance. A deposit charged back: the deposit undone, a shortfall owed as debt, " +
      "its bonus removed (docs/money.md \"Reversed payments\"). Twice = once. 404 PAYMENT.NOT_FOUND, 409 PAYMENT.NOT_REVERSIBLE (not a completed deposit or withdrawal).",
    middleware: [requireRole("admin"), withinReach("payment")] as const,
    request: { params: PaymentIdParam, body: { required: true, content: { "application/json": { schema: ReverseBody } } } },
    responses: { 200: json(AdminPayment, "The payment, reversed"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    return c.json(present(await reviewedPayment(ctx, unwrap(await markReversed(ctx, c.req.valid("param").id, c.req.valid("json"))))), 200);
  },
);

paymentsAdminRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/users/{id}/investigation",
    tags: ["Admin: users"],
    summary: "Whether the customer's account is under investigation (withdrawals held) (admin)",
    middleware: [requireRole("admin"), withinReach("user")] as const,
    request: { params: CustomerIdParam },
    responses: { 200: json(InvestigationResponse, "Investigation"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    return c.json(presentInvestigation(id, unwrap(await investigationOf(ctxOf(c), id))), 200);
  },
);

paymentsAdminRoutes.openapi(
  createRoute({
    method: "put",
    path: "/admin/users/{id}/investigation",
    tags: ["Admin: users"],
    summary: "Open or close an investigation of a customer's account: while open, withdrawals are refused (admin, audited)",
    middleware: [requireRole("admin"), withinReach("user")] as const,
    request: { params: CustomerIdParam, body: { required: true, content: { "application/json": { schema: InvestigationBody } } } },
    responses: { 200: json(InvestigationResponse, "Investigation"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    const out = unwrap(await setUnderInvestigation(ctxOf(c), id, c.req.valid("json")));
    return c.json(presentInvestigation(id, out.investigation), 200);
  },
);


