/**
 * Four eyes: no single person moves a lot of money or opens a market's book far past its default.
 * A change above its threshold (risk_settings; ApprovalThresholds) is not made: it is recorded as a
 * request (audited) and the API answers 202 with it. Nothing moves until a second staff member
 * approves it (decide.ts), and then the same use case applies it, with the approval written in the
 * same write as the change (ApprovalClaim), so it applies exactly once.
 *
 * What needs a second approver (thresholds are "strictly above"):
 *   - a resettlement of a bet, or of a market (over all its bets), or an unsettlement, moving more
 *     than `money` (default 1,000.00), counted as the sum of what moves to or from each customer;
 *   - an operator's bonus above `bonus` (default 500.00);
 *   - a market's or an event's liability limit raised above `limit` (default 10 x the default
 *     market limit). Lowering a limit, or raising it within the threshold, applies at once;
 *   - any loosening of these thresholds or of the event limit default (risk-settings.ts), whatever
 *     its size; tightening applies at once.
 * Approvers are admins other than the person who asked.
 */
import type { Ctx } from "../shared/context.ts";
import type { User } from "../shared/types.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { ApprovalClaim, ApprovalKind, ApprovalRequest, ApprovalThresholds } from "../ports/index.ts";

/** Who may approve or reject a request: a second administrator. */
export const APPROVER_ROLES = ["admin"] as const;

/** Handed to a use case by the approval: apply the request, writing this decision with the change. */
export interface Approving {
  request: ApprovalRequest;
  note: string | null;
}

/** A change that was not made but recorded as a request (the API's 202). */
export interface ApprovalPending {
  approvalPending: ApprovalRequest;
}

export const isPending = (x: unknown): x is ApprovalPending => typeof x === "object" && x !== null && "approvalPending" in x;

export interface RequestDraft {
  kind: ApprovalKind;
  subjectType: ApprovalRequest["subjectType"];
  subjectId: string;
  /** Cents compared with the threshold: money moved, or the new limit. */
  amount: number;
  /** The threshold the amount is compared with, or null for a change that always needs a second admin. */
  threshold: keyof ApprovalThresholds | null;
  summary: string;
  input: unknown;
  /** What the change was worked out against; approval re-checks it (decide.ts stillValid). */
  against: Record<string, unknown>;
}

/** Pure: does this amount need a second approver? */
export const needsApproval = (amount: number, threshold: number): boolean => amount > threshold;

export type Gate = { apply: true; claim: ApprovalClaim | null } | { apply: false; pending: ApprovalPending };

/**
 * Apply now (below the threshold, or being approved: with the claim to write), or record the
 * request. `approving` is set only by decide.ts.
 */
export async function fourEyes(ctx: Ctx, actor: User, approving: Approving | undefined, draft: RequestDraft): Promise<Result<Gate>> {
  if (approving) return ok({ apply: true, claim: claimFor(ctx, actor, approving) });
  const thresholds = await ctx.ports.approvals.thresholds();
  const threshold = draft.threshold === null ? null : thresholds[draft.threshold];
  if (threshold !== null && !needsApproval(draft.amount, threshold)) return ok({ apply: true, claim: null });
  const now = ctx.clock.now();
  const request: ApprovalRequest = {
    id: ctx.ids.next("apr"),
    kind: draft.kind,
    subjectType: draft.subjectType,
    subjectId: draft.subjectId,
    amount: draft.amount,
    summary: draft.summary,
    payload: { input: draft.input, against: draft.against },
    state: "pending",
    requestedBy: actor.id,
    requestedAt: now,
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
  };
  const created = await ctx.ports.approvals.create(request, {
    id: ctx.ids.next("aud"),
    actorId: actor.id,
    actorRole: actor.role,
    action: "approval.request",
    entityType: "approval_request",
    entityId: request.id,
    before: null,
    after: { kind: draft.kind, subject: `${draft.subjectType}:${draft.subjectId}`, amount: draft.amount, threshold, summary: draft.summary },
    createdAt: now,
  });
  if (created === "already_pending")
    return err(domainError("APPROVAL.ALREADY_PENDING", "A request for this already waits for approval: approve or reject it first", { subjectId: draft.subjectId }));
  return ok({ apply: false, pending: { approvalPending: (await ctx.ports.approvals.find(request.id)) ?? request } });
}

function claimFor(ctx: Ctx, approver: User, approving: Approving): ApprovalClaim {
  const at = ctx.clock.now();
  const r = approving.request;
  return {
    requestId: r.id,
    by: approver.id,
    at,
    note: approving.note,
    audit: {
      id: ctx.ids.next("aud"),
      actorId: approver.id,
      actorRole: approver.role,
      action: "approval.approve",
      entityType: "approval_request",
      entityId: r.id,
      before: { state: "pending", requestedBy: r.requestedBy },
      after: { state: "approved", kind: r.kind, subject: `${r.subjectType}:${r.subjectId}`, amount: r.amount, ...(approving.note ? { note: approving.note } : {}) },
      createdAt: at,
    },
  };
}

/** What a change's own audit record says about the approval it was applied under. */
export const approvalNote = (claim: ApprovalClaim | null, approving: Approving | undefined) =>
  claim && approving ? { approval: { id: claim.requestId, requestedBy: approving.request.requestedBy } } : {};
