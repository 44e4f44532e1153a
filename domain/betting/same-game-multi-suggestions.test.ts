import { describe, expect, it } from "vitest";
import { suggestedLegs } from "./same-game-multi-suggestions.ts";
import type { MarketView } from "../shared/types.ts";

const at = new Date("2026-11-21T10:00:00Z");
const market = (id: string, type: MarketView["type"], outcomes: [string, number][], status: MarketView["status"] = "open"): MarketView => ({
  id, eventId: "e", type, name: id, status,
  outcomes: outcomes.map(([name, priceMilli], i) => ({ id: `${id}-o${i}`, name, priceMilli, updatedAt: at })),
});

describe("suggested same game multi legs", () => {
  it("takes the favourite, the Over and Yes to both teams scoring, from open markets only", () => {
    const legs = suggestedLegs([
      market("result", "full_time_result", [["Home", 2400], ["Draw", 3300], ["Away", 2900]]),
      market("total", "over_under", [["Over 2.5", 1950], ["Under 2.5", 1850]]),
      market("line", "handicap", [["Home -1", 1900], ["Away +1", 1900]]),
      market("btts", "both_teams_score", [["Yes", 1800], ["No", 1950]]),
      market("score", "correct_score", [["1-0", 6500]]),
    ]);
    expect(legs.map((l) => l.outcomeId)).toEqual(["result-o0", "total-o0", "btts-o0"]);
  });

  it("skips suspended markets", () => {
    const legs = suggestedLegs([
      market("result", "full_time_result", [["Home", 2400], ["Away", 1500]]),
      market("total", "over_under", [["Over 2.5", 1950], ["Under 2.5", 1850]], "suspended"),
    ]);
    expect(legs.map((l) => l.outcomeId)).toEqual(["result-o1"]);
  });
});
