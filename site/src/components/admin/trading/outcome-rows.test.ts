import { describe, expect, it } from "vitest";
import { outcomeRows } from "./outcome-rows.ts";

const o = (name: string, stakes: number) => ({ outcomeId: name, name, odds: "2.00", stakes, payout: stakes * 2, net: 0, liability: stakes });

describe("outcomeRows", () => {
  it("keeps every outcome in order (the draw, every runner) with its share of the stakes", () => {
    const rows = outcomeRows([o("Home", 3000), o("Draw", 0), o("Away", 1000)]);
    expect(rows.map((r) => [r.name, r.share])).toEqual([["Home", 75], ["Draw", 0], ["Away", 25]]);
  });
  it("rounds shares to one decimal and gives 0 when nothing is staked", () => {
    expect(outcomeRows([o("A", 1), o("B", 2)]).map((r) => r.share)).toEqual([33.3, 66.7]);
    expect(outcomeRows([o("Runner 1", 0), o("Runner 2", 0), o("Runner 3", 0)]).map((r) => r.share)).toEqual([0, 0, 0]);
  });
});
