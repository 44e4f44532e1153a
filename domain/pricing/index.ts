/** The live book's pricing and grading: pure functions of a match's state and model (state.ts). */
export { applyMargin, REOPEN_SHORTEST_MILLI } from "./margin.ts";
export { targetOverround } from "./overround.ts";
export { fairProbabilities, priceMarket, quoteMarket } from "./price.ts";
export { gradeMarket } from "./grade.ts";
export { displayClock, minuteOf } from "./clock.ts";
