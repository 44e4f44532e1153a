import { describe, expect, it } from "vitest";
import { SimulatedPaymentProvider } from "./simulated-provider.ts";

describe("simulated payment provider", () => {
  it("takes its configured latency to answer (the UI's 3-second 'Processing...')", async () => {
    const p = new SimulatedPaymentProvider({ latencyMs: 60 });
    const started = performance.now();
    const a = await p.charge({ reference: "pay_1", userId: "u", method: "card", amount: 1_000 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(a).toEqual({ approved: true, providerReference: expect.stringMatching(/^ch_/) });
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
