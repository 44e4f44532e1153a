/**
 * deposit: a customer pays in through the payment provider. Checks, in order: signed-in active
 * customer, an Idempotency-Key replay, the method's minimum and maximum, then the gates of
 * responsible gambling (verification, exclusion, the first-deposit limit prompt, deposit limits).
 * The provider is charged first; then ONE write books the payment record, the deposit transaction
 * (payments -> wallet for the amount, wallet -> house for the method's fee, so every cent is
 * accounted for) and the bonus as its own deposit_bonus transaction (promotions -> wallet). That
 * write re-checks suspension, exclusion and the deposit limits itself; if it is refused the charge
 * is refunded at the provider.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import type { Cents } from "../shared/money.ts";
import { depositBreakdown, paymentMethod, type PaymentMethodId } from "./payment-methods.ts";
import { HOUSE_ACCOUNT, ledgerTransaction, PAYMENTS_ACCOUNT, PROMOTIONS_ACCOUNT, transfer, walletAccountId, type LedgerTransaction, type Posting } from "./ledger.ts";
import { portOf, type DepositPlan, type WindowLimit } from "../ports/wallet.ts";
import { checkMayDeposit } from "../responsible/wagering-gate.ts";
import { registerListed } from "../responsible/register.ts";
import { effectiveLimit, LIMIT_PERIODS, windowStart } from "../responsible/limits.ts";
import type { User } from "../shared/types.ts";

export interface DepositInput {
  method: PaymentMethodId;
  amount: Cents;
}
export interface DepositReceipt {
  transactionId: string;
  amount: Cents;
  fee: Cents;
  bonus: Cents;
  credited: Cents;
  balance: Cents;
}

const requestHashOf = (input: DepositInput) => `deposit:${JSON.stringify([input.method, input.amount])}`;

function replay(prior: { requestHash: string; response: unknown }, hash: string): Result<{ replayed: boolean; response: DepositReceipt }> {
  if (prior.requestHash !== hash)
    return err(domainError("WALLET.IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different request"));
  return ok({ replayed: true, response: prior.response as DepositReceipt });
}

async function depositGate(ctx: Ctx, user: User, amount: Cents, now: Date) {
  const snap = await portOf(ctx, "responsible").snapshot(user.id, now);
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
    if (prior) return replay(prior, hash);
  }
  const method = paymentMethod(input.method);
  const figures = depositBreakdown(method, input.amount);
  if (!figures.ok) return figures;
  const { gate } = await depositGate(ctx, user, input.amount, ctx.clock.now());
  if (!gate.ok) return gate;

  const provider = portOf(ctx, "paymentProvider");
  const paymentId = ctx.ids.next("pay");
  const charge = await provider.charge({ reference: paymentId, userId: user.id, method: method.id, amount: input.amount });
  if (!charge.approved)
    return err(domainError("WALLET.PAYMENT_DECLINED", `${method.name} declined the payment: ${charge.reason}`));

  // The write happens after the provider answered (seconds later): limits are re-read for that moment.
  const at = ctx.clock.now();
  const { snap, gate: again } = await depositGate(ctx, user, input.amount, at);
  const refund = () => provider.refund({ reference: paymentId, providerReference: charge.providerReference, amount: input.amount });
  if (!again.ok) {
    await refund();
    return again;
  }
  const { amount, fee, bonus } = figures.value;
  const wallet = walletAccountId(user.id);
  const postings: Posting[] = [...transfer(PAYMENTS_ACCOUNT, wallet, amount), ...(fee > 0 ? transfer(wallet, HOUSE_ACCOUNT, fee) : [])];
  const depositTx = ledgerTransaction({ id: ctx.ids.next("tx"), kind: "deposit", reference: paymentId, createdAt: at, createdBy: user.id }, postings);
  if (!depositTx.ok) return depositTx;
  let bonusTx: LedgerTransaction | null = null;
  if (bonus > 0) {
    const b = ledgerTransaction(
      { id: ctx.ids.next("tx"), kind: "deposit_bonus", reference: paymentId, createdAt: at, createdBy: null },
      transfer(PROMOTIONS_ACCOUNT, wallet, bonus),
    );
    if (!b.ok) return b;
    bonusTx = b.value;
  }
  const depositLimits: WindowLimit[] = LIMIT_PERIODS.flatMap((p) => {
    const limit = effectiveLimit(snap.limits.deposit[p], at).amount;
    return limit === null ? [] : [{ since: windowStart(p, at), limit }];
  });
  const response: Omit<DepositReceipt, "balance"> = {
    transactionId: depositTx.value.id, amount, fee, bonus, credited: amount - fee + bonus,
  };
  const plan: DepositPlan = {
    payment: {
      id: paymentId, userId: user.id, direction: "deposit", method: method.id, amount, fee, bonus,
      providerReference: charge.providerReference, transactionId: depositTx.value.id, createdAt: at,
    },
    deposit: depositTx.value,
    bonus: bonusTx,
    walletAccountId: wallet,
    depositLimits,
    idempotency: idempotencyKey ? { key: idempotencyKey, requestHash: hash, response } : null,
  };
  const written = await portOf(ctx, "payments").deposit(plan);
  switch (written.kind) {
    case "deposited":
      return ok({ replayed: false, response: { ...response, balance: written.balance } });
    case "duplicate_idempotency_key": {
      await refund();
      const prior = await ctx.ports.idempotency.find(user.id, idempotencyKey!);
      return prior ? replay(prior, hash) : err(domainError("WALLET.IDEMPOTENCY_CONFLICT", "Retry the request"));
    }
    case "no_wallet":
      await refund();
      return err(domainError("WALLET.NO_WALLET", "This account has no wallet"));
    case "refused": {
      await refund();
      // Something changed between our checks and the write (a limit, an exclusion, a suspension).
      const fresh = await ctx.ports.users.findById(user.id);
      if (fresh && !fresh.isActive) return err(domainError("AUTH.ACCOUNT_SUSPENDED", "This account is suspended"));
      const { gate: now } = await depositGate(ctx, fresh ?? user, input.amount, ctx.clock.now());
      return now.ok ? err(domainError("RG.CONCURRENT_CHANGE", "Your account changed while depositing; please try again")) : now;
    }
  }
}
