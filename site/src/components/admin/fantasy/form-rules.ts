/**
 * The create dialogs' validation (the product spec's validation rules), as pure functions so they can be tested and the
 * dialogs stay thin. Numbers are parsed as whole numbers; money fields are whole dollars sent to the
 * server as integer cents. The server enforces the same bounds again.
 */
import { toLocalInput } from "../../../lib/local-time.ts";

export const LEAGUE_MAX_TEAMS = { min: 4, max: 20, default: 12 } as const;
export const CONTEST_MAX_ENTRIES = { min: 1, default: 100 } as const;
/** Largest whole-dollar amount the forms accept (keeps cents well inside safe integers). */
export const MAX_DOLLARS = 10_000_000;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type Checked<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

/** "12" -> 12; anything that is not a plain whole number (blank, "1.5", "-3", "1e3") -> null. */
export function parseWholeNumber(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,12}$/.test(t)) return null;
  return Number(t);
}

/** A whole-dollar amount >= 0 as cents, or an error message. */
function dollarsToCents(text: string, label: string): { cents: number } | { error: string } {
  const n = parseWholeNumber(text);
  if (n === null) return { error: `${label} must be a whole number of dollars, 0 or more` };
  if (n > MAX_DOLLARS) return { error: `${label} must be at most $${MAX_DOLLARS.toLocaleString("en-AU")}` };
  return { cents: n * 100 };
}

