/**
 * The match clock as the site shows it, and the whole minutes of play stored in events.minute.
 *
 * Read from the state (see state.ts): clock = seconds of regulation play so far, length = the
 * regulation length (soccer: with the announced stoppage), period = half / quarter / period /
 * inning / set. Assumptions where the contract leaves room:
 * - soccer / NRL: two halves of length/2 (soccer's nominal 45 minutes); past a half's end the
 *   minute shows as stoppage: "45+2'", "90+4'" (the minute in progress, as broadcasters count).
 * - basketball, NFL, AFL: four quarters of length/4, shown with the time left in the quarter;
 *   hockey: three periods of length/3. Past regulation (period beyond the last): "OT".
 * - MLB: nine innings of length/9; the first half of an inning's time is the top, then the bottom.
 * - golf: 18 holes spread evenly over length; cricket: overs.balls of the innings in progress.
 */
import type { MatchState } from "../shared/types.ts";

function mmss(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

const TENNIS_POINTS = ["0", "15", "30", "40"];

function tennisPoints(h: number, a: number, tiebreak: boolean): string {
  if (tiebreak) return `${h}-${a}`;
  if (h >= 3 && a >= 3) {
    if (h === a) return "40-40";
    return h > a ? "AD-40" : "40-AD";
  }
  return `${TENNIS_POINTS[Math.min(h, 3)]}-${TENNIS_POINTS[Math.min(a, 3)]}`;
}

/** Minutes in a half: soccer's nominal 45 (its length may include stoppage), otherwise length / 2. */
function halfMinutes(state: MatchState): number {
  if (state.sport === "soccer") return 45;
  return Math.round(state.length / 2 / 60);
}

function minuteClock(state: MatchState): string {
  const half = halfMinutes(state);
  const period = Math.max(1, state.period);
  const end = period <= 1 ? half : period === 2 ? 2 * half : Math.floor(state.clock / 60) + 1; // extra time: no cap
  const minute = Math.floor(Math.max(0, state.clock) / 60) + 1;
  if (minute > end) return `${end}+${minute - end}'`;
  return `${minute}'`;
}

function timedPeriod(state: MatchState, periods: number, label: string): string {
  const period = Math.max(1, state.period);
  if (period > periods) return "OT";
  const len = state.length / periods;
  const left = period * len - state.clock;
  return `${label}${period} ${mmss(left)}`;
}

export function displayClock(state: MatchState): string {
  const sport = state.sport;
  if (state.phase === "pre") return "Not started";
  if (state.phase === "finished") {
    if (sport === "racing") return "Result";
    return sport === "soccer" || sport === "afl" || sport === "nrl" || sport === "cricket" ? "FT" : "Final";
  }
  const brk = state.phase === "break";
  switch (sport) {
    case "racing":
      return "Jumped";
    case "soccer":
    case "nrl":
      if (brk) return state.period <= 1 ? "HT" : "Break";
      return minuteClock(state);
    case "basketball":
    case "nfl":
    case "afl":
      if (brk) return state.period === 2 ? "HT" : `End Q${Math.max(1, state.period)}`;
      return timedPeriod(state, 4, "Q");
    case "hockey":
      if (brk) return `End P${Math.max(1, state.period)}`;
      return timedPeriod(state, 3, "P");
    case "mlb": {
      const inning = Math.max(1, state.period);
      const len = state.length / 9;
      const within = len > 0 ? Math.max(0, state.clock) % len : 0;
      const top = within < len / 2;
      if (brk) return `${top ? "Mid" : "End"} ${ordinal(inning)}`;
      return `${top ? "Top" : "Bot"} ${ordinal(inning)}`;
    }
    case "tennis": {
      const t = state.tennis;
      if (!t) return `Set ${state.home + state.away + 1}`;
      return `Set ${t.sets.length + 1} · ${t.games[0]}-${t.games[1]} · ${tennisPoints(t.points[0], t.points[1], t.tiebreak)}`;
    }
    case "cricket": {
      const c = state.cricket;
      if (!c) return minuteClock(state);
      if (brk) return "Innings break";
      return `${Math.floor(c.balls / 6)}.${c.balls % 6} ov`;
    }
    case "golf": {
      const hole = state.length > 0 ? Math.min(18, Math.floor((18 * Math.max(0, state.clock)) / state.length) + 1) : 1;
      return `Hole ${hole}`;
    }
  }
}

/** Whole minutes of play so far (events.minute); null before the start. */
export function minuteOf(state: MatchState): number | null {
  if (state.phase === "pre") return null;
  return Math.floor(Math.max(0, state.clock) / 60);
}
