/**
 * Accounts: registration and sign-in, the account page (details, password, settings, verification,
 * follows, rewards), and the betting page's read models (racing next-to-go, boosts, activity).
 * Money is integer cents; odds are exact decimal strings; times are ISO strings.
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, OddsString, Role, plain } from "./common.ts";
import { MarketStatus } from "./events.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/accounts/policy.ts";
import { ODDS_FORMATS, PRICE_CHANGE_POLICIES } from "../../domain/accounts/settings.ts";
import { DOCUMENT_TYPES } from "../../domain/kyc/verification-provider.ts";

/** A calendar date, YYYY-MM-DD, that really exists (2025-02-30 is refused). */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the format YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00.000Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1900;
  }, "Not a real date")
  .openapi({ example: "1990-04-21" });

const Name = plain(z.string().trim().min(1, "Required").max(60));
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .email("Enter a valid email address")
  .openapi({ example: "jane.citizen@example.com" });
export { PASSWORD_MIN_LENGTH };
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH)
  .openapi({ example: "correct horse battery" });

export const VerificationLevel = z.enum(["none", "basic", "full"]);
export type VerificationLevel = z.infer<typeof VerificationLevel>;

// ---- settings -------------------------------------------------------------------------------

export const OddsFormat = z.enum(ODDS_FORMATS);
export type OddsFormat = z.infer<typeof OddsFormat>;
export const PriceChangePolicy = z.enum(PRICE_CHANGE_POLICIES);
export type PriceChangePolicy = z.infer<typeof PriceChangePolicy>;
export const RealityCheckMinutes = z
  .union([z.literal(0), z.literal(30), z.literal(60), z.literal(90), z.literal(120)])
  .openapi({ description: "Reality-check interval in minutes; 0 = off", example: 60 });

export const UserSettings = z
  .object({
    oddsFormat: OddsFormat,
    priceChangePolicy: PriceChangePolicy.openapi({
      description: "refuse any change, accept a higher price, or accept any price at placement",
    }),
    realityCheckMinutes: RealityCheckMinutes,
  })
  .openapi("UserSettings");
export type UserSettings = z.infer<typeof UserSettings>;

/** PUT /api/account/settings: any of the settings (the others stay as they are). */
export const SettingsBody = z
  .object({
    oddsFormat: OddsFormat.optional(),
    priceChangePolicy: PriceChangePolicy.optional(),
    realityCheckMinutes: RealityCheckMinutes.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, "Send at least one setting")
  .openapi("SettingsBody");
export type SettingsBody = z.infer<typeof SettingsBody>;

// ---- sign-in and registration ----------------------------------------------------------------

export const LoginQuery = z.object({
  next: z.string().max(500).optional().openapi({ param: { name: "next", in: "query" }, example: "/account" }),
});

export const RegisterBody = z
  .object({
    firstName: Name,
    lastName: Name,
    email: Email,
    password: Password,
    dateOfBirth: CalendarDate.openapi({ description: "Must be 18 or older today" }),
  })
  .strict()
  .openapi("RegisterBody");
export type RegisterBody = z.infer<typeof RegisterBody>;

export const SignInBody = z
  .object({ email: Email, password: z.string().min(1, "Required").max(PASSWORD_MAX_LENGTH) })
  .strict()
  .openapi("SignInBody");
export type SignInBody = z.infer<typeof SignInBody>;

// ---- the account ---------------------------------------------------------------------------

export const Address = z
  .object({ line1: z.string(), city: z.string(), postcode: z.string(), country: z.string() })
  .openapi("Address");
export type Address = z.infer<typeof Address>;

export const AccountUser = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: Role,
    isDemo: z.boolean(),
    isActive: z.boolean(),
    verificationLevel: VerificationLevel,
    verificationStatus: z
      .enum(["not_started", "basic", "full", "rejected"])
      .openapi({ description: "Shown as Not started / Basic verified / Fully verified / Rejected (only after a refused attempt)" }),
    dateOfBirth: z.string().nullable().openapi({ description: "YYYY-MM-DD" }),
    address: Address.nullable(),
    createdAt: IsoDate,
  })
  .openapi("AccountUser");
export type AccountUser = z.infer<typeof AccountUser>;

export const AccountResponse = z
  .object({
    user: AccountUser,
    balance: Cents.nullable().openapi({ description: "Wallet balance in cents; null for staff without a wallet" }),
    settings: UserSettings,
  })
  .openapi("Account");
export type AccountResponse = z.infer<typeof AccountResponse>;

export const DetailsBody = z
  .object({
    firstName: Name.optional(),
    lastName: Name.optional(),
    email: Email.optional(),
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional().openapi({ description: "Needed to change the email" }),
  })
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== "currentPassword"), "Send at least one field")
  .openapi("DetailsBody");
export type DetailsBody = z.infer<typeof DetailsBody>;
export const DetailsResponse = z.object({ user: AccountUser }).openapi("DetailsResponse");
export type DetailsResponse = z.infer<typeof DetailsResponse>;

export const PasswordChangeBody = z
  .object({ currentPassword: z.string().min(1, "Required").max(PASSWORD_MAX_LENGTH), newPassword: Password })
  .strict()
  .openapi("PasswordChangeBody");
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

// ---- verification ----------------------------------------------------------------------------

