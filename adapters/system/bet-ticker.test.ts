import { describe, expect, it } from "vitest";
import { InMemoryBetTicker } from "./bet-ticker.ts";
import type { PlacedBetNotice } from "../../domain/ports/bet-ticker.ts";
import type { TickerItem } from "../../domain/ports/bet-ticker.ts";

const notice = (id: string, userId: string, stake: number): PlacedBetNotice => ({
  bet: { id, userId, betType: "single", stake, totalOddsMilli: 2_000, potentialReturn: stake * 2, placedAt: new Date(0) },
  legs: [{ eventId: "e1", eventName: "A vs B", marketName: "Match Winner", selectionName: "A", oddsMilli: 2_000 }],
  customer: { firstName: "A", lastName: "B", email: "a@b.c", isDemo: false },
});

function ticker(factors: Record<string, number>) {
  let now = 0;
  const reads = { factors: 0, threshold: 0 };
  const t = new InMemoryBetTicker({
    stakeFactorOf: async (u) => (reads.factors++, factors[u] ?? 10_000),
    largeStakeOver: async () => (reads.threshold++, 50_000),
    nowMs: () => now,
    cacheMs: 1_000,
  });
  return { t, reads, advance: (ms: number) => void (now += ms) };
}

/** Wait until the ticker's queue has delivered (it runs on promises, not timers). */
const settle = () => new Promise((r) => setImmediate(r));

describe("InMemoryBetTicker", () => {
  it("with nobody listening, a placed bet costs no read at all", async () => {
    const { t, reads } = ticker({});
    t.placed(notice("b1", "u1", 1_000));
    await settle();
    expect(reads).toEqual({ factors: 0, threshold: 0 });
  });

  it("delivers items in placement order with their flags, reading each customer's factor once per cache period", async () => {
    const { t, reads, advance } = ticker({ sharp: 20 });
    const got: TickerItem[] = [];
    const off = await t.subscribe((items) => got.push(...items));
    t.placed(notice("b1", "sharp", 1_000));
    t.placed(notice("b2", "plain", 60_000));
    t.placed(notice("b3", "sharp", 50_000));
    await settle();
    expect(got.map((i) => [i.betId, i.flags.sharp, i.flags.largeStake])).toEqual([
      ["b1", true, false],
      ["b2", false, true],
      ["b3", true, false],
    ]);
    expect(reads).toEqual({ factors: 2, threshold: 1 });
    advance(1_000);
    t.placed(notice("b4", "sharp", 1_000));
    await settle();
    expect(reads).toEqual({ factors: 3, threshold: 2 });
    off();
    t.placed(notice("b5", "sharp", 1_000));
    await settle();
    expect(got).toHaveLength(4);
    expect(t.listenerCount).toBe(0);
  });

  it("a failing read is reported and does not stop later items", async () => {
    const errors: unknown[] = [];
    let fail = true;
    const t = new InMemoryBetTicker({
      stakeFactorOf: async () => {
        if (fail) throw new Error("db down");
        return 100;
      },
      largeStakeOver: async () => 50_000,
      nowMs: () => 0,
      onError: (e) => errors.push(e),
    });
    const got: string[] = [];
    await t.subscribe((items) => got.push(...items.map((i) => i.betId)));
    t.placed(notice("b1", "u1", 1));
    await settle();
    fail = false;
    t.placed(notice("b2", "u2", 1));
    await settle();
    expect(errors).toHaveLength(1);
    expect(got).toEqual(["b2"]);
  });
});
