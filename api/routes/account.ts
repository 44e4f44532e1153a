/**
 * The account page: details, password, settings, verification, followed teams and rewards.
 * Details, password and settings belong to every signed-in user; verification, follows and
 * rewards to customers.
 */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../env.ts";
import { ctxOf } from "../env.ts";
import {
  AccountResponse, BasicVerificationBody, DetailsBody, DetailsResponse, DocumentVerificationBody, FollowBody, FollowsResponse,
  PasswordChangeBody, RewardsResponse, SettingsBody, TeamParam, UserSettings, VerificationResponse, type AccountUser,
} from "../schemas/account.ts";
import { OkResponse } from "../schemas/auth.ts";
import { errorResponses, json } from "./openapi-helpers.ts";
import { errorBody, unwrap } from "../errors.ts";
import { requireRole, requireUser } from "../middleware/session.ts";
import type { User } from "../../domain/shared/types.ts";
import type { AccountProfile } from "../../domain/accounts/profile.ts";
import { accountUserOf, getAccount } from "../../domain/accounts/get-account.ts";
import { updateDetails } from "../../domain/accounts/update-details.ts";
import { changePassword } from "../../domain/accounts/change-password.ts";
import { getSettings, updateSettings } from "../../domain/accounts/update-settings.ts";
import { followTeam, listFollows, unfollowTeam } from "../../domain/accounts/follow-team.ts";
import { listRewards } from "../../domain/accounts/list-rewards.ts";
import { submitBasicVerification } from "../../domain/kyc/submit-basic.ts";
import { submitDocumentVerification } from "../../domain/kyc/submit-document.ts";
import { verificationStatus } from "../../domain/kyc/levels.ts";

const presentAccountUser = (u: User, p: AccountProfile, lastAttemptRejected = false): AccountUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  isDemo: u.isDemo,
  isActive: u.isActive,
  verificationLevel: u.verificationLevel,
  verificationStatus: verificationStatus(u.verificationLevel, lastAttemptRejected),
  dateOfBirth: p.dateOfBirth,
  address: p.address,
  createdAt: u.createdAt.toISOString(),
});

const body = <T>(schema: T) => ({ body: { required: true, content: { "application/json": { schema } } } });

