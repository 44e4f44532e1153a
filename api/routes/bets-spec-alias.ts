/**
 * POST /api/bets accepts the spec's body as an alias (api/schemas/spec-alias.ts): this module turns
 * it into our PlaceBetInput before the placement use case runs, and gives the answer's money back
 * in the request's unit. A body in our shape passes through untouched (no lookup, no copy).
 */
import type { Context } from "hono";
import { sendError, validationHook } from "../errors.ts";
import type { AppEnv } from "../env.ts";
import { PlaceBetBody, SelectionInput, type PlaceBetBody as NativeBody } from "../schemas/bets.ts";
import { z } from "@hono/zod-openapi";
import { looksLikeSpecBody, SpecPlaceBetBody, SpecPlaceBetResponse, SpecSelection, type SpecPlaceBetBody as SpecBody } from "../schemas/spec-alias.ts";
import { dollarsOf, isSpecSelection, stakeUnitMismatch } from "../../domain/betting/spec-alias.ts";
import { specBetInput } from "../../domain/betting/spec-bet-input.ts";
import type { PlaceBetInput, PlacedBet } from "../../domain/betting/place-bet.ts";
import { ok, type Result } from "../../domain/shared/result.ts";
import type { Ctx } from "../../domain/shared/context.ts";

/**
 * Validation errors of POST /api/bets as if only one shape existed: the spec's when the raw body
 * uses it (a dollar-string stake or a match-winner selection), ours otherwise, so a bad native
 * body is refused with the same fields as before the alias.
 */
export const placeBetValidationHook = (
  result: { success: boolean; data?: unknown },
  c: Context<AppEnv>,
) => {
  if (result.success) return;
  // Only the body has two shapes; a bad header (Idempotency-Key) is reported as on any route.
  if ((result as { target?: string }).target !== "json") return validationHook(result as Parameters<typeof validationHook>[0], c);
  const raw = result.data;
  const issues = looksLikeSpecBody(raw) ? specIssues(raw) : issuesOf(PlaceBetBody.safeParse(raw));
  // The stake's unit must fit the selections' shape (a mix is refused even when each part is fine).
  const b = raw && typeof raw === "object" ? (raw as { stake?: unknown; selections?: unknown }) : {};
  const mismatch = stakeUnitMismatch(b.stake, b.selections);
  if (mismatch) issues.unshift({ path: ["stake"], message: mismatch, code: "custom" });
  return sendError(c, {
    code: "REQUEST.INVALID",
    message: "The request is invalid",
    details: { fields: issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message, code: i.code })) },
  });
};

type SpecPlacedBet = z.infer<typeof SpecPlaceBetResponse>;

type Issue = { path: PropertyKey[]; message: string; code: string };
const issuesOf = (r: { success: boolean; error?: { issues: Issue[] } }): Issue[] => (r.success ? [] : r.error!.issues);

/** The spec body's issues, each selection checked against the shape its market id names (not a union's guess). */
function specIssues(raw: unknown): Issue[] {
  const issues = issuesOf(SpecPlaceBetBody.extend({ selections: z.array(z.unknown()).max(20) }).safeParse(raw));
  const selections = (raw as { selections?: unknown }).selections;
  if (Array.isArray(selections))
    selections.forEach((s, i) => {
      const schema = s && typeof s === "object" && isSpecSelection(s as { marketId: string }) ? SpecSelection : SelectionInput;
      for (const issue of issuesOf(schema.safeParse(s))) issues.push({ ...issue, path: ["selections", i, ...issue.path] });
    });
  return issues;
}

/** Whether a validated body used a dollar-string stake (then the answer's money is in dollars). */
type ValidatedBody = NativeBody | SpecBody;

/**
 * Our input for the use case. Validation let through only whole shapes (PlaceBetRequest): a cents
 * stake with our selections passes untouched; a dollar stake comes with spec selections, each
 * mapped to its event's match-result market and outcome.
 */
export async function toPlaceBetInput(ctx: Pick<Ctx, "ports">, body: ValidatedBody): Promise<Result<PlaceBetInput>> {
  if (typeof body.stake !== "string") return ok(body as PlaceBetInput);
  return specBetInput(ctx, body as SpecBody);
}

/** The answer in the request's unit: a dollar-string stake gets the bet's stake and potentialReturn as dollar strings. */
export function inRequestUnit(body: ValidatedBody, placed: PlacedBet): PlacedBet | SpecPlacedBet {
  if (typeof body.stake !== "string") return placed;
  return { ...placed, bet: { ...placed.bet, stake: dollarsOf(placed.bet.stake), potentialReturn: dollarsOf(placed.bet.potentialReturn) } };
}
