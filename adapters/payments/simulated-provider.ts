/**
 * A simulated payment provider behind the PaymentProvider port. It takes `latencyMs` to answer
 * (3 s in production, the spec's 'Processing...' state; 0 in tests) and approves every request
 * unless a `decline` rule says otherwise (tests use it to exercise refusals). A repeated charge
 * with the same reference (our payment id) answers as the first one, like a real provider.
 */
import type { PaymentProvider, ProviderAnswer } from "../../domain/ports/wallet.ts";
import type { PaymentMethodId } from "../../domain/wallet/payment-methods.ts";

export interface SimulatedProviderOptions {
  latencyMs?: number;
  /** A reason to decline this operation, or null to approve it. */
  decline?: (op: { kind: "charge" | "refund" | "payout"; method: PaymentMethodId | null; amount: number }) => string | null;
}

let counter = 0;
const reference = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export class SimulatedPaymentProvider implements PaymentProvider {
  private readonly latencyMs: number;
  private readonly decline: NonNullable<SimulatedProviderOptions["decline"]>;
  private readonly charges = new Map<string, ProviderAnswer>();
  /** Every operation in order (for tests and diagnostics). */
  readonly log: { kind: "charge" | "refund" | "payout"; reference: string; amount: number; approved: boolean }[] = [];

  constructor(opts: SimulatedProviderOptions = {}) {
    this.latencyMs = opts.latencyMs ?? 0;
    this.decline = opts.decline ?? (() => null);
  }

  private async wait() {
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
  }

  private answer(kind: "charge" | "refund" | "payout", ref: string, method: PaymentMethodId | null, amount: number): ProviderAnswer {
    const reason = this.decline({ kind, method, amount });
    this.log.push({ kind, reference: ref, amount, approved: reason === null });
    return reason === null
      ? { approved: true, providerReference: reference(kind === "charge" ? "ch" : kind === "refund" ? "re" : "po") }
      : { approved: false, providerReference: null, reason };
  }

  async charge(r: Parameters<PaymentProvider["charge"]>[0]): Promise<ProviderAnswer> {
    const prior = this.charges.get(r.reference);
    if (prior) return prior;
    await this.wait();
    const a = this.answer("charge", r.reference, r.method, r.amount);
    if (this.charges.size > 10_000) this.charges.clear();
    this.charges.set(r.reference, a);
    return a;
  }

  async refund(r: Parameters<PaymentProvider["refund"]>[0]): Promise<ProviderAnswer> {
    await this.wait();
    return this.answer("refund", r.reference, null, r.amount);
  }

  async payout(r: Parameters<PaymentProvider["payout"]>[0]): Promise<ProviderAnswer> {
    await this.wait();
    return this.answer("payout", r.reference, r.method, r.amount);
  }
}