export const accountRoutes = new OpenAPIHono<AppEnv>();

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/account",
    tags: ["Account"],
    summary: "The signed-in user's account: details, identity, balance (null for staff) and settings",
    middleware: [requireUser()] as const,
    responses: { 200: json(AccountResponse, "The account"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const a = unwrap(await getAccount(ctxOf(c)));
    return c.json({ user: presentAccountUser(a.user, a.profile, a.lastAttemptRejected), balance: a.balance, settings: a.settings }, 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/account/details",
    tags: ["Account"],
    summary: "Change first name, last name or email (email unique: 409 AUTH.EMAIL_TAKEN)",
    description:
      "The email changes only with currentPassword (403 ACCOUNT.PASSWORD_REQUIRED without it, 403 AUTH.INVALID_CREDENTIALS when wrong). " +
      "A verified customer who changes their name goes back to verification (level none).",
    middleware: [requireUser()] as const,
    request: body(DetailsBody),
    responses: { 200: json(DetailsResponse, "The updated account user"), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const ctx = ctxOf(c);
    const result = await updateDetails(ctx, c.req.valid("json"));
    // As for the password change: a wrong current password is 403, not 401 (the caller stays signed in).
    if (!result.ok && result.error.code === "AUTH.INVALID_CREDENTIALS")
      return c.json(errorBody(c.get("requestId"), result.error), 403) as never;
    const shown = await accountUserOf(ctx, unwrap(result));
    return c.json({ user: presentAccountUser(shown.user, shown.profile, shown.lastAttemptRejected) }, 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/account/password",
    tags: ["Account"],
    summary: "Change the password (needs the current one); the user's other sessions end",
    description:
      "Wrong current password -> 403 AUTH.INVALID_CREDENTIALS (403, not 401: the caller is signed in and stays signed in). " +
      "Demo users have no password -> 409 ACCOUNT.NO_PASSWORD. Wrong guesses count with failed sign-ins: 5 for the account " +
      "or from the address within 15 minutes, or another password check for the account still running -> 429 AUTH.THROTTLED with Retry-After.",
    middleware: [requireUser()] as const,
    request: body(PasswordChangeBody),
    responses: { 200: json(OkResponse, "Changed"), ...errorResponses(400, 401, 403, 409, 429) },
  }),
  async (c) => {
    const result = await changePassword(ctxOf(c), c.req.valid("json"), { ip: c.get("clientIp") });
    if (!result.ok && result.error.code === "AUTH.THROTTLED")
      c.header("Retry-After", String((result.error.details as { retryAfterSeconds: number }).retryAfterSeconds));
    // The one place AUTH.INVALID_CREDENTIALS is not 401: a 401 would tell the browser the session
    // is gone, while here the signed-in user only mistyped the current password.
    if (!result.ok && result.error.code === "AUTH.INVALID_CREDENTIALS")
      return c.json(errorBody(c.get("requestId"), result.error), 403) as never; // typed routes only type their 2xx bodies
    unwrap(result);
    return c.json({ ok: true as const }, 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/account/settings",
    tags: ["Account"],
    summary: "Odds format, price-change policy and reality-check interval",
    middleware: [requireUser()] as const,
    responses: { 200: json(UserSettings, "The settings (defaults until changed)"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(unwrap(await getSettings(ctxOf(c))), 200),
);

accountRoutes.openapi(
  createRoute({
    method: "put",
    path: "/account/settings",
    tags: ["Account"],
    summary: "Change any of the settings; the others stay as they are",
    middleware: [requireUser()] as const,
    request: body(SettingsBody),
    responses: { 200: json(UserSettings, "The settings now"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json(unwrap(await updateSettings(ctxOf(c), c.req.valid("json"))), 200),
);

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/account/verification/basic",
    tags: ["Account"],
    summary: "Verify name, date of birth and address with the verification provider: level none -> basic",
    description:
      "The provider's refusal (or an applicant under 18) -> 422 KYC.REJECTED with details.reason. The simulated provider " +
      "(adapters/kyc/simulated-provider.ts) refuses the name 'Reject' and an all-zero postcode.",
    middleware: [requireRole("customer")] as const,
    request: body(BasicVerificationBody),
    responses: { 200: json(VerificationResponse, "The level reached"), ...errorResponses(400, 401, 403, 422) },
  }),
  async (c) => {
    const b = c.req.valid("json");
    const result = await submitBasicVerification(ctxOf(c), {
      firstName: b.firstName,
      lastName: b.lastName,
      dateOfBirth: b.dateOfBirth,
      address: { line1: b.addressLine1, city: b.city, postcode: b.postcode, country: b.country },
    });
    return c.json(unwrap(result), 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/account/verification/document",
    tags: ["Account"],
    summary: "Verify an identity document with the verification provider: level basic -> full",
    description:
      "Needs basic first -> 409 KYC.BASIC_REQUIRED; the provider's refusal -> 422 KYC.REJECTED. The simulated provider " +
      "refuses a document number starting with 000.",
    middleware: [requireRole("customer")] as const,
    request: body(DocumentVerificationBody),
    responses: { 200: json(VerificationResponse, "The level reached"), ...errorResponses(400, 401, 403, 409, 422) },
  }),
  async (c) => c.json(unwrap(await submitDocumentVerification(ctxOf(c), c.req.valid("json"))), 200),
);

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/account/follows",
    tags: ["Account"],
    summary: "The teams the customer follows",
    middleware: [requireRole("customer")] as const,
    responses: { 200: json(FollowsResponse, "Followed teams, oldest first"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json({ teams: unwrap(await listFollows(ctxOf(c))) }, 200),
);

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/account/follows",
    tags: ["Account"],
    summary: "Follow a team that plays in our events (following again changes nothing)",
    description: "Unknown team -> 404 ACCOUNT.TEAM_NOT_FOUND; more than 50 -> 409 ACCOUNT.TOO_MANY_FOLLOWS.",
    middleware: [requireRole("customer")] as const,
    request: body(FollowBody),
    responses: { 200: json(FollowsResponse, "Followed teams now"), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => c.json({ teams: unwrap(await followTeam(ctxOf(c), c.req.valid("json").team)) }, 200),
);

accountRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/account/follows/{team}",
    tags: ["Account"],
    summary: "Stop following a team (not following it already is fine)",
    middleware: [requireRole("customer")] as const,
    request: { params: TeamParam },
    responses: { 200: json(FollowsResponse, "Followed teams now"), ...errorResponses(400, 401, 403) },
  }),
  async (c) => c.json({ teams: unwrap(await unfollowTeam(ctxOf(c), c.req.valid("param").team)) }, 200),
);

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/account/rewards",
    tags: ["Account"],
    summary: "Benefits & Rewards: bonuses, adjustments and grants paid into the wallet (from the ledger)",
    middleware: [requireRole("customer")] as const,
    responses: { 200: json(RewardsResponse, "Newest first, with their total"), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const r = unwrap(await listRewards(ctxOf(c)));
    return c.json(
      {
        items: r.items.map((i) => ({
          id: i.transactionId,
          kind: i.kind,
          amount: i.amount,
          createdAt: i.createdAt.toISOString(),
          reference: i.reference,
        })),
        total: r.total,
      },
      200,
    );
  },
);
