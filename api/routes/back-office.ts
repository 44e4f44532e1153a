/** CRM (segments, customer search and profiles, bonus, flag, restrict), payments and live in-play (admin). */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import {
  AdminLiveMatch, CrmCustomersQuery, CrmSegment, CustomerIdParam, CustomerProfile, FlagAccountBody, FlagAccountResponse, PaymentsSummary,
  PaymentTransaction, PaymentTransactionsQuery, RestrictAccountBody, RestrictAccountResponse, SendBonusBody, SendBonusResponse,
} from "../schemas/back-office.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import { csvContent, csvResponse, presentAdminUser } from "./users.ts";
import { presentFraudAlert } from "./fraud.ts";
import { pending202, pendingBody } from "./approvals.ts";
import { isPending } from "../../domain/approvals/four-eyes.ts";
import { crmCustomers, crmSegments, flagAccount, restrictAccount, sendBonus } from "../../domain/crm/customers.ts";
import { liveInPlay, paymentTransactions, paymentsOverview, HIGH_ACTIVITY_BETS, type LiveMatchView } from "../../domain/crm/back-office-views.ts";
import { methodOf } from "../../domain/crm/payments.ts";
import { stateLabel } from "../../domain/wallet/payment-state.ts";
import type { CustomerProfileView } from "../../domain/crm/segments.ts";
import { centsText, toCsv } from "../../domain/tasks/csv.ts";
import { formatOdds } from "../../domain/shared/odds.ts";
import type { LedgerPaymentRecord } from "../../domain/ports/index.ts";

export const backOfficeRoutes = new OpenAPIHono<AppEnv>();


const presentProfile = (p: CustomerProfileView): CustomerProfile => ({
  ...p,
  joinDate: p.joinDate.toISOString(),
  lastActivity: p.lastActivity ? p.lastActivity.toISOString() : null,
});

const presentPayment = (r: LedgerPaymentRecord): PaymentTransaction => ({
  id: r.id,
  type: r.kind,
  amount: r.amount,
  method: methodOf(r),
  // A payment carries its true state; a bonus or adjustment is completed by being in the ledger.
  status: r.payment ? r.payment.state : "completed",
  statusLabel: r.payment ? stateLabel(r.kind === "deposit" ? "deposit" : "withdrawal", r.payment.state) : "Completed",
  timestamp: r.createdAt.toISOString(),
  // The provider's reference for a payment (null until the provider answered), the ledger's otherwise.
  reference: r.payment ? r.payment.providerReference : r.reference,
  paymentId: r.payment?.id ?? null,
  failureReason: r.payment?.failureReason ?? null,
  user: r.user,
  createdBy: r.createdBy,
});

function presentLive(v: LiveMatchView): AdminLiveMatch {
  const e = v.event;
  const market = e.markets.find((m) => m.type === "full_time_result") ?? null;
  const outs = market?.outcomes ?? [];
  const two = outs.length === 2 || outs.length === 3;
  const lastUpdate = Math.max(e.updatedAt.getTime(), ...outs.map((o) => o.updatedAt.getTime()));
  return {
    id: e.id,
    sport: e.sport,
    sportName: e.sportName,
    league: e.league,
    homeTeam: e.homeTeam,
    awayTeam: e.awayTeam,
    homeScore: e.homeScore,
    awayScore: e.awayScore,
    minute: e.minute,
    status: e.minute === null ? "Live" : `Live ${e.minute}'`,
    isLive: e.status === "live",
    marketId: market?.id ?? null,
    marketStatus: market?.status ?? null,
    homeOdds: two ? formatOdds(outs[0].priceMilli) : null,
    drawOdds: outs.length === 3 ? formatOdds(outs[1].priceMilli) : null,
    awayOdds: two ? formatOdds(outs[outs.length - 1].priceMilli) : null,
    outcomes: outs.map((o) => ({ id: o.id, name: o.name, odds: formatOdds(o.priceMilli) })),
    totalVolume: v.volume,
    betCount: v.betCount,
    highActivity: v.recentBets >= HIGH_ACTIVITY_BETS,
    lastUpdate: new Date(lastUpdate).toISOString(),
  };
}

backOfficeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/crm/segments",
    tags: ["Admin: CRM"],
    summary: "Customer segments with counts, value, average bet and win rate (admin)",
    description:
      "High Value: lifetime stakes of 500.00 or more. At Risk: no bet in 14 days (or never bet after 14 days), or suspended. " +
      "Regular: 5+ bets in the last 30 days. Casual: everyone else. Applied in that order; each customer is in one segment.",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(z.array(CrmSegment), "Segments"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await crmSegments(ctxOf(c))), 200),
);

backOfficeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/crm/customers",
    tags: ["Admin: CRM"],
    summary: "Customer search: profiles from real bets and payments; search is a substring of username or email (admin)",
    middleware: [requireRole("admin")] as const,
    request: { query: CrmCustomersQuery },
    responses: { 200: json(z.array(CustomerProfile), "Customers"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(unwrap(await crmCustomers(ctxOf(c), c.req.valid("query"))).map(presentProfile), 200),
);

backOfficeRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/crm/customers/{id}/bonus",
    tags: ["Admin: CRM"],
    summary: "Send Bonus: an adjustment from the promotions account to the customer's bonus account (admin), with wagering. Audited. Refused 409 RG.MARKETING_REFUSED to a suspended, timed-out, self-excluded or register-listed customer, inside the write.",
    middleware: [requireRole("admin"), withinReach("user")] as const,
    request: {
      params: CustomerIdParam,
      body: { required: true, content: { "application/json": { schema: SendBonusBody } } },
    },
    description: "Above the bonus threshold (risk_settings approval_bonus_threshold, default 500.00) it answers 202 with the request: a second admin approves it.",
    responses: { 200: json(SendBonusResponse, "Credited"), ...errorResponses(400, 401, 403, 404, 409), ...pending202 },
  }),
  async (c) => {
    const r = unwrap(await sendBonus(ctxOf(c), c.req.valid("param").id, c.req.valid("json")));
    return isPending(r) ? c.json(pendingBody(r), 202) : c.json(r, 200);
  },
);

backOfficeRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/crm/customers/{id}/flag",
    tags: ["Admin: CRM"],
    summary: "Flag Account: opens a high-severity manual fraud alert on the customer (admin). Audited.",
    middleware: [requireRole("admin"), withinReach("user")] as const,
    request: {
      params: CustomerIdParam,
      body: { required: true, content: { "application/json": { schema: FlagAccountBody } } },
    },
    responses: { 201: json(FlagAccountResponse, "The alert"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json({ alert: presentFraudAlert(unwrap(await flagAccount(ctxOf(c), c.req.valid("param").id, c.req.valid("json")))) }, 201),
);

backOfficeRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/crm/customers/{id}/restrict",
    tags: ["Admin: CRM"],
    summary: "Restrict: suspends the customer's account (no sign-in, no bets) and ends their sessions (admin). Audited.",
    description: "Lifted with Activate in User Management (PATCH /api/admin/users/{userId}/status {isActive:true}).",
    middleware: [requireRole("admin"), withinReach("user")] as const,
    request: {
      params: CustomerIdParam,
      body: { required: true, content: { "application/json": { schema: RestrictAccountBody } } },
    },
    responses: { 200: json(RestrictAccountResponse, "The customer after the change"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const r = unwrap(await restrictAccount(ctxOf(c), c.req.valid("param").id, c.req.valid("json")));
    return c.json({ user: presentAdminUser(r.user), sessionsEnded: r.sessionsEnded }, 200);
  },
);

backOfficeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/payments/summary",
    tags: ["Admin: payments"],
    summary: "Deposits, withdrawals and bonuses from the ledger: last 24 hours, by method, all time (admin)",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(PaymentsSummary, "Summary"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await paymentsOverview(ctxOf(c))), 200),
);

backOfficeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/payments/transactions",
    tags: ["Admin: payments"],
    summary: "Wallet payments from the ledger (deposit, withdrawal, deposit_bonus, adjustment), newest first (admin)",
    middleware: [requireRole("admin")] as const,
    request: { query: PaymentTransactionsQuery },
    responses: { 200: json(z.array(PaymentTransaction), "Transactions"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(unwrap(await paymentTransactions(ctxOf(c), c.req.valid("query"))).map(presentPayment), 200),
);

backOfficeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/payments/transactions.csv",
    tags: ["Admin: payments"],
    summary: "Export History: the same transactions as CSV (admin)",
    middleware: [requireRole("admin")] as const,
    request: { query: PaymentTransactionsQuery },
    responses: { 200: csvContent("payments.csv"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const rows = unwrap(await paymentTransactions(ctxOf(c), c.req.valid("query"))).map(presentPayment);
    const csv = toCsv(
      ["id", "timestamp", "type", "amount", "method", "status", "customer_id", "email", "reference", "created_by"],
      rows.map((r) => [r.id, r.timestamp, r.type, centsText(r.amount), r.method, r.status, r.user.id, r.user.email, r.reference, r.createdBy]),
    );
    return csvResponse(c, "payments.csv", csv);
  },
);

backOfficeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/live",
    tags: ["Admin: live"],
    summary: "Live in-play: live events with score, minute, match-winner prices and volume from real stakes (admin)",
    description: `highActivity: at least ${HIGH_ACTIVITY_BETS} bets on the event in the last 10 minutes.`,
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(z.array(AdminLiveMatch), "Live matches"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await liveInPlay(ctxOf(c))).map(presentLive), 200),
);
