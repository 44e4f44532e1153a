/** User management (admin): list, figures, suspend/activate, Add User, activity log, CSV export. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import {
  AdminUser, AdminUsersQuery, CreateUserBody, CreateUserResponse, UpdateUserStatusBody, UpdateUserStatusResponse, UserActivity,
  UserIdParam, UserStats,
} from "../schemas/users.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { unwrap } from "../errors.ts";
import { requireRole } from "../middleware/session.ts";
import { withinReach } from "../middleware/reach.ts";
import { presentBet } from "../presenters.ts";
import { kycStatusOf } from "../../domain/users/kyc.ts";
import { listUsers, userActivity, userStats } from "../../domain/users/queries.ts";
import { setUserStatus } from "../../domain/users/set-user-status.ts";
import { addUser } from "../../domain/users/add-user.ts";
import { centsText, toCsv } from "../../domain/tasks/csv.ts";
import type { AdminUserRecord } from "../../domain/ports/index.ts";

export const userRoutes = new OpenAPIHono<AppEnv>();


export const presentAdminUser = (u: AdminUserRecord): AdminUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  isActive: u.isActive,
  isDemo: u.isDemo,
  balance: u.balance ?? 0,
  hasWallet: u.balance !== null,
  createdAt: u.createdAt.toISOString(),
  verificationLevel: u.verificationLevel,
  kycStatus: kycStatusOf(u.verificationLevel),
  riskProfile: { riskLevel: u.riskLevel, riskScore: u.riskScore },
});

/** A CSV download: text/csv, named, never cached. */
export function csvResponse(c: Context<AppEnv>, filename: string, csv: string) {
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  });
}
export const csvContent = (description: string) => ({
  description,
  content: { "text/csv": { schema: z.string() } },
});

userRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/users",
    tags: ["Admin: users"],
    summary: "Users with balance, KYC and risk profile, filtered on the server (admin)",
    description:
      "search: case-insensitive substring of the email or 'first last'; status: active or suspended; kyc: verified (full), basic, " +
      "pending (basic or pending), rejected (none or rejected); role optional. Newest first.",
    middleware: [requireRole("admin")] as const,
    request: { query: AdminUsersQuery },
    responses: { 200: json(z.array(AdminUser), "Users"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const users = unwrap(await listUsers(ctxOf(c), c.req.valid("query")));
    return c.json(users.map(presentAdminUser), 200);
  },
);

userRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/users.csv",
    tags: ["Admin: users"],
    summary: "Export Users: the filtered user list as CSV (admin)",
    middleware: [requireRole("admin")] as const,
    request: { query: AdminUsersQuery },
    responses: { 200: csvContent("users.csv"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const users = unwrap(await listUsers(ctxOf(c), c.req.valid("query")));
    const csv = toCsv(
      ["id", "email", "first_name", "last_name", "role", "status", "kyc", "verification_level", "balance", "risk_level", "risk_score", "joined"],
      users.map((u) => [u.id, u.email, u.firstName, u.lastName, u.role, u.isActive ? "active" : "suspended", kycStatusOf(u.verificationLevel),
        u.verificationLevel, u.balance === null ? "" : centsText(u.balance), u.riskLevel, u.riskScore, u.createdAt.toISOString()]),
    );
    return csvResponse(c, "users.csv", csv);
  },
);

userRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/user-stats",
    tags: ["Admin: users"],
    summary: "User figures for the stat cards (admin)",
    middleware: [requireRole("admin")] as const,
    responses: { 200: json(UserStats, "Figures"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await userStats(ctxOf(c))), 200),
);

userRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/admin/users/{userId}/status",
    tags: ["Admin: users"],
    summary: "Suspend or activate a user (admin). Suspending ends all their sessions at once. Audited.",
    description: "An admin cannot suspend their own account (409 USER.CANNOT_SUSPEND_SELF). Setting the status a user already has changes nothing.",
    middleware: [requireRole("admin"), withinReach("user", "userId")] as const,
    request: {
      params: UserIdParam,
      body: { required: true, content: { "application/json": { schema: UpdateUserStatusBody } } },
    },
    responses: { 200: json(UpdateUserStatusResponse, "The user after the change"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const { userId } = c.req.valid("param");
    const r = unwrap(await setUserStatus(ctxOf(c), userId, c.req.valid("json")));
    return c.json({ user: presentAdminUser(r.user), sessionsEnded: r.sessionsEnded }, 200);
  },
);

userRoutes.openapi(
  createRoute({
    method: "post",
    path: "/admin/users",
    tags: ["Admin: users"],
    summary: "Add User: a customer (with a wallet at 0.00), trader or admin with a password (admin). Audited.",
    middleware: [requireRole("admin")] as const,
    request: { body: { required: true, content: { "application/json": { schema: CreateUserBody } } } },
    responses: { 201: json(CreateUserResponse, "Created"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const user = unwrap(await addUser(ctxOf(c), c.req.valid("json")));
    return c.json({ user: presentAdminUser(user) }, 201);
  },
);

userRoutes.openapi(
  createRoute({
    method: "get",
    path: "/admin/users/{userId}/activity",
    tags: ["Admin: users"],
    summary: "View Activity Log: audit records about or by the user, their bets, wallet transactions and sessions (admin)",
    middleware: [requireRole("admin"), withinReach("user", "userId")] as const,
    request: {
      params: UserIdParam,
      query: z.object({
        limit: z.coerce.number().int().min(1).max(1000).default(200).openapi({ param: { name: "limit", in: "query" } }),
      }),
    },
    responses: { 200: json(UserActivity, "Activity"), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { userId } = c.req.valid("param");
    const a = unwrap(await userActivity(ctxOf(c), userId, c.req.valid("query").limit));
    return c.json(
      {
        user: presentAdminUser(a.user),
        audit: a.audit.map((e) => ({
          id: e.id, at: e.createdAt.toISOString(), action: e.action, entityType: e.entityType, entityId: e.entityId,
          actorId: e.actorId, actorRole: e.actorRole, before: e.before, after: e.after, relation: e.relation,
        })),
        bets: a.bets.map(presentBet),
        transactions: a.transactions.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
        sessions: a.sessions.map((s) => ({ startedAt: s.startedAt.toISOString(), expiresAt: s.expiresAt.toISOString(), ip: s.ip })),
      },
      200,
    );
  },
);
