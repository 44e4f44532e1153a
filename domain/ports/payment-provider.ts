/** The payment provider (an outside service; adapters/payments simulates it). */
import type { Cents } from "../shared/money.ts";
import type { PaymentMethodId } from "../wallet/payment-methods.ts";

export type ProviderAnswer =
  | { approved: true; providerReference: string }
  | { approved: false; providerReference: string | null; reason: string };

export type ProviderOperation = "charge" | "refund" | "payout";

export interface PaymentProvider {
  /**
   * Take `amount` from the customer's payment method. `reference` (our payment id) is the
   * idempotency key: asking again with it returns the first answer and never charges twice.
   */
  charge(r: { reference: string; userId: string; method: PaymentMethodId; amount: Cents }): Promise<ProviderAnswer>;
  /** Give back a charge we could not book. Idempotent by `reference`. */
  refund(r: { reference: string; providerReference: string; amount: Cents }): Promise<ProviderAnswer>;
  /** Send `amount` to the customer's payment method. Idempotent by `reference`: never pays twice. */
  payout(r: { reference: string; userId: string; method: PaymentMethodId; amount: Cents }): Promise<ProviderAnswer>;
  /** What the provider did for `reference`, or null when it never received that request. */
  lookup(kind: ProviderOperation, reference: string): Promise<ProviderAnswer | null>;
  /**
   * Whether a charge or payout the provider completed was reversed afterwards (a chargeback, a
   * payout the bank returned), or null. Keyed by our payment id, like everything else.
   */
  reversalOf(kind: "charge" | "payout", reference: string): Promise<ProviderReversal | null>;
}

export interface ProviderReversal {
  reason: string;
  at: Date;
}
