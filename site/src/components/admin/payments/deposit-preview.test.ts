import { describe, expect, it } from "vitest";
import { depositPreview } from "./payments-section.tsx";

describe("deposit preview (spec section 9)", () => {
  it("gives 10% bonus from 100, capped at 50, and a fixed 2.30 fee", () => {
    expect(depositPreview(50)).toEqual({ bonus: 0, fee: 2.3, total: 47.7 });
    expect(depositPreview(100)).toEqual({ bonus: 10, fee: 2.3, total: 107.7 });
    expect(depositPreview(1000)).toEqual({ bonus: 50, fee: 2.3, total: 1047.7 });
  });
});
