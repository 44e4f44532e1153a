/** The fantasy API's presenters: records of the fantasy port as the API shows them. */
import { FantasyContest, FantasyEntry, FantasyLeague, FantasyPlayer, FantasySport } from "../../schemas/fantasy.ts";
import type { EntryDetails } from "../../../domain/fantasy/browse.ts";
import type { ContestRecord, EntryRecord, FantasyLeagueRecord, FantasyPlayerRecord, FantasySportWithCounts } from "../../../domain/fantasy/types.ts";
import { placeAmounts, prizePoolFor } from "../../../domain/fantasy/payouts.ts";
import { positionsOf } from "../../../domain/fantasy/roster.ts";
import { pointsToNumber } from "../../../domain/fantasy/scoring.ts";
import { takesEntries } from "../../../domain/fantasy/lifecycle.ts";
import type { Resolution } from "../../../domain/fantasy/resolve-contest.ts";

export function presentSport(s: FantasySportWithCounts): FantasySport {
  return {
    id: s.id,
    name: s.name,
    season: s.season,
    status: s.status,
    settings: s.settings,
    rosterPositions: s.roster,
    salaryCap: s.salaryCap,
    positions: positionsOf(s.roster),
    leagueCount: s.leagueCount,
    contestCount: s.contestCount,
    playerCount: s.playerCount,
    createdAt: s.createdAt.toISOString(),
  };
}

export function presentLeague(l: FantasyLeagueRecord): FantasyLeague {
  return {
    id: l.id,
    sportId: l.sportId,
    sportName: l.sportName,
    name: l.name,
    type: l.type,
    format: l.format,
    maxTeams: l.maxTeams,
    entryFee: l.entryFee,
    prizePool: l.prizePool,
    seasonStart: l.seasonStart,
    seasonEnd: l.seasonEnd,
    status: l.status,
    settings: l.settings,
    createdAt: l.createdAt.toISOString(),
  };
}

export function presentPlayer(p: FantasyPlayerRecord): FantasyPlayer {
  return {
    id: p.id,
    sportId: p.sportId,
    name: p.name,
    team: p.team,
    position: p.position,
    salary: p.salary,
    projectedPoints: p.projectedX100 === null ? null : pointsToNumber(p.projectedX100),
    injuryStatus: p.injuryStatus,
  };
}

export function presentContest(c: ContestRecord, viewer: string | null, myEntries: number): FantasyContest {
  const prizePool = prizePoolFor(c);
  const amounts = placeAmounts(prizePool, c.payoutTable, c.payoutTable.length);
  return {
    id: c.id,
    sportId: c.sportId,
    sportName: c.sportName,
    name: c.name,
    type: c.type,
    entryFee: c.entryFee,
    prizePool,
    guaranteedPrize: c.guaranteedPrize,
    maxEntries: c.maxEntries,
    maxEntriesPerUser: c.maxEntriesPerUser,
    myEntries,
    minEntries: c.minEntries,
    currentEntries: c.currentEntries,
    payoutPlaces: c.payoutTable.length,
    payoutTable: c.payoutTable.map((shareBp, i) => ({ place: i + 1, shareBp, amount: amounts[i] ?? 0 })),
    rakePercent: c.rakePercent,
    rosterPositions: c.roster,
    salaryCap: c.salaryCap,
    startTime: c.startTime.toISOString(),
    endTime: c.endTime.toISOString(),
    status: c.status,
    settings: c.settings,
    isPrivate: c.isPrivate,
    inviteCode: c.isPrivate && viewer !== null && c.createdBy === viewer ? c.inviteCode : null,
    entered: myEntries > 0,
    createdAt: c.createdAt.toISOString(),
  };
}

function presentEntry(
  e: EntryRecord,
  c: ContestRecord,
  players: ReadonlyMap<string, FantasyPlayerRecord>,
  points: ReadonlyMap<string, number>,
  now: Date,
): FantasyEntry {
  return {
    id: e.id,
    contestId: c.id,
    contestName: c.name,
    contestStatus: c.status,
    sportId: c.sportId,
    sportName: c.sportName,
    startTime: c.startTime.toISOString(),
    endTime: c.endTime.toISOString(),
    entryFee: c.entryFee,
    prizePool: prizePoolFor(c),
    currentEntries: c.currentEntries,
    maxEntries: c.maxEntries,
    payoutPlaces: c.payoutTable.length,
    isPrivate: c.isPrivate,
    lineup: e.lineup.map((id, i) => {
      const p = players.get(id);
      return {
        playerId: id,
        slot: c.roster[i]?.slot ?? "",
        name: p?.name ?? "Unknown player",
        team: p?.team ?? "",
        position: p?.position ?? "",
        salary: p?.salary ?? 0,
        projectedPoints: p && p.projectedX100 !== null ? pointsToNumber(p.projectedX100) : null,
        injuryStatus: p?.injuryStatus ?? "healthy",
        points: pointsToNumber(points.get(id) ?? 0),
      };
    }),
    salaryUsed: e.salaryUsed,
    salaryCap: c.salaryCap,
    points: pointsToNumber(e.pointsX100),
    rank: e.rank,
    payout: e.payout,
    status: e.status,
    editable: takesEntries(c, now),
    enteredAt: e.enteredAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** Entries with their contests, players and points, for the API (an entry whose contest is gone is left out). */
export function presentEntries(d: EntryDetails, now: Date): FantasyEntry[] {
  return d.entries
    .filter((e) => d.contests.has(e.contestId))
    .map((e) => presentEntry(e, d.contests.get(e.contestId)!, d.players, d.points.get(e.contestId) ?? new Map(), now));
}

export function presentResolution(r: Resolution, viewer: string | null) {
  return {
    contest: presentContest(r.contest, viewer, 0),
    rake: r.rake,
    prizePool: r.prizePool,
    overlay: r.overlay,
    payouts: r.payouts.map((p) => ({ entryId: p.entryId, rank: p.rank, points: pointsToNumber(p.pointsX100), amount: p.amount })),
    refunds: r.refunds,
  };
}
