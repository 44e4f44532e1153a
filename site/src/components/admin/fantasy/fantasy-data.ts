/** What the fantasy console hands each of its tabs, kept apart from the console so the tabs do not import it back. */
import type { FantasyContest, FantasyLeague, FantasyPlayer, FantasySport } from "../../../../../api/schemas/fantasy.ts";

export type FantasyData = {
  sports: FantasySport[];
  leagues: FantasyLeague[];
  contests: FantasyContest[];
  players: FantasyPlayer[];
  /** Every sport (for the dialogs), whatever the filter. */
  allSports: FantasySport[];
  /** The filter's sport id, or "" for All Sports (the dialogs' default sport). */
  sportId: string;
  canManage: boolean;
};

/** Statuses of a contest still in play (the Overview's "active contests"). */
export const ACTIVE_CONTEST = new Set(["open", "locked", "live"]);
