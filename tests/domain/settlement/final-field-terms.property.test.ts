/** Property test of domain/settlement/final-field-terms.ts (fast-check lives out of domain/, see tests/architecture). */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fieldBand, settlementTerms, WIN_ONLY_TERMS } from "../../../domain/settlement/final-field-terms.ts";
import { defaultPlaceTerms } from "../../../domain/settlement/each-way.ts";

describe("each-way terms of the final field", () => {
  it("property: withdrawals never improve the terms (more places, or a better fraction at the same places); no band change keeps them; win-only band is 1/1, 1 place", () => {
    const terms = fc.record({
      fractionDen: fc.integer({ min: 1, max: 100 }),
      places: fc.integer({ min: 1, max: 10 }),
    }).chain(({ fractionDen, places }) => fc.record({ fractionNum: fc.integer({ min: 1, max: fractionDen }), fractionDen: fc.constant(fractionDen), places: fc.constant(places) }));
    fc.assert(
      fc.property(terms, fc.integer({ min: 2, max: 40 }), fc.integer({ min: 0, max: 38 }), (struck, atStrike, withdrawn) => {
        const atOff = Math.max(1, atStrike - withdrawn);
        const t = settlementTerms(struck, atStrike, atOff);
        if (fieldBand(atOff) >= fieldBand(atStrike)) expect(t).toEqual(struck);
        else if (fieldBand(atOff) === 1) expect(t).toEqual(WIN_ONLY_TERMS);
        else {
          // never more places than struck or than the final field's band; a better fraction only with fewer places
          const band = defaultPlaceTerms(atOff)!;
          expect(t.places).toBeLessThanOrEqual(Math.min(struck.places, band.places));
          const better = t.fractionNum * struck.fractionDen > struck.fractionNum * t.fractionDen;
          if (better) expect(t.places).toBeLessThan(struck.places);
          expect(t.fractionNum * band.fractionDen).toBeLessThanOrEqual(band.fractionNum * t.fractionDen);
        }
      }),
    );
  });
});
