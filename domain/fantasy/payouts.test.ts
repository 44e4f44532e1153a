import { describe, expect, it } from "vitest";
import {
  defaultPayoutTable, distributeAmounts, paidTableFor, payoutPlacesFor, payoutTableProblem, placeAmounts, poolFigures, prizePoolFor,
  rakeFor, settlementAmounts,
} from "./payouts.ts";

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));

describe("TOP N", () => {
  it("is max entries / 10 rounded down, at least 1", () => {
    expect(payoutPlacesFor(100)).toBe(10);
    expect(payoutPlacesFor(109)).toBe(10);
    expect(payoutPlacesFor(50)).toBe(5);
    expect(payoutPlacesFor(10)).toBe(1);
    expect(payoutPlacesFor(9)).toBe(1);
    expect(payoutPlacesFor(2)).toBe(1);
    expect(payoutPlacesFor(1)).toBe(1);
  });
});

describe("default payout table (weights 1/place, basis points)", () => {
  it("matches the documented figures", () => {
    expect(defaultPayoutTable(1)).toEqual([10000]);
    expect(defaultPayoutTable(2)).toEqual([6667, 3333]);
    expect(defaultPayoutTable(3)).toEqual([5455, 2727, 1818]);
    const ten = defaultPayoutTable(10);
    expect(ten[0]).toBe(3414);
    expect(ten[9]).toBe(341);
  });
  it("always sums to 10000, never increases, and every place gets at least 1 bp (up to 1000 places)", () => {
    for (const n of [1, 2, 3, 4, 5, 7, 10, 20, 50, 100, 250, 1000]) {
      const t = defaultPayoutTable(n);
      expect(t).toHaveLength(n);
      expect(sum(t)).toBe(10000);
      expect(payoutTableProblem(t, n * 10)).toBeNull();
    }
  });
});

describe("custom payout tables", () => {
  it("must sum to 10000, not increase, pay at least 1 bp a place and no more places than entries", () => {
    expect(payoutTableProblem([5000, 3000, 2000], 10)).toBeNull();
    expect(payoutTableProblem([5000, 3000, 1000], 10)).toMatch(/sum to 10000/);
    expect(payoutTableProblem([3000, 5000, 2000], 10)).toMatch(/not increase/);
    expect(payoutTableProblem([10000, 0], 10)).toMatch(/at least 1/);
    expect(payoutTableProblem([5000, 5000], 1)).toMatch(/more places/);
    expect(payoutTableProblem([], 1)).toMatch(/at least one/);
  });
});

describe("rake and prize pool", () => {
  it("rake is the fees' percentage rounded down", () => {
    expect(rakeFor(1000, 10)).toBe(100);
    expect(rakeFor(999, 10)).toBe(99); // 99.9 -> 99, in the players' favour
    expect(rakeFor(0, 10)).toBe(0);
  });
  it("a guarantee is a floor, not an addition: a full 100 x 10.00 contest with a 900.00 guarantee pays 900.00, not 1,800.00", () => {
    // fees 100 x 1000 = 100000; rake 10% = 10000; fees - rake = 90000 = the guarantee: no overlay.
    expect(poolFigures(100_000, 90_000, 10)).toEqual({ fees: 100_000, rake: 10_000, netFees: 90_000, prizePool: 90_000, overlay: 0 });
    expect(prizePoolFor({ guaranteedPrize: 90_000, entryFee: 1000, currentEntries: 100, rakePercent: 10 })).toBe(90_000);
  });
  it("the house pays only the overlay: 30 x 10.00 with a 900.00 guarantee is 270.00 of net fees and 630.00 of overlay", () => {
    expect(poolFigures(30_000, 90_000, 10)).toEqual({ fees: 30_000, rake: 3000, netFees: 27_000, prizePool: 90_000, overlay: 63_000 });
  });
  it("fees past the guarantee are the pool: 3 x 9.99 at 12% with no guarantee is 2997 - 359 = 2638", () => {
    // 2997 x 12% = 359.64 -> 359.
    expect(poolFigures(2997, 0, 12)).toEqual({ fees: 2997, rake: 359, netFees: 2638, prizePool: 2638, overlay: 0 });
    expect(prizePoolFor({ guaranteedPrize: 50_000, entryFee: 999, currentEntries: 3, rakePercent: 12 })).toBe(50_000);
    expect(prizePoolFor({ guaranteedPrize: 2000, entryFee: 999, currentEntries: 3, rakePercent: 12 })).toBe(2638);
  });
});