export const BasicVerificationBody = z
  .object({
    firstName: Name,
    lastName: Name,
    dateOfBirth: CalendarDate,
    addressLine1: plain(z.string().trim().min(1, "Required").max(120)),
    city: plain(z.string().trim().min(1, "Required").max(80)),
    postcode: plain(z.string().trim().min(2, "Required").max(12)),
    country: plain(z.string().trim().min(2, "Required").max(56)),
  })
  .strict()
  .openapi("BasicVerificationBody");
export type BasicVerificationBody = z.infer<typeof BasicVerificationBody>;

export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;
export const DocumentVerificationBody = z
  .object({
    documentType: DocumentType,
    documentNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{5,20}$/, "5 to 20 letters and digits"),
  })
  .strict()
  .openapi("DocumentVerificationBody");
export type DocumentVerificationBody = z.infer<typeof DocumentVerificationBody>;

export const VerificationResponse = z.object({ verificationLevel: VerificationLevel }).openapi("VerificationResponse");
export type VerificationResponse = z.infer<typeof VerificationResponse>;

// ---- follows and rewards ---------------------------------------------------------------------

export const TeamName = plain(z.string().trim().min(1, "Required").max(80));
export const FollowBody = z.object({ team: TeamName }).strict().openapi("FollowBody");
export const TeamParam = z.object({
  team: TeamName.openapi({ param: { name: "team", in: "path" }, example: "Collingwood" }),
});
export const FollowsResponse = z.object({ teams: z.array(z.string()) }).openapi("Follows");
export type FollowsResponse = z.infer<typeof FollowsResponse>;

export const RewardKind = z.enum(["deposit_bonus", "adjustment", "demo_grant"]);
export type RewardKind = z.infer<typeof RewardKind>;
export const RewardItem = z.object({
  id: z.string().openapi({ description: "The ledger transaction id" }),
  kind: RewardKind,
  amount: Cents.openapi({ description: "Credited to the wallet (negative for a corrective adjustment)" }),
  createdAt: IsoDate,
  reference: z.string().nullable(),
});
export type RewardItem = z.infer<typeof RewardItem>;
export const RewardsResponse = z
  .object({ items: z.array(RewardItem), total: Cents.openapi({ description: "Sum of the items' amounts" }) })
  .openapi("Rewards");
export type RewardsResponse = z.infer<typeof RewardsResponse>;

// ---- sign-in responses -------------------------------------------------------------------------

export const SignInUser = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: Role,
    verificationLevel: VerificationLevel,
  })
  .openapi("SignInUser");
export const SignInResponse = z
  .object({ user: SignInUser, redirectTo: z.string().openapi({ example: "/betting" }) })
  .openapi("SignInResponse");
export type SignInResponse = z.infer<typeof SignInResponse>;

// ---- betting page read models ---------------------------------------------------------------

const limitParam = (max: number, dflt: number) =>
  z.coerce.number().int().min(1).max(max).default(dflt).openapi({ param: { name: "limit", in: "query" } });

export const NextToGoQuery = z.object({ limit: limitParam(20, 5) });
export const Runner = z.object({ outcomeId: z.string(), name: z.string(), odds: OddsString });
export const Race = z
  .object({
    eventId: z.string(),
    meeting: z.string().openapi({ example: "Flemington" }),
    race: z.string().openapi({ example: "Race 3" }),
    description: z.string(),
    startTime: IsoDate,
    marketId: z.string().openapi({ description: "The Race Winner market" }),
    marketName: z.string(),
    marketStatus: MarketStatus,
    runners: z.array(Runner),
  })
  .openapi("Race");
export type Race = z.infer<typeof Race>;
export const NextToGoResponse = z.object({ races: z.array(Race) }).openapi("NextToGo");
export type NextToGoResponse = z.infer<typeof NextToGoResponse>;

export const BoostsQuery = z.object({ limit: limitParam(20, 5) });
export const Boost = z
  .object({
    outcomeId: z.string(),
    marketId: z.string(),
    marketName: z.string(),
    eventId: z.string(),
    eventName: z.string(),
    selectionName: z.string(),
    oldOdds: OddsString.openapi({ description: "The price before the recent rise" }),
    newOdds: OddsString.openapi({ description: "The current price (what a bet placed now gets)" }),
    changedAt: IsoDate.openapi({ description: "When the price last moved" }),
  })
  .openapi("Boost");
export type Boost = z.infer<typeof Boost>;
export const BoostsResponse = z.object({ boosts: z.array(Boost) }).openapi("Boosts");
export type BoostsResponse = z.infer<typeof BoostsResponse>;

export const ActivityQuery = z.object({ limit: limitParam(50, 10) });
export const ActivityItem = z
  .object({
    id: z.string().openapi({ description: "An opaque id for the list (not the bet id)" }),
    who: z.string().openapi({ example: "J. T." }),
    betType: z.enum(["single", "multiple", "same_game_multi"]),
    legs: z.number().int().min(1),
    eventName: z.string().openapi({ description: "The event, or 'Multiple (n legs)'" }),
    selectionName: z.string(),
    stake: Cents,
    totalOdds: OddsString,
    placedAt: IsoDate,
  })
  .openapi("ActivityItem");
export type ActivityItem = z.infer<typeof ActivityItem>;
export const ActivityResponse = z.object({ items: z.array(ActivityItem) }).openapi("Activity");
export type ActivityResponse = z.infer<typeof ActivityResponse>;