/** `datetime-local` input value ("2026-11-21T19:30") -> ISO string in UTC, or null. */
export function localInputToIso(text: string): string | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** `date` input value: "2026-03-01" (a real calendar date) or null. */
export function checkCalendarDate(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isFinite(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : null;
}

/** A Date as the value a `datetime-local` input expects, in local time (the one helper in lib/local-time.ts). */
export { toLocalInput };

/* ------------------------------------------------------------------ sport */

export const SPORT_STATUSES = ["active", "inactive", "completed"] as const;
export type SportStatus = (typeof SPORT_STATUSES)[number];
export type SportForm = { name: string; season: string; status: SportStatus; roster: string; salaryCap: string };
export const emptySportForm = (): SportForm => ({ name: "", season: "", status: "active", roster: "", salaryCap: "50000" });
export type RosterSlotInput = { slot: string; eligible: string[] };

/**
 * Roster slots as typed: "QB, RB, RB, WR, FLEX(RB/WR/TE), UTIL". A bare position is a slot only
 * that position fills; NAME(A/B) a slot any of A or B fills; UTIL (alone) takes any position.
 * Returns null when a token is not of that form or there are more than 15 slots.
 */
export function parseRoster(text: string): RosterSlotInput[] | null {
  const tokens = text.split(",").map((t) => t.trim()).filter(Boolean);
  if (tokens.length === 0 || tokens.length > 15) return null;
  const out: RosterSlotInput[] = [];
  for (const t of tokens) {
    const m = /^([A-Za-z0-9]{1,8})(?:\s*\(([A-Za-z0-9/ ]+)\))?$/.exec(t);
    if (!m) return null;
    const slot = m[1].toUpperCase();
    if (m[2] !== undefined) {
      const eligible = m[2].split("/").map((p) => p.trim().toUpperCase()).filter(Boolean);
      if (eligible.length === 0 || eligible.length > 10 || eligible.some((p) => p.length > 8)) return null;
      out.push({ slot, eligible });
    } else out.push({ slot, eligible: slot === "UTIL" ? [] : [slot] });
  }
  return out;
}

export function checkSport(
  f: SportForm,
): Checked<{ name: string; season: string; status: SportStatus; settings: { rosterPositions?: RosterSlotInput[]; salaryCap?: number } }, "name" | "season" | "roster" | "salaryCap"> {
  const errors: FieldErrors<"name" | "season" | "roster" | "salaryCap"> = {};
  if (!f.name.trim()) errors.name = "Name is required";
  if (!f.season.trim()) errors.season = "Season is required";
  const roster = f.roster.trim() ? parseRoster(f.roster) : undefined;
  if (roster === null) errors.roster = "List up to 15 slots separated by commas, like QB, RB, WR, FLEX(RB/WR/TE)";
  const cap = parseWholeNumber(f.salaryCap);
  if (cap === null || cap < 1000 || cap > 10_000_000) errors.salaryCap = "Salary cap must be a whole number from 1,000 to 10,000,000";
  if (Object.keys(errors).length || roster === null || cap === null) return { ok: false, errors };
  return {
    ok: true,
    value: { name: f.name.trim(), season: f.season.trim(), status: f.status, settings: { ...(roster ? { rosterPositions: roster } : {}), salaryCap: cap } },
  };
}

/* ------------------------------------------------------------------ league */

export type LeagueForm = {
  sportId: string;
  name: string;
  maxTeams: string;
  entryFee: string;
  prizePool: string;
  seasonStart: string;
  seasonEnd: string;
};
export const emptyLeagueForm = (sportId = ""): LeagueForm => ({
  sportId,
  name: "",
  maxTeams: String(LEAGUE_MAX_TEAMS.default),
  entryFee: "0",
  prizePool: "0",
  seasonStart: "",
  seasonEnd: "",
});

type LeagueKey = "sportId" | "name" | "maxTeams" | "entryFee" | "prizePool" | "seasonStart" | "seasonEnd";
export type LeaguePayload = {
  sportId: string;
  name: string;
  type: "season_long";
  format: "snake_draft";
  maxTeams: number;
  entryFee: number;
  prizePool: number;
  seasonStart?: string;
  seasonEnd?: string;
  settings: Record<string, unknown>;
};

export function checkLeague(f: LeagueForm): Checked<LeaguePayload, LeagueKey> {
  const errors: FieldErrors<LeagueKey> = {};
  if (!f.sportId) errors.sportId = "Choose a sport";
  if (!f.name.trim()) errors.name = "Name is required";
  const teams = parseWholeNumber(f.maxTeams);
  if (teams === null || teams < LEAGUE_MAX_TEAMS.min || teams > LEAGUE_MAX_TEAMS.max) {
    errors.maxTeams = `Max teams must be a whole number from ${LEAGUE_MAX_TEAMS.min} to ${LEAGUE_MAX_TEAMS.max}`;
  }
  const fee = dollarsToCents(f.entryFee, "Entry fee");
  if ("error" in fee) errors.entryFee = fee.error;
  const pool = dollarsToCents(f.prizePool, "Prize pool");
  if ("error" in pool) errors.prizePool = pool.error;
  const start = f.seasonStart ? checkCalendarDate(f.seasonStart) : undefined;
  const end = f.seasonEnd ? checkCalendarDate(f.seasonEnd) : undefined;
  if (start === null) errors.seasonStart = "Enter a valid date";
  if (end === null) errors.seasonEnd = "Enter a valid date";
  if (start && end && end < start) errors.seasonEnd = "Season end must not be before the start";
  if (Object.keys(errors).length || teams === null || "error" in fee || "error" in pool) return { ok: false, errors };
  return {
    ok: true,
    value: {
      sportId: f.sportId,
      name: f.name.trim(),
      type: "season_long",
      format: "snake_draft",
      maxTeams: teams,
      entryFee: fee.cents,
      prizePool: pool.cents,
      ...(start ? { seasonStart: start } : {}),
      ...(end ? { seasonEnd: end } : {}),
      settings: {},
    },
  };
}

/* ------------------------------------------------------------------ contest */

export type ContestForm = {
  sportId: string;
  name: string;
  entryFee: string;
  prizePool: string;
  maxEntries: string;
  /** Multi-entry cap: entries one customer may have (1 = single entry). */
  maxEntriesPerUser: string;
  startTime: string;
  endTime: string;
};
export const emptyContestForm = (sportId = "", now = new Date()): ContestForm => {
  const start = new Date(now.getTime() + 24 * 3600_000);
  start.setMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 4 * 3600_000);
  return {
    sportId,
    name: "",
    entryFee: "0",
    prizePool: "0",
    maxEntries: String(CONTEST_MAX_ENTRIES.default),
    maxEntriesPerUser: "1",
    startTime: toLocalInput(start),
    endTime: toLocalInput(end),
  };
};

type ContestKey = "sportId" | "name" | "entryFee" | "prizePool" | "maxEntries" | "maxEntriesPerUser" | "startTime" | "endTime";
export type ContestPayload = {
  sportId: string;
  name: string;
  type: "tournament";
  entryFee: number;
  prizePool: number;
  maxEntries: number;
  maxEntriesPerUser: number;
  startTime: string;
  endTime: string;
  settings: Record<string, unknown>;
};

