/**
 * Limited-overs cricket, ball by ball (the engine's adapters/feed/engine/cricket.ts plays it, the
 * pricing's cricket.ts prices it): a legal ball every SECONDS_PER_BALL of clock, a ball is a
 * wicket, a dot, 1, 2, 3, a four or a six. The batting side's mean runs per ball is its rate
 * divided by the balls of an innings (so a side bowled out early scores less than its rate), sixes
 * come at the model's sixesRate split by the sides' rates, and wickets at WICKET_PER_BALL.
 */

export const INNINGS_BREAK_SECONDS = 600;

/** Probability that a legal ball takes a wicket: ~6.5 an innings in a T20, ~8 in a one-day innings. */
export function wicketPerBall(ballsPerInnings: number): number {
  return ballsPerInnings <= 150 ? 0.054 : 0.027;
}

/** Expected sixes in a whole match when the model does not say. */
export function defaultSixesRate(ballsPerInnings: number): number {
  return ballsPerInnings <= 150 ? 12 : 9;
}

export interface Ball {
  runs: number;
  six: boolean;
  wicket: boolean;
}

/** The outcomes of a legal ball for a side expected to score `rate` runs in an innings. */
export function ballTable(rate: number, sixesPerBall: number, ballsPerInnings: number): { value: Ball; p: number }[] {
  const short = ballsPerInnings <= 150;
  const mean = Math.max(0, rate) / ballsPerInnings;
  const wicket = wicketPerBall(ballsPerInnings);
  let six = Math.max(0, Math.min(sixesPerBall, mean / 6));
  let four = Math.max(0, Math.min(short ? 0.11 : 0.07, (mean - 6 * six) / 4));
  const rest = Math.max(0, mean - 6 * six - 4 * four); // run in singles, twos and threes
  let one = 0.75 * rest;
  let two = (0.22 * rest) / 2;
  let three = (0.03 * rest) / 3;
  const used = wicket + six + four + one + two + three;
  if (used > 1) {
    // An absurd rate: scale the scoring balls down to fit (the mean then falls short of the rate).
    const k = (1 - wicket) / (used - wicket);
    six *= k;
    four *= k;
    one *= k;
    two *= k;
    three *= k;
  }
  const dot = Math.max(0, 1 - (wicket + six + four + one + two + three));
  return [
    { value: { runs: 0, six: false, wicket: true }, p: wicket },
    { value: { runs: 0, six: false, wicket: false }, p: dot },
    { value: { runs: 1, six: false, wicket: false }, p: one },
    { value: { runs: 2, six: false, wicket: false }, p: two },
    { value: { runs: 3, six: false, wicket: false }, p: three },
    { value: { runs: 4, six: false, wicket: false }, p: four },
    { value: { runs: 6, six: true, wicket: false }, p: six },
  ];
}

/** Each side's ball table for a match (index 0 home, 1 away), sixes shared by the sides' rates. */
export function ballTables(homeRate: number, awayRate: number, sixesRate: number | undefined, ballsPerInnings: number) {
  const total = Math.max(0, homeRate) + Math.max(0, awayRate);
  const sixes = sixesRate ?? defaultSixesRate(ballsPerInnings);
  return [homeRate, awayRate].map((rate) => {
    const sixesPerBall = total > 0 ? (sixes * (Math.max(0, rate) / total)) / ballsPerInnings : 0;
    return ballTable(rate, sixesPerBall, ballsPerInnings);
  });
}
