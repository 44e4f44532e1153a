/** The live book's pricing and grading: pure functions of a match's state and model (state.ts). */
export type { CricketDetail, FootballDetail, MarketSpec, MatchModel, MatchState, OutcomeResult, PriceLine, RacingDetail, TennisDetail } from "../shared/types.ts";
export { applyMargin, bookOf, isTooShort, ladderDown, marginLine, REOPEN_SHORTEST_MILLI, SHORTEST_OFFERED_MILLI } from "./margin.ts";
export { targetOverround, OVERROUND_MIN, OVERROUND_MAX } from "./overround.ts";
export { fairProbabilities, priceMarket, quoteMarket, type MarketQuote } from "./price.ts";
export { gradeMarket, tennisGames } from "./grade.ts";
export { displayClock, minuteOf } from "./clock.ts";
export { tennisPointWon, defaultTennis, setsNeeded } from "./tennis.ts";
