/**
 * What the settle, void, resettle and unsettle dialogs say before they act, and when they ask for
 * the early-settlement override (domain/settlement/settle-override.ts): a result with a winner
 * before the event has finished needs `override: { reason }` of at least 10 characters; a void
 * and an unsettle need none.
 */
export type MarketAction = "settle" | "void" | "resettle" | "unsettle";

export const REASON_MIN = 10;

function bets(n: number): string {
  return `${n} ${n === 1 ? "bet" : "bets"}`;
}

/** The confirmation line; `n` is the number of bets it touches when the market's bet list is known. */
export function confirmMessage(action: MarketAction, n: number | null): string {
  const some = n === null ? null : bets(n);
  switch (action) {
    case "settle":
      return some ? `This settles ${some} and cannot be undone.` : "This settles the market's bets and cannot be undone.";
    case "void":
      return some ? `This voids ${some}, refunding their stakes, and cannot be undone.` : "This voids the market's bets, refunding their stakes, and cannot be undone.";
    case "resettle":
      return some
        ? `This resettles ${some} with the new result: each wallet is corrected by the difference, and what a customer has already spent becomes a debt.`
        : "This resettles the market's bets with the new result: each wallet is corrected by the difference, and what a customer has already spent becomes a debt.";
    case "unsettle":
      return (
        (some
          ? `This returns ${some} to pending and takes back what they were paid; what a customer has already spent becomes a debt.`
          : "This returns the market's bets to pending and takes back what they were paid; what a customer has already spent becomes a debt.") +
        " The market is then held under review: nothing settles it again until it is resettled or released."
      );
  }
}

/** Whether the dialog shows (and requires) the override reason: a winner chosen before the event has finished. */
export function needsOverride(eventStatus: string | null, action: MarketAction): boolean {
  return (action === "settle" || action === "resettle") && eventStatus !== "finished";
}

/** The message under a reason field, or null when it will do. */
export function reasonError(reason: string): string | null {
  return reason.trim().length >= REASON_MIN ? null : `Give a reason of at least ${REASON_MIN} characters`;
}

/** The override part of a request body: present only when the dialog asked for it. */
export function overridePart(asked: boolean, reason: string): { override?: { reason: string } } {
  return asked ? { override: { reason: reason.trim() } } : {};
}
