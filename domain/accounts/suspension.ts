/**
 * What a suspended customer is told, in one place for the server's refusals and the pages' banners.
 *
 * An operator suspends an account for one of a few reasons (the category). The customer is told the
 * category, never the operator's own note (that is internal), and what they can do next: a real
 * account still owns its balance (withdraw it, and contact support about the suspension); a demo
 * account holds only demo credits and is never reopened, so the way on is a new demo.
 */

export const SUSPENSION_CATEGORIES = ["review", "payments", "security", "terms", "safer_gambling"] as const;
export type SuspensionCategory = (typeof SUSPENSION_CATEGORIES)[number];

/** An account suspended without a category chosen (or before categories existed) is "under review". */
export const DEFAULT_SUSPENSION_CATEGORY: SuspensionCategory = "review";

/** The category as the customer reads it after "Reason:", and as the operator picks it. */
export const SUSPENSION_CATEGORY_LABEL: Readonly<Record<SuspensionCategory, string>> = Object.freeze({
  review: "account review",
  payments: "payment review",
  security: "security check",
  terms: "breach of our terms",
  safer_gambling: "safer gambling",
});

export const isSuspensionCategory = (v: unknown): v is SuspensionCategory =>
  typeof v === "string" && (SUSPENSION_CATEGORIES as readonly string[]).includes(v);

/** What the server knows about a suspended session: sent as the refusal's details. */
export interface SuspensionState {
  category: SuspensionCategory;
  isDemo: boolean;
  /** The suspension ended this cookie's session: a real customer signs in again to reach their money. */
  sessionEnded: boolean;
}

export interface SuspensionWords {
  /** "Your account is suspended." / "This demo account is suspended." */
  headline: string;
  /** "Reason: payment review." */
  reason: string;
  /** What to do next, for this kind of account and session. */
  next: string;
  /** The three together: the refusal's message, and the words the slip and the banners show. */
  message: string;
}

const NEXT = {
  demo: "Demo accounts are not reopened: start a new demo to keep trying BetPro.",
  signIn: "Sign in to withdraw your balance, and contact support about the suspension.",
  signedIn: "Betting, deposits and contests are closed. Your balance is still yours: withdraw it from your account page, and contact support about the suspension.",
} as const;

export function suspensionWords(s: SuspensionState): SuspensionWords {
  const headline = s.isDemo ? "This demo account is suspended." : "Your account is suspended.";
  const reason = `Reason: ${SUSPENSION_CATEGORY_LABEL[s.category]}.`;
  const next = s.isDemo ? NEXT.demo : s.sessionEnded ? NEXT.signIn : NEXT.signedIn;
  return { headline, reason, next, message: `${headline} ${reason} ${next}` };
}

/** The details of a 403 AUTH.ACCOUNT_SUSPENDED, read back by the browser (anything else: null). */
export function suspensionFromDetails(details: unknown): SuspensionState | null {
  const d = details as Partial<SuspensionState> | null | undefined;
  if (!d || typeof d !== "object") return null;
  return {
    category: isSuspensionCategory(d.category) ? d.category : DEFAULT_SUSPENSION_CATEGORY,
    isDemo: d.isDemo === true,
    sessionEnded: d.sessionEnded === true,
  };
}
