/**
 * The book each market is priced to (sum of implied probabilities), by market type:
 * - match result: 2-way 1.05, 3-way 1.06; racing's race winner (a field of 8-10) 1.18
 * - over/under 1.05 (racing's winning margin too), handicap 1.05
 * - both teams to score 1.06
 * - correct score (the listed scores plus "other", exhaustive) 1.15
 * Every value is within 1.04..1.20.
 */
import type { SportCode, MarketSpec } from "../shared/types.ts";

export function targetOverround(spec: MarketSpec, sport: SportCode): number {
  switch (spec.type) {
    case "full_time_result":
      if (sport === "racing") return 1.18;
      return spec.codes.length >= 3 ? 1.06 : 1.05;
    case "over_under":
    case "handicap":
      return 1.05;
    case "both_teams_score":
      return 1.06;
    case "correct_score":
      return 1.15;
  }
}