export function checkContest(f: ContestForm): Checked<ContestPayload, ContestKey> {
  const errors: FieldErrors<ContestKey> = {};
  if (!f.sportId) errors.sportId = "Choose a sport";
  if (!f.name.trim()) errors.name = "Name is required";
  const fee = dollarsToCents(f.entryFee, "Entry fee");
  if ("error" in fee) errors.entryFee = fee.error;
  const pool = dollarsToCents(f.prizePool, "Prize pool");
  if ("error" in pool) errors.prizePool = pool.error;
  const max = parseWholeNumber(f.maxEntries);
  if (max === null || max < CONTEST_MAX_ENTRIES.min) errors.maxEntries = "Max entries must be a whole number, at least 1";
  const perUser = parseWholeNumber(f.maxEntriesPerUser ?? "1");
  if (perUser === null || perUser < 1 || (max !== null && perUser > max))
    errors.maxEntriesPerUser = "Entries per customer must be a whole number from 1 to max entries";
  const start = localInputToIso(f.startTime);
  const end = localInputToIso(f.endTime);
  if (!start) errors.startTime = "Start time is required";
  if (!end) errors.endTime = "End time is required";
  if (start && end && Date.parse(end) <= Date.parse(start)) errors.endTime = "End time must be after the start time";
  if (Object.keys(errors).length || max === null || perUser === null || "error" in fee || "error" in pool || !start || !end)
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      sportId: f.sportId,
      name: f.name.trim(),
      type: "tournament",
      entryFee: fee.cents,
      prizePool: pool.cents,
      maxEntries: max,
      maxEntriesPerUser: perUser,
      startTime: start,
      endTime: end,
      settings: {},
    },
  };
}

/* ------------------------------------------------------------------ player */

export type PlayerForm = {
  sportId: string;
  name: string;
  team: string;
  position: string;
  salary: string;
  projectedPoints: string;
  injuryStatus: InjuryStatus;
};
export const INJURY_STATUSES = ["healthy", "questionable", "doubtful", "out"] as const;
export type InjuryStatus = (typeof INJURY_STATUSES)[number];
export const emptyPlayerForm = (sportId = ""): PlayerForm => ({
  sportId,
  name: "",
  team: "",
  position: "",
  salary: "",
  projectedPoints: "",
  injuryStatus: "healthy",
});

type PlayerKey = "sportId" | "name" | "team" | "position" | "salary" | "projectedPoints";
export type PlayerPayload = {
  sportId: string;
  name: string;
  team: string;
  position: string;
  salary: number;
  projectedPoints: number | null;
  injuryStatus: InjuryStatus;
};

/** Projected points: blank (none) or a number with at most two decimals, 0 to 1000. */
export function parseProjectedPoints(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(t)) return undefined;
  const n = Number(t);
  return n <= 1000 ? n : undefined;
}

/** Salary is in fantasy dollars (the salary-cap budget, whole numbers like 7400), not money. */
export function checkPlayer(f: PlayerForm): Checked<PlayerPayload, PlayerKey> {
  const errors: FieldErrors<PlayerKey> = {};
  if (!f.sportId) errors.sportId = "Choose a sport";
  if (!f.name.trim()) errors.name = "Name is required";
  if (!f.team.trim()) errors.team = "Team is required";
  if (!f.position.trim()) errors.position = "Position is required";
  const salary = parseWholeNumber(f.salary);
  if (salary === null || salary > 1_000_000) errors.salary = "Salary must be a whole number from 0 to 1,000,000";
  const pts = parseProjectedPoints(f.projectedPoints);
  if (pts === undefined) errors.projectedPoints = "Projected points must be a number from 0 to 1000, like 18.25 (or blank)";
  if (Object.keys(errors).length || salary === null || pts === undefined) return { ok: false, errors };
  return {
    ok: true,
    value: {
      sportId: f.sportId,
      name: f.name.trim(),
      team: f.team.trim(),
      position: f.position.trim().toUpperCase(),
      salary,
      projectedPoints: pts,
      injuryStatus: f.injuryStatus,
    },
  };
}
