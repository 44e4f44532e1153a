/** The live book's pricing and grading: pure functions of a match's state and model (state.ts). */
export type { CricketDetail, MarketSpec, MatchModel, MatchState, OutcomeResult, PriceLine, RacingDetail, TennisDetail } from "./state.ts";
export { applyMargin, bookOf, ladderDown } from "./margin.ts";
export { targetOverround, OVERROUND_MIN, OVERROUND_MAX } from "./overround.ts";
export { fairProbabilities, priceMarket } from "./price.ts";
export { gradeMarket, tennisGames } from "./grade.ts";
export { displayClock, minuteOf } from "./clock.ts";
export { tennisPointWon, defaultTennis, setsNeeded } from "./tennis.ts";
