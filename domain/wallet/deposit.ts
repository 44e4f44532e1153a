/**
 * deposit: a customer pays in through the payment provider. Checks, in order: signed-in active
 * customer, an Idempotency-Key replay, the method's minimum and maximum, then the gates of
 * responsible gambling (verification, exclusion, the first-deposit limit prompt, deposit limits).
 *
 * Durable: ONE write first records the payment as `pending` (with the idempotency
 * record), re-checking suspension, exclusion and the deposit limits inside the write (pending
 * deposits count against the limits). Only then is the provider charged, with our payment id as its
 * idempotency key. A second write books what the provider said: completed (payments -> wallet for
 * the amount, wallet -> house for the method's fee, and the bonus as its own deposit_bonus
 * transaction) or failed (nothing moves). If the process dies in between, the reconciliation job
 * asks the provider what it did for that payment id and finishes the payment the same way.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { Cents } from "../shared/money.ts";
import { depositBreakdown, paymentMethod, type PaymentMethodId } from "./payment-methods.ts";
import { type PaymentRecord, type WindowLimit } from "../ports/payments.ts";
import { checkMayDeposit } from "../responsible/wagering-gate.ts";
import { registerListed } from "../responsible/register.ts";
import { effectiveLimit, LIMIT_PERIODS, windowStart } from "../responsible/limits.ts";
import type { User } from "../shared/types.ts";
import { applyProviderAnswer } from "./settle-payment.ts";
import type { PaymentState } from "./payment-state.ts";

export interface DepositInput {
  method: PaymentMethodId;
  amount: Cents;
}
export interface DepositReceipt {
  paymentId: string;
  state: PaymentState;
  /** The deposit's ledger transaction; null until it completed. */
  transactionId: string | null;
  providerReference: string | null;
  method: PaymentMethodId;
  amount: Cents;
  fee: Cents;
  bonus: Cents;
  credited: Cents;
  balance: Cents;
}

const requestHashOf = (input: DepositInput) => `deposit:${JSON.stringify([input.method, input.amount])}`;

async function receiptOf(ctx: Ctx, p: PaymentRecord): Promise<DepositReceipt> {
  const balance = await ctx.ports.wallets.balanceOf(p.userId);
  return {
    paymentId: p.id, state: p.state, transactionId: p.settleTransactionId, providerReference: p.providerReference, method: p.method,
    amount: p.amount, fee: p.fee, bonus: p.bonus, credited: p.amount - p.fee + p.bonus, balance: balance ?? 0,
  };
}

/** The deposit as it stands now: completed or pending answer 201, failed or reversed the provider's refusal. */
async function answerFor(ctx: Ctx, paymentId: string, replayed: boolean): Promise<Result<{ replayed: boolean; response: DepositReceipt }>> {
  const p = await ctx.ports.payments.find(paymentId);
  if (!p) return err(domainError("WALLET.IDEMPOTENCY_CONFLICT", "Retry the request"));
  if (p.state === "failed" || p.state === "reversed")
    return err(domainError("WALLET.PAYMENT_DECLINED", `${paymentMethod(p.method).name} declined the payment: ${p.failureReason ?? "declined"}`, {
      paymentId: p.id, state: p.state,
    }));
  return ok({ replayed, response: await receiptOf(ctx, p) });
}

async function replay(ctx: Ctx, prior: { requestHash: string; response: unknown }, hash: string) {
  if (prior.requestHash !== hash)
    return err(domainError("WALLET.IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different request"));
  const paymentId = (prior.response as { paymentId?: string }).paymentId;
  return paymentId ? answerFor(ctx, paymentId, true) : ok({ replayed: true, response: prior.response as DepositReceipt });
}

async function depositGate(ctx: Ctx, user: User, amount: Cents, now: Date) {
  const snap = await ctx.ports.responsible.snapshot(user.id, now);
  const listed = await registerListed(ctx, user, snap.register, now);
  return {
    snap,
    gate: checkMayDeposit(
      { user, exclusions: snap.exclusions, registerListed: listed, depositLimits: snap.limits.deposit, deposited: snap.deposited, limitPromptAnswered: snap.limitPromptAnswered },
      amount,
      now,
    ),
  };
}

