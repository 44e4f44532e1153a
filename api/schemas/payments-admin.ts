/** Operators' payments: the approval queue, approve / reject, and investigations. */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, plain } from "./common.ts";
import { PaymentMethodId, PaymentState } from "./wallet.ts";

export const AdminPayment = z
  .object({
    id: z.string(),
    direction: z.enum(["deposit", "withdrawal", "withdrawal_reversal"]),
    method: PaymentMethodId,
    amount: Cents,
    fee: Cents,
    state: PaymentState,
    stateLabel: z.string(),
    providerReference: z.string().nullable(),
    failureReason: z.string().nullable(),
    reviewedBy: z.string().nullable(),
    reviewedAt: IsoDate.nullable(),
    reviewReason: z.string().nullable(),
    reversedAt: IsoDate.nullable(),
    reversalReason: z.string().nullable(),
    createdAt: IsoDate,
    updatedAt: IsoDate,
    user: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), isActive: z.boolean() }),
    underInvestigation: z.boolean(),
  })
  .openapi("AdminPayment");
export type AdminPayment = z.infer<typeof AdminPayment>;

export const ApprovalQueueResponse = z
  .object({ threshold: Cents.openapi({ description: "Withdrawals strictly above this wait for approval" }), items: z.array(AdminPayment) })
  .openapi("ApprovalQueue");
export type ApprovalQueueResponse = z.infer<typeof ApprovalQueueResponse>;

export const PaymentIdParam = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" }, example: "pay_123" }),
});
export const ApproveBody = z.object({ note: plain(z.string().trim().max(500), "text").optional() }).strict().openapi("ApproveWithdrawal");
export const RejectBody = z.object({ reason: plain(z.string().trim().min(1).max(500), "text") }).strict().openapi("RejectWithdrawal");
/** Mark a completed payment reversed by the provider (a chargeback, a payout the bank returned). */
export const ReverseBody = z.object({ reason: plain(z.string().trim().min(1).max(500), "text") }).strict().openapi("ReversePayment");

export const InvestigationBody = z
  .object({ underInvestigation: z.boolean(), reason: plain(z.string().trim().min(1).max(500), "text") })
  .strict()
  .openapi("InvestigationBody");
export const InvestigationResponse = z
  .object({
    userId: z.string(),
    underInvestigation: z.boolean(),
    openedAt: IsoDate.nullable(),
    openedBy: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .openapi("Investigation");
export type InvestigationResponse = z.infer<typeof InvestigationResponse>;
