/**
 * American football by possessions (drives): the engine (adapters/feed/engine/football.ts) plays it
 * and the pricing (football.ts) prices it from these values.
 *
 * - Four 15-minute quarters; the team that did not receive the opening kick-off receives after half
 *   time; a drive in progress when a half ends ends there without a score. Level after regulation:
 *   10-minute sudden-death periods (a coin toss for the ball) until someone scores.
 * - A drive lasts DRIVE_MIN_SECONDS plus an exponential time of mean DRIVE_EXTRA_SECONDS of game
 *   clock (~160 s in all, ~11 drives a side), and ends in a touchdown (with its try: 7 mostly, 6 or
 *   8 now and then), a field goal, nothing (punt, turnover, downs, end of half), or a score by the
 *   defence: a return touchdown (7) or a safety (2). Every score ends a drive, so one team scores
 *   twice in a few seconds only by a defensive or special-teams score.
 * - After an offensive score or none, the other team has the ball; after a return touchdown the
 *   scoring defence kicks off, so the same offence has it again; after a safety the conceding team
 *   kicks off to the team that scored it.
 * - A side's touchdown and field-goal chances per drive are sized from its expected points (the
 *   model's rate) over the drives a side expects in regulation (expectedDrivesPerSide).
 */

export const QUARTER_SECONDS = 900;
export const HALF_SECONDS = 2 * QUARTER_SECONDS;
export const REGULATION_SECONDS = 4 * QUARTER_SECONDS;
export const FOOTBALL_BREAKS: readonly number[] = [120, 780, 120];
export const FOOTBALL_OVERTIME = { seconds: 600, break: 120 } as const;

export const DRIVE_MIN_SECONDS = 40;
export const DRIVE_EXTRA_SECONDS = 120;
/** Points of a touchdown with its try. */
export const TOUCHDOWN_POINTS: readonly { value: number; p: number }[] = [{ value: 7, p: 0.94 }, { value: 6, p: 0.04 }, { value: 8, p: 0.02 }];
/** Field goals per touchdown on a drive. */
const FIELD_GOALS_PER_TOUCHDOWN = 0.8;
/** Chances per drive that the defence scores: a return touchdown, a safety. */
export const RETURN_TD = 0.012;
export const SAFETY = 0.006;
/** At most this share of a side's drives ends in its own score. */
const MAX_SCORING_DRIVES = 0.85;

/** How one drive of an offence ends (the defence scores on return_touchdown and safety). */
export interface DriveTable {
  touchdown: number;
  fieldGoal: number;
  returnTouchdown: number;
  safety: number;
  none: number;
}

/** P(Poisson(lambda) >= k). */
function poissonAtLeast(k: number, lambda: number): number {
  if (k <= 0) return 1;
  if (!(lambda > 0)) return 0;
  let term = Math.exp(-lambda);
  let below = term;
  for (let j = 1; j < k; j++) {
    term = (term * lambda) / j;
    below += term;
  }
  return Math.max(0, 1 - below);
}

/**
 * P(at least k drives end within `seconds`) when the drive in progress has run `elapsed` seconds:
 * the k-th end comes at max(0, MIN - elapsed) + (k - 1) MIN + a Gamma(k) of the extra times.
 */
export function drivesEndedAtLeast(k: number, seconds: number, elapsed: number): number {
  if (k <= 0) return 1;
  const x = seconds - Math.max(0, DRIVE_MIN_SECONDS - elapsed) - (k - 1) * DRIVE_MIN_SECONDS;
  return x > 0 ? poissonAtLeast(k, x / DRIVE_EXTRA_SECONDS) : 0;
}

/** Expected drives that end within a fresh half (each side has about half of them). */
function expectedDrivesInHalf(): number {
  let sum = 0;
  for (let k = 1; k < 200; k++) {
    const p = drivesEndedAtLeast(k, HALF_SECONDS, 0);
    if (p < 1e-12) break;
    sum += p;
  }
  return sum;
}

/** Drives a side expects in regulation: the drives of both halves, shared by the two sides. */
export const EXPECTED_DRIVES_PER_SIDE = expectedDrivesInHalf();

const TOUCHDOWN_MEAN = TOUCHDOWN_POINTS.reduce((a, t) => a + t.value * t.p, 0);

/** The drive table of an offence expected to score `rate` points in regulation. */
export function driveTable(rate: number): DriveTable {
  const defencePoints = 7 * RETURN_TD + 2 * SAFETY; // what a side gets on the other side's drives
  const perDrive = Math.max(0, rate / EXPECTED_DRIVES_PER_SIDE - defencePoints);
  let touchdown = perDrive / (TOUCHDOWN_MEAN + 3 * FIELD_GOALS_PER_TOUCHDOWN);
  let fieldGoal = FIELD_GOALS_PER_TOUCHDOWN * touchdown;
  const cap = MAX_SCORING_DRIVES - RETURN_TD - SAFETY;
  if (touchdown + fieldGoal > cap) {
    const k = cap / (touchdown + fieldGoal);
    touchdown *= k;
    fieldGoal *= k;
  }
  return { touchdown, fieldGoal, returnTouchdown: RETURN_TD, safety: SAFETY, none: 1 - touchdown - fieldGoal - RETURN_TD - SAFETY };
}
