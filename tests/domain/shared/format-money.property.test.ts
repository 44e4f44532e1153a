/** formatMoney (domain/shared/money.ts) writes what the browser's Intl writes for en-AU, exactly. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatMoney } from "../../../domain/shared/money.ts";

describe("formatMoney", () => {
  it("is what Intl writes for en-AU, exactly, for any amount in cents", () => {
    const intl = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (c) => {
        const text = `$${intl.format(Math.abs(c) / 100)}`;
        expect(formatMoney(c)).toBe(c < 0 ? `-${text}` : text);
      }),
    );
  });
});