describe("the table a contest pays at its size", () => {
  const ten = defaultPayoutTable(10);
  it("a non-guaranteed contest that did not fill pays a table scaled to its entries", () => {
    // 12 of 100 on the 10-place table: floor(10 x 12 / 100) = 1 place (today's bug paid 10).
    expect(paidTableFor({ guaranteedPrize: 0, maxEntries: 100, payoutTable: ten }, 12)).toEqual([3414]);
    // 55 of 100: floor(5.5) = 5 places; 9 of 100: at least 1.
    expect(paidTableFor({ guaranteedPrize: 0, maxEntries: 100, payoutTable: ten }, 55)).toEqual([3414, 1707, 1138, 854, 683]);
    expect(paidTableFor({ guaranteedPrize: 0, maxEntries: 100, payoutTable: ten }, 9)).toEqual([3414]);
    // A custom 3-place table of a 10-entry contest with 7 entries: floor(3 x 7 / 10) = 2 places.
    expect(paidTableFor({ guaranteedPrize: 0, maxEntries: 10, payoutTable: [5000, 3000, 2000] }, 7)).toEqual([5000, 3000]);
  });
  it("a full contest, or a guaranteed one however many entered, pays its whole table", () => {
    expect(paidTableFor({ guaranteedPrize: 0, maxEntries: 100, payoutTable: ten }, 100)).toEqual(ten);
    expect(paidTableFor({ guaranteedPrize: 90_000, maxEntries: 100, payoutTable: ten }, 12)).toEqual(ten);
  });
  it("12 entries of 100 at 10.00 (10% rake): the winner takes the whole 108.00 pool", () => {
    const table = paidTableFor({ guaranteedPrize: 0, maxEntries: 100, payoutTable: ten }, 12);
    expect(placeAmounts(poolFigures(12_000, 0, 10).prizePool, table, 12)).toEqual([10_800]);
  });
  it("55 entries of 100 at 10.00 (10% rake): 495.00 over 5 places by shares 3414, 1707, 1138, 854, 683 of 7796", () => {
    // 49500 x share / 7796: 21676.8, 10838.4, 7225.6, 5422.4, 4336.6 -> 21676, 10838, 7225, 5422, 4336 = 49497;
    // the 3 cents left go to places 1, 2 and 3.
    const table = paidTableFor({ guaranteedPrize: 0, maxEntries: 100, payoutTable: ten }, 55);
    expect(placeAmounts(49_500, table, 55)).toEqual([21_677, 10_839, 7226, 5422, 4336]);
  });
  it("a guaranteed 900.00 contest pays its 10 places in full: 90000 x share / 10000 exactly", () => {
    expect(placeAmounts(90_000, ten, 30)).toEqual([30_726, 15_363, 10_242, 7686, 6147, 5121, 4392, 3843, 3411, 3069]);
  });
});

describe("place amounts", () => {
  it("sum to the pool exactly; leftover cents go one each to the top places", () => {
    // 1000 cents by [5455, 2727, 1818]: 545.5, 272.7, 181.8 -> 545, 272, 181 = 998; +1 to 1st and 2nd.
    expect(placeAmounts(1000, [5455, 2727, 1818], 3)).toEqual([546, 273, 181]);
    for (const pool of [0, 1, 7, 999, 123_457, 10_000_001])
      for (const n of [1, 2, 3, 10, 37]) expect(sum(placeAmounts(pool, defaultPayoutTable(n), 1000))).toBe(pool);
  });
  it("with fewer entries than places, only the entered places are paid, rescaled to the whole pool", () => {
    // 3 places [5000, 3000, 2000] but 2 entries: shares 5000 and 3000 of 8000.
    expect(placeAmounts(800, [5000, 3000, 2000], 2)).toEqual([500, 300]);
    expect(placeAmounts(800, [5000, 3000, 2000], 0)).toEqual([]);
  });
});

