/** Four eyes (domain/approvals): requests waiting for a second staff member, and the bodies that decide them. */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, plain } from "./common.ts";
import { BET_REASON_CODES } from "../../domain/settlement/bet-reasons.ts";

export const ApprovalKind = z.enum(["bet_resettle", "market_resettle", "market_unsettle", "market_limit", "bonus", "event_limit", "risk_setting"]);
export const ApprovalState = z.enum(["pending", "approved", "rejected", "stale"]);

export const ApprovalRequestView = z
  .object({
    id: z.string(),
    kind: ApprovalKind,
    subjectType: z.enum(["bet", "market", "user", "event", "setting"]),
    subjectId: z.string(),
    amount: Cents.openapi({ description: "Money the change moves, or (market_limit) the limit asked for, in cents" }),
    summary: z.string(),
    state: ApprovalState,
    requestedBy: z.string(),
    requestedByName: z.string().nullable(),
    requestedAt: IsoDate,
    decidedBy: z.string().nullable(),
    decidedByName: z.string().nullable(),
    decidedAt: IsoDate.nullable(),
    decisionNote: z.string().nullable(),
    input: z.unknown().openapi({ description: "The request as made (what approving applies)" }),
  })
  .openapi("ApprovalRequest");
export type ApprovalRequestView = z.infer<typeof ApprovalRequestView>;

/** The 202 answer of a change that waits for a second approver. */
export const ApprovalPendingResponse = z
  .object({ approval: ApprovalRequestView })
  .openapi("ApprovalPending", { description: "Above its four-eyes threshold: nothing changed yet; a second admin approves or rejects it" });

export const ApprovalListQuery = z.object({
  state: z.enum(["pending", "approved", "rejected", "stale", "all"]).default("pending").openapi({ param: { name: "state", in: "query" } }),
});

export const ApprovalListResponse = z
  .object({
    items: z.array(ApprovalRequestView),
    thresholds: z.object({
      money: Cents.openapi({ description: "A resettlement or unsettlement moving more than this waits for approval" }),
      bonus: Cents.openapi({ description: "An operator's bonus above this waits for approval" }),
      limit: Cents.openapi({ description: "A market limit raised above this waits for approval" }),
    }),
  })
  .openapi("ApprovalList");
export type ApprovalListResponse = z.infer<typeof ApprovalListResponse>;

export const ApprovalIdParam = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" }, example: "apr_01" }),
});

export const ApproveRequestBody = z
  .object({ note: plain(z.string().trim().max(500), "text").optional() })
  .strict()
  .openapi("ApproveRequest");

export const RejectRequestBody = z
  .object({ reason: plain(z.string().trim().min(10).max(500), "text").openapi({ description: "Why (at least 10 characters; audited)" }) })
  .strict()
  .openapi("RejectRequest");

export const ApprovalDecisionResponse = z
  .object({
    approval: ApprovalRequestView,
    applied: z.unknown().optional().openapi({ description: "What the approved change answered (as the direct call would have)" }),
  })
  .openapi("ApprovalDecision");

/** A bet's reason code (domain/settlement/bet-reasons.ts), with a text ("other" needs one of 10+ characters). */
export const BetReasonCode = z.enum(BET_REASON_CODES).openapi({
  description: "palpable_error, result_correction, void_by_rule, goodwill, or other (with reason text of at least 10 characters)",
});
