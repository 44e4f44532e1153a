/**
 * Words for four-eyes requests (domain/approvals): what each kind is, the toast a change shows when
 * it became a request (202) instead of happening, and whether the signed-in admin may decide one.
 */
import type { ApprovalRequestView } from "../../../../../api/schemas/approvals.ts";
import { formatMoney } from "../../../lib/format.ts";

/** The 202 answer of a change that waits for a second admin. */
export type ApprovalPendingBody = { approval: ApprovalRequestView };

export const KIND_LABELS: Record<ApprovalRequestView["kind"], string> = {
  bet_resettle: "Bet resettlement",
  market_resettle: "Market resettlement",
  market_unsettle: "Market unsettlement",
  market_limit: "Market limit raise",
  bonus: "Bonus",
  event_limit: "Event limit raise",
  risk_setting: "Risk setting loosened",
};

/** What the amount column means for the kind: money moved, or the limit asked for. */
export const amountText = (a: Pick<ApprovalRequestView, "kind" | "amount">): string =>
  a.kind === "market_limit" || a.kind === "event_limit"
    ? `limit ${formatMoney(a.amount)}`
    : a.kind === "risk_setting"
      ? `to ${formatMoney(a.amount)}`
      : `moves ${formatMoney(a.amount)}`;

export function pendingToast(r: ApprovalPendingBody): { title: string; description: string } {
  return {
    title: "Sent for approval",
    description: `${r.approval.summary}. Above the four-eyes threshold: nothing changes until another admin approves it (Payments › Staff approvals).`,
  };
}

/** Why `me` may not decide `a` (their own request), or null. */
export const decideProblem = (a: Pick<ApprovalRequestView, "requestedBy" | "state">, me: string | null): string | null =>
  a.state !== "pending" ? `Already ${a.state}` : a.requestedBy === me ? "Your own request: another admin decides it" : null;
