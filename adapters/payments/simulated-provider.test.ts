import { describe, expect, it } from "vitest";
import { InMemoryProviderMemory, SimulatedPaymentProvider, TEST_DECLINE_REASON } from "./simulated-provider.ts";

describe("simulated payment provider", () => {
  it("takes its configured latency to answer (the UI's 3-second 'Processing...')", async () => {
    // The wait is ours to end: the answer must not come back before it, whatever the machine's speed.
    const asked: number[] = [];
    let wake = () => {};
    const p = new SimulatedPaymentProvider({
      latencyMs: 60,
      sleep: (ms) => {
        asked.push(ms);
        return new Promise<void>((r) => (wake = r));
      },
    });
    let answered = false;
    const answer = p.charge({ reference: "pay_1", userId: "u", method: "card", amount: 1_000 }).then((a) => ((answered = true), a));
    await expect.poll(() => asked).toEqual([60]);
    // Decided (and remembered) on receipt, but held until the wait ends.
    expect(p.log).toHaveLength(1);
    expect(answered).toBe(false);
    wake();
    expect(await answer).toEqual({ approved: true, providerReference: expect.stringMatching(/^ch_/) });
    // A repeat waits as long again before the same answer.
    const repeat = p.charge({ reference: "pay_1", userId: "u", method: "card", amount: 1_000 });
    await expect.poll(() => asked).toEqual([60, 60]);
    wake();
    expect(await repeat).toEqual(await answer);
  });

  it("asks for no wait without a latency", async () => {
    const asked: number[] = [];
    const p = new SimulatedPaymentProvider({ sleep: async (ms) => void asked.push(ms) });
    await p.charge({ reference: "pay_0", userId: "u", method: "card", amount: 1_000 });
    expect(asked).toEqual([]);
  });

  it("answers a repeated charge reference as the first time, and declines what its rule declines", async () => {
    const p = new SimulatedPaymentProvider({ decline: (op) => (op.kind === "payout" ? "Account closed" : null) });
    const first = await p.charge({ reference: "pay_2", userId: "u", method: "paypal", amount: 500 });
    expect(await p.charge({ reference: "pay_2", userId: "u", method: "paypal", amount: 500 })).toEqual(first);
    expect(p.log.filter((l) => l.kind === "charge")).toHaveLength(1);
    expect(await p.payout({ reference: "pay_3", userId: "u", method: "bank", amount: 5_000 }))
      .toEqual({ approved: false, providerReference: null, reason: "Account closed" });
  });
});

describe("simulated payment provider: memory keyed by our payment id", () => {
  it("decides on receipt and answers a repeat (from any instance sharing the memory) the same, paying once; lookup says what it did", async () => {
    const memory = new InMemoryProviderMemory();
    const first = new SimulatedPaymentProvider({ memory });
    expect(await first.lookup("payout", "pay_9")).toBeNull();
    const paid = await first.payout({ reference: "pay_9", userId: "u", method: "bank", amount: 5_000 });
    // A restarted process has a new provider object; the provider's records are the same.
    const second = new SimulatedPaymentProvider({ memory, decline: () => "would decline now" });
    expect(await second.payout({ reference: "pay_9", userId: "u", method: "bank", amount: 5_000 })).toEqual(paid);
    expect(await second.lookup("payout", "pay_9")).toEqual(paid);
    expect(second.log).toEqual([]);
    expect(await second.lookup("charge", "pay_9")).toBeNull();
  });

  it("declines the test amounts (cents ending in 13) by default, never a refund", async () => {
    const p = new SimulatedPaymentProvider();
    expect(await p.charge({ reference: "pay_a", userId: "u", method: "card", amount: 5_013 })).toEqual({ approved: false, providerReference: null, reason: TEST_DECLINE_REASON });
    expect((await p.payout({ reference: "pay_b", userId: "u", method: "bank", amount: 5_000 })).approved).toBe(true);
    expect((await p.refund({ reference: "pay_c", providerReference: "ch_x", amount: 5_013 })).approved).toBe(true);
  });

  it("reverses only a charge or payout it approved, keyed by our payment id; the first reversal stands", async () => {
    const p = new SimulatedPaymentProvider();
    await p.charge({ reference: "pay_ok", userId: "u", method: "card", amount: 5_000 });
    await p.charge({ reference: "pay_no", userId: "u", method: "card", amount: 5_013 });
    expect(await p.reversalOf("charge", "pay_ok")).toBeNull();
    expect(await p.reverse("charge", "pay_no", "Chargeback")).toBeNull();
    expect(await p.reverse("payout", "pay_ok", "Returned")).toBeNull(); // no payout with that id
    expect(await p.reverse("charge", "pay_missing", "Chargeback")).toBeNull();
    const first = await p.reverse("charge", "pay_ok", "Chargeback 4837", new Date(1_000));
    expect(first).toEqual({ reason: "Chargeback 4837", at: new Date(1_000) });
    expect(await p.reverse("charge", "pay_ok", "Another reason")).toEqual(first);
    expect(await p.reversalOf("charge", "pay_ok")).toEqual(first);
    expect(await p.reversalOf("charge", "pay_no")).toBeNull();
  });
});
