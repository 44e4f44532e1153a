/**
 * Why an operator changes a bet by hand. A resettlement of one bet, and any void of a bet by hand,
 * carries a reason code from a fixed list (so reports can count corrections by cause), with a text
 * where the code alone does not say enough ("other"). A resettlement whose result contradicts what
 * its market recorded also needs the override with a reason: it pays against the book's own result.
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { legGradeFor, type MarketResult } from "./market-result.ts";

export const BET_REASON_CODES = ["palpable_error", "result_correction", "void_by_rule", "goodwill", "other"] as const;
export type BetReasonCode = (typeof BET_REASON_CODES)[number];

export const BET_REASON_LABELS: Record<BetReasonCode, string> = {
  palpable_error: "Palpable error",
  result_correction: "Result correction",
  void_by_rule: "Void by rule",
  goodwill: "Goodwill",
  other: "Other",
};

/** "other" needs a text this long; any other code may carry a note. */
export const OTHER_REASON_MIN = 10;

export interface BetReason {
  code: BetReasonCode;
  text?: string | null;
}

/** The reason as kept in the audit record, or why it is not enough. */
export function checkBetReason(reason: BetReason | undefined, doing: string): Result<{ code: BetReasonCode; text: string | null }> {
  const codes = BET_REASON_CODES.map((c) => BET_REASON_LABELS[c].toLowerCase()).join(", ");
  if (!reason) return err(domainError("SETTLE.REASON_REQUIRED", `Give a reason code for ${doing}: ${codes}`, { codes: BET_REASON_CODES }));
  const text = reason.text?.trim() || null;
  if (reason.code === "other" && (text?.length ?? 0) < OTHER_REASON_MIN)
    return err(domainError("SETTLE.REASON_REQUIRED", `"Other" needs a reason of at least ${OTHER_REASON_MIN} characters`, { codes: BET_REASON_CODES }));
  return ok({ code: reason.code, text });
}

export interface Contradiction {
  legId: string;
  marketId: string;
  requested: "won" | "lost" | "placed";
  recorded: "won" | "lost" | "void" | "placed";
}

/**
 * The legs whose requested result contradicts the result recorded on their market (markets with no
 * recorded result contradict nothing). A void never contradicts: it is a decision about the bet
 * (void by rule, a palpable error), not about the match. `placed`: an each-way single settled as
 * placed, which its market contradicts when the runner won, or was not placed.
 */
export function contradictions(
  legs: readonly { id: string; marketId: string; outcomeId: string }[],
  requested: readonly { legId: string; result: "won" | "lost" | "void" }[],
  placed: boolean,
  recorded: ReadonlyMap<string, MarketResult>,
): Contradiction[] {
  const out: Contradiction[] = [];
  for (const leg of legs) {
    const market = recorded.get(leg.marketId);
    const want = requested.find((r) => r.legId === leg.id)?.result;
    if (!market || !want || want === "void") continue;
    const g = legGradeFor(leg.outcomeId, market);
    const shown = g.result === "lost" && g.placed ? "placed" : g.result;
    if (placed ? shown !== "placed" : g.result !== want)
      out.push({ legId: leg.id, marketId: leg.marketId, requested: placed ? "placed" : want, recorded: shown });
  }
  return out;
}
