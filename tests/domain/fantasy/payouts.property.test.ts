/**
 * Property test of what an under-filled guaranteed contest pays (domain/fantasy/payouts.ts
 * settlementAmounts), with fast-check over tables, guarantees, sizes and fees.
 */
import { describe, it } from "vitest";
import fc from "fast-check";
import { defaultPayoutTable, placeAmounts, rakeFor, settlementAmounts } from "../../../domain/fantasy/payouts.ts";

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("settlementAmounts", () => {
  it("property: never more than the advertised prize for a filled place unless the fees pay for it; the house adds only the overlay", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1000, max: 500_000 }),
        fc.integer({ min: 10, max: 300 }),
        fc.integer({ min: 0, max: 5000 }),
        (places, guarantee, maxEntries, fee) => {
          const c = { guaranteedPrize: guarantee, maxEntries: Math.max(places, maxEntries), payoutTable: defaultPayoutTable(places) };
          const entries = 1 + (fee % c.maxEntries);
          const netFees = fee * entries - rakeFor(fee * entries, 10);
          const amounts = settlementAmounts(c, entries, netFees);
          const advertised = placeAmounts(Math.max(guarantee, netFees), c.payoutTable, places);
          const paid = sum(amounts);
          if (amounts.length !== Math.min(entries, places)) return false;
          if (paid < netFees) return false; // the players' money is all paid out
          if (entries >= places) return paid === Math.max(guarantee, netFees);
          // Short of places: the advertised prizes of the filled places, or the fees when more.
          return paid === Math.max(netFees, sum(advertised.slice(0, entries))) && (netFees > sum(advertised.slice(0, entries)) || amounts.every((a, i) => a === advertised[i]));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
