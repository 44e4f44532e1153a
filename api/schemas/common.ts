import { z } from "@hono/zod-openapi";
import { parseOdds } from "../../domain/shared/odds.ts";
import { SUSPENSION_CATEGORIES } from "../../domain/accounts/suspension.ts";
import { unsafeCharacter, UNSAFE_TEXT_MESSAGE, type TextKind } from "../../domain/shared/text.ts";

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "BET.ODDS_CHANGED" }),
      message: z.string(),
      requestId: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .openapi("Error");
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Integer minor units (cents). */
export const Cents = z.number().int().openapi({ description: "Integer cents", example: 100000 });
/** Decimal odds as an exact decimal string, e.g. "2.15". */
export const OddsString = z
  .string()
  .regex(/^\d{1,4}(\.\d{1,3})?$/, "Odds must be a decimal such as 2.15")
  .refine((s) => parseOdds(s) !== null, "Odds must be between 1.01 and 1000")
  .openapi({ example: "2.15" });
export const IsoDate = z.string().openapi({ format: "date-time", example: "2026-11-21T09:30:00.000Z" });
export const IdParam = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" }, example: "bet_01" }),
});

/** The house's one risk scale (domain/shared/risk-level.ts). */
export const RiskLevel = z.enum(["low", "medium", "high", "critical"]);
export type RiskLevel = z.infer<typeof RiskLevel>;
export const Role = z.enum(["admin", "customer", "trader"]);
/** Why an account is suspended, as its customer is told it (domain/accounts/suspension.ts). */
export const SuspensionCategory = z.enum(SUSPENSION_CATEGORIES).openapi("SuspensionCategory");
export type Role = z.infer<typeof Role>;

/**
 * A name or a piece of free text that will be shown to other people: refuses control characters,
 * format characters (bidirectional and invisible ones; the joiners aside) and Hangul fillers
 * (domain/shared/text.ts) with a 400 naming the field and the character.
 * "line" for single-line values (names, titles), "text" for notes that may have line breaks.
 */
export const plain = <S extends z.ZodString>(schema: S, kind: TextKind = "line"): S =>
  schema.refine((s) => unsafeCharacter(s, kind) === null, {
    error: (issue) => `Text ${UNSAFE_TEXT_MESSAGE}; found ${unsafeCharacter(String(issue.input), kind)}`,
    params: { reason: "unsafe_characters" },
  }) as S;