export async function deposit(
  ctx: Ctx,
  input: DepositInput,
  idempotencyKey: string | null,
): Promise<Result<{ replayed: boolean; response: DepositReceipt }>> {
  const who = requireRole(ctx.actor, ["customer"], "deposit");
  if (!who.ok) return who;
  const user = who.value;
  const hash = requestHashOf(input);
  if (idempotencyKey) {
    const prior = await ctx.ports.idempotency.find(user.id, idempotencyKey);
    if (prior) return replay(ctx, prior, hash);
  }
  const method = paymentMethod(input.method);
  const figures = depositBreakdown(method, input.amount);
  if (!figures.ok) return figures;
  const at = ctx.clock.now();
  const { snap, gate } = await depositGate(ctx, user, input.amount, at);
  if (!gate.ok) return gate;

  const { amount, fee } = figures.value;
  // One welcome offer per person (docs/money.md "Bonus funds"): the deposit bonus only on the first
  // qualifying deposit; the opening write refuses a second claim that races past this read.
  const bonuses = ctx.ports.bonuses;
  const bonus = figures.value.bonus > 0 && !(await bonuses.welcomeTaken(user.id)) ? figures.value.bonus : 0;
  const depositLimits: WindowLimit[] = LIMIT_PERIODS.flatMap((p) => {
    const limit = effectiveLimit(snap.limits.deposit[p], at).amount;
    return limit === null ? [] : [{ since: windowStart(p, at), limit }];
  });
  const payment: PaymentRecord = {
    id: ctx.ids.next("pay"), userId: user.id, direction: "deposit", method: method.id, amount, fee, bonus, state: "pending",
    providerReference: null, failureReason: null, transactionId: null, settleTransactionId: null,
    reviewedBy: null, reviewedAt: null, reviewReason: null, createdAt: at, updatedAt: at,
  };
  const payments = ctx.ports.payments;
  const opened = await payments.openDeposit({
    payment,
    depositLimits,
    idempotency: idempotencyKey ? { key: idempotencyKey, requestHash: hash, response: { paymentId: payment.id } } : null,
  });
  switch (opened.kind) {
    case "opened":
      break;
    case "duplicate_idempotency_key": {
      const prior = await ctx.ports.idempotency.find(user.id, idempotencyKey!);
      return prior ? replay(ctx, prior, hash) : err(domainError("WALLET.IDEMPOTENCY_CONFLICT", "Retry the request"));
    }
    case "no_wallet":
      return err(domainError("WALLET.NO_WALLET", "This account has no wallet"));
    case "refused": {
      // Something changed between our checks and the write (a limit, an exclusion, a suspension).
      const fresh = await ctx.ports.users.findById(user.id);
      if (fresh && !fresh.isActive) return err(domainError("AUTH.ACCOUNT_SUSPENDED", "This account is suspended"));
      const { gate: now } = await depositGate(ctx, fresh ?? user, input.amount, ctx.clock.now());
      return now.ok ? err(domainError("RG.CONCURRENT_CHANGE", "Your account changed while depositing; please try again")) : now;
    }
  }

  // The payment is on record as pending: from here a crash leaves it for the reconciler, never lost.
  const provider = ctx.ports.paymentProvider;
  const answer = await provider.charge({ reference: payment.id, userId: user.id, method: method.id, amount });
  const moved = await applyProviderAnswer(ctx, payment, answer);
  if (moved.kind === "stale" && answer.approved) {
    // The reconciler settled it first. Had it found no charge at the provider (failed), the charge
    // that then went through is given back, so the customer never pays for a deposit not credited.
    const now = await ctx.ports.payments.find(payment.id);
    if (now && now.state !== "completed") await provider.refund({ reference: payment.id, providerReference: answer.providerReference, amount });
  }
  return answerFor(ctx, payment.id, false);
}