describe("distributing prizes", () => {
  const entry = (entryId: string, pointsX100: number, minute: number) => ({ entryId, pointsX100, enteredAt: at(minute) });
  // A pool paid by a table, split the way settlement splits it: the place amounts, then the standings.
  const distributePrizes = (pool: number, table: readonly number[], entries: Parameters<typeof distributeAmounts>[1]) =>
    distributeAmounts(placeAmounts(pool, table, entries.length), entries);

  it("pays by rank; everyone out of the money gets 0", () => {
    const r = distributePrizes(1000, [6000, 4000], [entry("c", 500, 3), entry("a", 900, 1), entry("b", 700, 2)]);
    expect(r).toEqual([
      { entryId: "a", rank: 1, pointsX100: 900, payout: 600 },
      { entryId: "b", rank: 2, pointsX100: 700, payout: 400 },
      { entryId: "c", rank: 3, pointsX100: 500, payout: 0 },
    ]);
  });

  it("a tie shares the places it covers evenly (two tied 2nd share 2nd and 3rd)", () => {
    const r = distributePrizes(1000, [5000, 3000, 2000], [entry("a", 900, 1), entry("b", 700, 2), entry("c", 700, 3), entry("d", 100, 4)]);
    expect(r.map((x) => [x.entryId, x.rank, x.payout])).toEqual([["a", 1, 500], ["b", 2, 250], ["c", 2, 250], ["d", 4, 0]]);
  });

  it("remainder cents of a tie go one each to the tied entries that entered first", () => {
    // Pool 1001 for one place shared three ways: 333 each and 2 cents left -> the two earliest get 334.
    const r = distributePrizes(1001, [10000], [entry("late", 500, 9), entry("early", 500, 1), entry("mid", 500, 5)]);
    expect(r.map((x) => [x.entryId, x.rank, x.payout])).toEqual([["early", 1, 334], ["mid", 1, 334], ["late", 1, 333]]);
    expect(sum(r.map((x) => x.payout))).toBe(1001);
  });

  it("a tie straddling the last paid place shares that place's amount with the unpaid places (0)", () => {
    // Places pay [700, 300]; b and c tie for 2nd: they share 300 + 0.
    const r = distributePrizes(1000, [7000, 3000], [entry("a", 900, 1), entry("b", 700, 2), entry("c", 700, 3)]);
    expect(r.map((x) => x.payout)).toEqual([700, 150, 150]);
  });

  it("everyone tied (e.g. nobody scored) splits the whole pool", () => {
    const r = distributePrizes(1000, defaultPayoutTable(3), [entry("a", 0, 1), entry("b", 0, 2), entry("c", 0, 3)]);
    expect(r.map((x) => x.rank)).toEqual([1, 1, 1]);
    expect(r.map((x) => x.payout)).toEqual([334, 333, 333]);
  });

  it("always pays exactly the pool when there is at least one entry", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let round = 0; round < 200; round++) {
      const count = 1 + Math.floor(rnd() * 30);
      const entries = Array.from({ length: count }, (_, i) => entry(`e${i}`, Math.floor(rnd() * 5) * 100, i));
      const pool = Math.floor(rnd() * 1_000_000);
      const table = defaultPayoutTable(1 + Math.floor(rnd() * 12));
      const r = distributePrizes(pool, table, entries);
      expect(sum(r.map((x) => x.payout))).toBe(pool);
      expect(r.every((x) => x.payout >= 0 && Number.isInteger(x.payout))).toBe(true);
    }
  });

  it("no entries, nothing paid", () => {
    expect(distributePrizes(1000, [10000], [])).toEqual([]);
  });
});

describe("an under-filled guaranteed contest pays its advertised table (settlementAmounts)", () => {
  const ten = defaultPayoutTable(10);
  const gpp = { guaranteedPrize: 90_000, maxEntries: 100, payoutTable: ten };

  it("one entrant gets first place's advertised 307.26, not the whole 900.00 guarantee", () => {
    expect(settlementAmounts(gpp, 1, 900)).toEqual([30_726]);
  });

  it("three entrants get 307.26 / 153.63 / 102.42, the first three places of the advertised table", () => {
    expect(settlementAmounts(gpp, 3, 2700)).toEqual([30_726, 15_363, 10_242]);
    const paid = distributeAmounts(settlementAmounts(gpp, 3, 2700), [
      { entryId: "a", pointsX100: 5000, enteredAt: at(1) },
      { entryId: "b", pointsX100: 7000, enteredAt: at(2) },
      { entryId: "c", pointsX100: 6000, enteredAt: at(3) },
    ]);
    expect(paid.map((r) => [r.entryId, r.payout])).toEqual([["b", 30_726], ["c", 15_363], ["a", 10_242]]);
  });

  it("every place filled: the whole table of max(guarantee, net fees), as before", () => {
    expect(settlementAmounts(gpp, 10, 9000)).toEqual(placeAmounts(90_000, ten, 10));
    expect(settlementAmounts(gpp, 30, 27_000)).toEqual(placeAmounts(90_000, ten, 30));
    expect(settlementAmounts(gpp, 100, 95_000)).toEqual(placeAmounts(95_000, ten, 100));
  });

  it("net fees above the filled places' prizes are shared over those places: players' money is always paid out", () => {
    // 5 entries of 200.00 (net 900.00 after the rake) against 900.00 guaranteed over 10 places.
    expect(settlementAmounts(gpp, 5, 90_000)).toEqual(placeAmounts(90_000, ten.slice(0, 5), 5));
  });

  it("a non-guaranteed contest is unchanged: its scaled table over the net fees", () => {
    const cash = { guaranteedPrize: 0, maxEntries: 100, payoutTable: ten };
    expect(settlementAmounts(cash, 12, 10_800)).toEqual([10_800]);
  });

});
