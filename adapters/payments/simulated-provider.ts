/**
 * A simulated payment provider behind the PaymentProvider port. It takes `latencyMs` to answer
 * (3 s in production, the spec's 'Processing...' state; 0 in tests) and approves every request
 * unless its `decline` rule says otherwise. The default rule is the simulator's test amounts: any
 * charge or payout whose cents end in 13 (10.13, 1,500.13) is declined, so a declined card or a
 * bounced payout can be tried by hand and by the crash test.
 *
 * Like a real provider it keys every operation by our idempotency key (the payment id): the first
 * request decides the outcome and records it in its memory AT ONCE, before the answer travels
 * back; asking again (or `lookup`) returns that same answer and never charges or pays twice. The
 * memory is `ProviderMemory`: in production and in the API tests it is the table
 * simulated_provider_operations of the same database (LibsqlProviderMemory), a stand-in for the
 * provider's own records, so it survives our process dying mid-request; a bare provider keeps it
 * in a Map.
 */
import type { PaymentProvider, ProviderAnswer, ProviderOperation, ProviderReversal } from "../../domain/ports/payment-provider.ts";
import type { PaymentMethodId } from "../../domain/wallet/payment-methods.ts";

export interface ProviderRecord {
  kind: ProviderOperation;
  reference: string;
  method: PaymentMethodId | null;
  amount: number;
  answer: ProviderAnswer;
}

/** Where the provider keeps what it did. `remember` keeps the FIRST record for a (kind, reference) and returns it. */
export interface ProviderMemory {
  remember(r: ProviderRecord): Promise<ProviderAnswer>;
  recall(kind: ProviderOperation, reference: string): Promise<ProviderAnswer | null>;
  /** Record that a completed charge or payout was reversed; the first record wins and is returned. */
  rememberReversal(kind: "charge" | "payout", reference: string, r: ProviderReversal): Promise<ProviderReversal>;
  recallReversal(kind: "charge" | "payout", reference: string): Promise<ProviderReversal | null>;
}

export class InMemoryProviderMemory implements ProviderMemory {
  private readonly records = new Map<string, ProviderAnswer>();
  async remember(r: ProviderRecord) {
    const key = `${r.kind}:${r.reference}`;
    const prior = this.records.get(key);
    if (prior) return prior;
    this.records.set(key, r.answer);
    return r.answer;
  }
  async recall(kind: ProviderOperation, reference: string) {
    return this.records.get(`${kind}:${reference}`) ?? null;
  }
  private readonly reversals = new Map<string, ProviderReversal>();
  async rememberReversal(kind: "charge" | "payout", reference: string, r: ProviderReversal) {
    const key = `${kind}:${reference}`;
    const prior = this.reversals.get(key);
    if (prior) return prior;
    this.reversals.set(key, r);
    return r;
  }
  async recallReversal(kind: "charge" | "payout", reference: string) {
    return this.reversals.get(`${kind}:${reference}`) ?? null;
  }
}

export interface SimulatedProviderOptions {
  latencyMs?: number;
  /** Waits `ms` before an answer goes back: a timer by default; a test passes its own to see the wait asked for without timing it. */
  sleep?: (ms: number) => Promise<void>;
  /** A reason to decline this operation, or null to approve it. Default: the test amounts (cents ending in 13). */
  decline?: (op: { kind: ProviderOperation; method: PaymentMethodId | null; amount: number }) => string | null;
  memory?: ProviderMemory;
}

export const TEST_DECLINE_REASON = "Declined (simulator test amount: cents ending in 13)";
export const declineTestAmounts: NonNullable<SimulatedProviderOptions["decline"]> = (op) =>
  op.kind !== "refund" && op.amount % 100 === 13 ? TEST_DECLINE_REASON : null;

let counter = 0;
const reference = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export class SimulatedPaymentProvider implements PaymentProvider {
  private readonly latencyMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly decline: NonNullable<SimulatedProviderOptions["decline"]>;
  readonly memory: ProviderMemory;
  /** Every operation this instance decided, in order (for tests and diagnostics); repeats are not logged. */
  readonly log: { kind: ProviderOperation; reference: string; amount: number; approved: boolean }[] = [];

  constructor(opts: SimulatedProviderOptions = {}) {
    this.latencyMs = opts.latencyMs ?? 0;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.decline = opts.decline ?? declineTestAmounts;
    this.memory = opts.memory ?? new InMemoryProviderMemory();
  }

  private async wait() {
    if (this.latencyMs > 0) await this.sleep(this.latencyMs);
  }

  private async operate(kind: ProviderOperation, ref: string, method: PaymentMethodId | null, amount: number): Promise<ProviderAnswer> {
    const prior = await this.memory.recall(kind, ref);
    if (prior) {
      await this.wait();
      return prior;
    }
    const reason = this.decline({ kind, method, amount });
    const answer: ProviderAnswer = reason === null
      ? { approved: true, providerReference: reference(kind === "charge" ? "ch" : kind === "refund" ? "re" : "po") }
      : { approved: false, providerReference: null, reason };
    // Decided and recorded on receipt; the answer then takes the provider's latency to come back.
    const kept = await this.memory.remember({ kind, reference: ref, method, amount, answer });
    if (kept === answer || JSON.stringify(kept) === JSON.stringify(answer)) this.log.push({ kind, reference: ref, amount, approved: reason === null });
    await this.wait();
    return kept;
  }

  charge(r: Parameters<PaymentProvider["charge"]>[0]): Promise<ProviderAnswer> {
    return this.operate("charge", r.reference, r.method, r.amount);
  }

  refund(r: Parameters<PaymentProvider["refund"]>[0]): Promise<ProviderAnswer> {
    return this.operate("refund", r.reference, null, r.amount);
  }

  payout(r: Parameters<PaymentProvider["payout"]>[0]): Promise<ProviderAnswer> {
    return this.operate("payout", r.reference, r.method, r.amount);
  }

  lookup(kind: ProviderOperation, ref: string): Promise<ProviderAnswer | null> {
    return this.memory.recall(kind, ref);
  }

  reversalOf(kind: "charge" | "payout", ref: string): Promise<ProviderReversal | null> {
    return this.memory.recallReversal(kind, ref);
  }

  /**
   * The simulator's hook for a reversal after the fact (a chargeback on a charge, a payout the bank
   * returned), keyed by our payment id: only an approved charge or payout can be reversed; null when
   * there is none. Reversing again returns the first record.
   */
  async reverse(kind: "charge" | "payout", ref: string, reason: string, at: Date = new Date()): Promise<ProviderReversal | null> {
    const done = await this.memory.recall(kind, ref);
    if (!done?.approved) return null;
    return this.memory.rememberReversal(kind, ref, { reason, at });
  }
}
