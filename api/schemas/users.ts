/**
 * Admin user management. Money is integer cents.
 * KYC: the stored verificationLevel is none | basic | full (the product spec's entities also name
 * pending and rejected). The spec's display mapping is full -> verified, basic -> pending, anything
 * else -> rejected; `kycStatus` carries that mapped value so every screen shows the same badge.
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, RiskLevel, Role, SuspensionCategory, plain } from "./common.ts";
import { Bet } from "./bets.ts";

export const VerificationLevel = z.enum(["none", "basic", "full", "pending", "rejected"]);
export type VerificationLevel = z.infer<typeof VerificationLevel>;
export const KycStatus = z.enum(["verified", "pending", "rejected"]);
export type KycStatus = z.infer<typeof KycStatus>;

export const UserRiskSummary = z
  .object({
    riskLevel: RiskLevel,
    riskScore: z.number().int().min(0).max(100),
  })
  .openapi("UserRiskSummary");

export const AdminUser = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: Role,
    isActive: z.boolean(),
    isDemo: z.boolean(),
    balance: Cents.openapi({ description: "Wallet balance in cents; 0 for staff, who have no wallet" }),
    hasWallet: z.boolean(),
    createdAt: IsoDate,
    verificationLevel: VerificationLevel,
    kycStatus: KycStatus.openapi({ description: "Spec display mapping: full -> verified, basic -> pending, else rejected" }),
    riskProfile: UserRiskSummary.openapi({ description: "From the fraud engine's user risk profile (low/0 before any scan)" }),
  })
  .openapi("AdminUser");
export type AdminUser = z.infer<typeof AdminUser>;

/**
 * Server-side filters (the product spec's validation rules): search is a case-insensitive substring of the
 * email or "first last"; status active = isActive, suspended = not isActive; kyc: verified = full,
 * basic = basic, pending = basic or pending (the spec's business constants: "Pending KYC counts basic or pending"),
 * rejected = none or rejected.
 */
export const AdminUsersQuery = z.object({
  search: z.string().max(200).optional().openapi({ param: { name: "search", in: "query" } }),
  status: z.enum(["active", "suspended"]).optional().openapi({ param: { name: "status", in: "query" } }),
  kyc: z.enum(["verified", "basic", "pending", "rejected"]).optional().openapi({ param: { name: "kyc", in: "query" } }),
  role: Role.optional().openapi({ param: { name: "role", in: "query" } }),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const UserStats = z
  .object({
    total: z.number().int(),
    active: z.number().int(),
    suspended: z.number().int(),
    pendingKyc: z.number().int().openapi({ description: "verificationLevel basic or pending" }),
    highRisk: z.number().int().openapi({ description: "riskLevel high or critical" }),
  })
  .openapi("UserStats");
export type UserStats = z.infer<typeof UserStats>;

export const UserIdParam = z.object({
  userId: z.string().min(1).max(64).openapi({ param: { name: "userId", in: "path" }, example: "usr_customer_1" }),
});

export const UpdateUserStatusBody = z
  .object({
    isActive: z.boolean(),
    reason: plain(z.string().max(500), "text").optional(),
    category: SuspensionCategory.optional().openapi({
      description: "Why the account is suspended, as the customer is told it (default review); ignored when activating",
    }),
  })
  .strict()
  .openapi("UpdateUserStatus");
export type UpdateUserStatusBody = z.infer<typeof UpdateUserStatusBody>;

export const UpdateUserStatusResponse = z
  .object({
    user: AdminUser,
    sessionsEnded: z.number().int().openapi({ description: "Sessions ended by this change (suspension ends them all)" }),
  })
  .openapi("UpdateUserStatusResponse");
export type UpdateUserStatusResponse = z.infer<typeof UpdateUserStatusResponse>;

export const CreateUserBody = z
  .object({
    firstName: plain(z.string().trim().min(1).max(100)),
    lastName: plain(z.string().trim().min(1).max(100)),
    email: z.string().trim().toLowerCase().email().max(254),
    role: Role,
    password: z.string().min(10).max(200).openapi({ description: "At least 10 characters; stored as an scrypt hash" }),
  })
  .strict()
  .openapi("CreateUser");
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const CreateUserResponse = z.object({ user: AdminUser }).openapi("CreateUserResponse");
export type CreateUserResponse = z.infer<typeof CreateUserResponse>;

export const ActivityAuditItem = z.object({
  id: z.string(),
  at: IsoDate,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  actorId: z.string().nullable(),
  actorRole: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  relation: z.enum(["subject", "actor"]).openapi({ description: "subject: done to this user; actor: done by this user" }),
});
export const ActivityTransaction = z.object({
  id: z.string(),
  kind: z.string(),
  amount: Cents.openapi({ description: "Signed, from the wallet's point of view" }),
  reference: z.string().nullable(),
  createdAt: IsoDate,
  createdBy: z.string().nullable(),
});
export const ActivitySession = z.object({
  startedAt: IsoDate,
  expiresAt: IsoDate,
  ip: z.string().nullable(),
});
export const UserActivity = z
  .object({
    user: AdminUser,
    audit: z.array(ActivityAuditItem),
    bets: z.array(Bet),
    transactions: z.array(ActivityTransaction),
    sessions: z.array(ActivitySession),
  })
  .openapi("UserActivity");
export type UserActivity = z.infer<typeof UserActivity>;
