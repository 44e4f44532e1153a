/**
 * The per-sport parameters of the live book: how each sport is played (its clock, periods and
 * breaks, the points a scoring event is worth and how often each kind comes) and how strong the
 * two sides are expected to be. The match engine (adapters/feed/engine) plays matches from these
 * and the pricing models (models.ts, football.ts, golf.ts, cricket.ts) price from the same
 * values, so the prices cannot drift away from the game they price: a model's dispersion is not
 * a fitted constant but follows from the scoring table (variance / mean of a side's points =
 * E[value^2] / E[value] for a Poisson stream of events). Football and cricket keep theirs in
 * football-params.ts and cricket-params.ts.
 */
import type { SportCode } from "../shared/types.ts";

export interface ScoreEvent {
  /** Points the event is worth. */
  value: number;
  /** Its share of the sport's scoring events. */
  p: number;
}

export interface Overtime {
  seconds: number;
  /** The interval before each overtime period. */
  break: number;
  /** The first score in overtime ends the match (NRL's golden point, hockey's sudden death). */
  suddenDeath: boolean;
}

/** The sports played on a running clock in periods, scoring as a Poisson stream of events per side. */
export type TimedSport = "soccer" | "hockey" | "basketball" | "afl" | "nrl";

export interface TimedRules {
  periods: number;
  /** The interval after regulation period k, at index k - 1. */
  breaks: readonly number[];
  /** How a level match is settled when the model has no draw. */
  overtime: Overtime;
  events: readonly ScoreEvent[];
  /** Soccer: stoppage added at the end of each half, whole minutes drawn evenly in [lo, hi]. */
  stoppageMinutes?: readonly (readonly [number, number])[];
}

const SUDDEN_DEATH: Overtime = { seconds: 300, break: 60, suddenDeath: true };

export const TIMED_RULES: Record<TimedSport, TimedRules> = {
  soccer: {
    periods: 2,
    breaks: [900],
    overtime: SUDDEN_DEATH, // only for a model without a draw
    events: [{ value: 1, p: 1 }],
    stoppageMinutes: [[1, 3], [3, 5]],
  },
  hockey: { periods: 3, breaks: [600, 600], overtime: SUDDEN_DEATH, events: [{ value: 1, p: 1 }] },
  basketball: {
    periods: 4,
    breaks: [120, 900, 120],
    overtime: { seconds: 300, break: 60, suddenDeath: false },
    // Free throws (counted as one-point events), two- and three-point baskets: ~1.9 points an event.
    events: [{ value: 1, p: 0.3 }, { value: 2, p: 0.48 }, { value: 3, p: 0.22 }],
  },
  afl: {
    periods: 4,
    breaks: [360, 1200, 360],
    overtime: SUDDEN_DEATH, // only for a model without a draw
    events: [{ value: 6, p: 0.54 }, { value: 1, p: 0.46 }], // goals and behinds
  },
  nrl: {
    periods: 2,
    breaks: [600],
    overtime: { seconds: 300, break: 60, suddenDeath: true }, // golden point
    // Converted and unconverted tries, penalty goals, field goals.
    events: [{ value: 6, p: 0.55 }, { value: 4, p: 0.3 }, { value: 2, p: 0.12 }, { value: 1, p: 0.03 }],
  },
};

export function isTimedSport(sport: SportCode): sport is TimedSport {
  return sport in TIMED_RULES;
}

/** Mean points of a scoring event. */
export function meanValue(events: readonly ScoreEvent[]): number {
  let total = 0;
  let mean = 0;
  for (const e of events) {
    total += e.p;
    mean += e.p * e.value;
  }
  return mean / total;
}

/**
 * Variance over mean of a side's points when its events are a Poisson stream: E[value^2] / E[value]
 * (1 for soccer and hockey, ~2.2 basketball, ~5.4 AFL, ~5.3 NRL). What the models' spread follows from.
 * @internal Exported for its tests (no production caller imports it).
 */
export function dispersionOf(events: readonly ScoreEvent[]): number {
  let m1 = 0;
  let m2 = 0;
  for (const e of events) {
    m1 += e.p * e.value;
    m2 += e.p * e.value * e.value;
  }
  return m2 / m1;
}

/** Expected stoppage seconds added to regulation period `period` (1-based), or 0. */
export function expectedStoppage(sport: SportCode, period: number): number {
  const s = isTimedSport(sport) ? TIMED_RULES[sport].stoppageMinutes?.[period - 1] : undefined;
  return s ? ((s[0] + s[1]) / 2) * 60 : 0;
}

/** Expected stoppage seconds over the whole of regulation. */
export function expectedStoppageTotal(sport: SportCode): number {
  if (!isTimedSport(sport)) return 0;
  let total = 0;
  for (let k = 1; k <= TIMED_RULES[sport].periods; k++) total += expectedStoppage(sport, k);
  return total;
}

// ---- Baseball: run-scoring plays in half-innings -------------------------------------------------

