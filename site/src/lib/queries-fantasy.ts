/** queryOptions factories of the fantasy contests (the /fantasy page). */
import { queryOptions } from "@tanstack/react-query";
import type { FantasyContest, FantasyEntry, FantasyLeague, FantasyPlayer, FantasySport, FantasyStandings } from "../../../api/schemas/fantasy.ts";
import { apiGet, queryString } from "./api.ts";
import { keys } from "./query-keys.ts";

/** Filters of GET /api/fantasy/contests (fees in cents; size small <= 20, medium 21-100, large > 100). */
export type FantasyContestsFilter = {
  sportId?: string;
  status?: "open" | "locked" | "live" | "settled" | "cancelled" | "active";
  minFee?: number;
  maxFee?: number;
  size?: "small" | "medium" | "large";
};


export const fantasyQueries = {
  fantasySports: () =>
    queryOptions({ queryKey: [...keys.fantasySports], queryFn: () => apiGet<FantasySport[]>("/api/fantasy/sports") }),
  fantasyLeagues: () =>
    queryOptions({ queryKey: [...keys.fantasyLeagues], queryFn: () => apiGet<FantasyLeague[]>("/api/fantasy/leagues") }),
  /** Contests (all of them without a filter); polled so entry counts and statuses stay current. */
  fantasyContests: (filter: FantasyContestsFilter = {}, refetchInterval: number | false = 15_000) => {
    const qs = queryString(filter);
    return queryOptions({
      queryKey: [...keys.fantasyContests, qs],
      queryFn: () => apiGet<FantasyContest[]>(`/api/fantasy/contests${qs}`),
      refetchInterval,
    });
  },
  fantasyPlayers: (sportId?: string) => {
    const qs = queryString({ sportId });
    return queryOptions({
      queryKey: [...keys.fantasyPlayers, qs],
      queryFn: () => apiGet<FantasyPlayer[]>(`/api/fantasy/players${qs}`),
    });
  },
  /** The signed-in customer's entries; polled faster while one of their contests is about to start or running. */
  myFantasyEntries: () =>
    queryOptions({
      queryKey: [...keys.myFantasyEntries],
      queryFn: () => apiGet<FantasyEntry[]>("/api/fantasy/my/entries"),
      refetchInterval: (q) =>
        q.state.data?.some(
          (e) =>
            e.contestStatus === "locked" ||
            e.contestStatus === "live" ||
            (e.contestStatus === "open" && Date.parse(e.startTime) - Date.now() < 60_000),
        )
          ? 3_000
          : 15_000,
    }),
  fantasyContest: (contestId: string) =>
    queryOptions({
      queryKey: [...keys.fantasyContests, contestId],
      queryFn: () => apiGet<FantasyContest>(`/api/fantasy/contests/${encodeURIComponent(contestId)}`),
    }),
  fantasyStandings: (contestId: string) =>
    queryOptions({
      queryKey: [...keys.fantasyContests, contestId, "standings"],
      queryFn: () => apiGet<FantasyStandings>(`/api/fantasy/contests/${encodeURIComponent(contestId)}/standings`),
      refetchInterval: (q) => (q.state.data && ["locked", "live"].includes(q.state.data.contest.status) ? 3_000 : false),
    }),
};
