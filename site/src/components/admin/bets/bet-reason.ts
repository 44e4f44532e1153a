/**
 * The reason an operator gives for changing a bet by hand (domain/settlement/bet-reasons.ts): a code
 * from the fixed list, and a text that "other" needs. What the dialogs send and when they may send.
 */
import { BET_REASON_CODES, BET_REASON_LABELS, OTHER_REASON_MIN, type BetReasonCode } from "../../../../../domain/settlement/bet-reasons.ts";

export type { BetReasonCode };

export const REASON_OPTIONS: readonly { value: BetReasonCode; label: string }[] = BET_REASON_CODES.map((value) => ({ value, label: BET_REASON_LABELS[value] }));

/** Why the dialog cannot send yet, or null. */
export function reasonProblem(code: BetReasonCode | "", text: string): string | null {
  if (!code) return "Choose a reason";
  if (code === "other" && text.trim().length < OTHER_REASON_MIN) return `Say why in at least ${OTHER_REASON_MIN} characters`;
  return null;
}

/** The request's reason fields. */
export function reasonPart(code: BetReasonCode, text: string): { reasonCode: BetReasonCode; reason?: string } {
  return text.trim() ? { reasonCode: code, reason: text.trim() } : { reasonCode: code };
}