export const INNINGS = 9;
export const HALF_INNING_SECONDS = 600;
/** Runs a run-scoring play brings in. */
export const MLB_PLAYS: readonly ScoreEvent[] = [{ value: 1, p: 0.7 }, { value: 2, p: 0.2 }, { value: 3, p: 0.07 }, { value: 4, p: 0.03 }];

// ---- Golf: a par-72 course played hole by hole ------------------------------------------------------

export const HOLES = 18;
export const HOLE_SECONDS = 900;
export const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5] as const;
export const COURSE_PAR = PARS.reduce((a, b) => a + b, 0);
export const PLAYOFF_PAR = 4;

/** Strokes over par on one hole for a player who averages `mean` over par a hole: -2 (eagle) .. +2 (double). */
export function holeTable(mean: number): { value: number; p: number }[] {
  const m = Math.max(-0.3, Math.min(0.4, mean));
  const eagle = 0.005;
  const double = 0.03;
  // eagle, double and the birdie/bogey pair (0.36 together) give the mean: 0.05 + bogey - birdie = m.
  const bogey = (0.36 + m - 0.05) / 2;
  const birdie = 0.36 - bogey;
  return [
    { value: -2, p: eagle },
    { value: -1, p: birdie },
    { value: 0, p: 1 - eagle - birdie - bogey - double },
    { value: 1, p: bogey },
    { value: 2, p: double },
  ];
}

/** A player's hole table from the model's expected strokes for the round. */
export const holeTableForRate = (rate: number) => holeTable((rate - COURSE_PAR) / HOLES);

// ---- Tennis and racing ---------------------------------------------------------------------------

export const POINT_SECONDS = 40;
export const TENNIS_NOMINAL_SECONDS = 7200;
export const RACE_SECONDS = 80;
/**
 * A race's winning margin in lengths: exponential with this mean, on a grid of 0.05 lengths, at
 * least 0.05, and moved off the half lengths (0.5 -> 0.55) so a half line is always decided.
 */
export const MEAN_MARGIN_LENGTHS = 1.5;

// ---- Lengths and strengths -------------------------------------------------------------------------

/** Limited-overs leagues of 20 overs a side (120 balls); every other cricket league is one-day (300). */
export function isT20League(league: string | undefined): boolean {
  return /T20|Twenty20|Big Bash|\bIPL\b/i.test(league ?? "");
}

/** Legal balls per innings for a cricket league. */
export function ballsPerInningsFor(league: string | undefined): number {
  return isT20League(league) ? 120 : 300;
}

/** The NBL plays 10-minute quarters (40 minutes); the NBA 12-minute quarters (48). */
export function isNbl(league: string | undefined): boolean {
  return /\bNBL\b|National Basketball League/i.test(league ?? "");
}

export const SECONDS_PER_BALL = 30;

/** Regulation length in sim seconds, by sport and league (racing: how long the race runs). */
export function lengthFor(sport: SportCode, opts: { league?: string; raceSeconds?: number } = {}): number {
  switch (sport) {
    case "soccer": return 5400;
    case "basketball": return isNbl(opts.league) ? 2400 : 2880;
    case "nfl": return 3600;
    case "hockey": return 3600;
    case "afl": return 4800;
    case "nrl": return 4800;
    case "mlb": return 2 * INNINGS * HALF_INNING_SECONDS;
    case "cricket": return 2 * ballsPerInningsFor(opts.league) * SECONDS_PER_BALL;
    case "golf": return HOLES * HOLE_SECONDS;
    case "tennis": return TENNIS_NOMINAL_SECONDS;
    case "racing": return opts.raceSeconds && opts.raceSeconds > 0 ? opts.raceSeconds : RACE_SECONDS;
  }
}

/**
 * Expected points of both sides together in a regulation match, and the supremacy (home minus
 * away expected points) of a side at homeShare 1; homeShare 0.75 gives half of it. Golf: strokes
 * of both players over 18 holes (each ~70), where strength means FEWER strokes. Sized so that
 * homeShare reads roughly as home's chance of winning a match that is not drawn.
 */
export function scaleFor(sport: SportCode, league: string | undefined): { total: number; maxSupremacy: number } {
  switch (sport) {
    case "soccer": return { total: 2.7, maxSupremacy: 2 };
    case "hockey": return { total: 6, maxSupremacy: 2 };
    case "mlb": return { total: 9, maxSupremacy: 4.5 };
    case "basketball": return isNbl(league) ? { total: 175, maxSupremacy: 26 } : { total: 225, maxSupremacy: 30 };
    case "nfl": return { total: 45, maxSupremacy: 22 };
    case "afl": return { total: 165, maxSupremacy: 40 };
    case "nrl": return { total: 42, maxSupremacy: 20 };
    case "cricket": return isT20League(league) ? { total: 330, maxSupremacy: 50 } : { total: 560, maxSupremacy: 80 };
    case "golf": return { total: 140, maxSupremacy: 6 };
    default: return { total: 0, maxSupremacy: 0 };
  }
}

/** Sports in which a tie at the end of regulation stands (the 3-way markets are on regulation). */
export const DRAW_POSSIBLE: ReadonlySet<SportCode> = new Set<SportCode>(["soccer", "hockey", "afl", "cricket"]);
