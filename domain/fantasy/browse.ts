/**
 * The fantasy reads anyone may make (sports, leagues, contests, standings, players) and a customer's
 * own entries with what showing them needs. Each is a few named port reads, so the routes only ask.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { ContestFilter, EntryWithEntrant } from "../ports/index.ts";
import type { ContestRecord, EntryRecord, FantasyLeagueRecord, FantasyPlayerRecord, FantasySportStatus, FantasySportWithCounts } from "./types.ts";

/** Who is looking: a signed-in user sees their own entries marked; anyone else sees none. */
const viewerOf = (ctx: Ctx): string | null => (ctx.actor.kind === "user" ? ctx.actor.user.id : null);

const contestNotFound = () => err(domainError("FANTASY.CONTEST_NOT_FOUND", "No contest with that id"));

export const listFantasySports = (ctx: Ctx, filter: { status?: FantasySportStatus }): Promise<FantasySportWithCounts[]> =>
  ctx.ports.fantasy.listSports(filter);

export const listFantasyLeagues = (ctx: Ctx, filter: { sportId?: string }): Promise<FantasyLeagueRecord[]> =>
  ctx.ports.fantasy.listLeagues(filter);

export const listFantasyPlayers = (ctx: Ctx, filter: { sportId?: string; position?: string; limit: number }): Promise<FantasyPlayerRecord[]> =>
  ctx.ports.fantasy.listPlayers(filter);

/** A contest as its viewer sees it: how many times the viewer has entered it. */
export interface ViewedContest {
  contest: ContestRecord;
  viewer: string | null;
  entered: number;
}

export async function listFantasyContests(ctx: Ctx, filter: ContestFilter): Promise<ViewedContest[]> {
  const contests = await ctx.ports.fantasy.listContests(filter);
  const viewer = viewerOf(ctx);
  const entered = viewer ? await ctx.ports.fantasy.enteredBy(viewer, contests.map((x) => x.id)) : new Map<string, number>();
  return contests.map((contest) => ({ contest, viewer, entered: entered.get(contest.id) ?? 0 }));
}

export async function viewFantasyContest(ctx: Ctx, id: string): Promise<Result<ViewedContest>> {
  const contest = await ctx.ports.fantasy.findContest(id);
  if (!contest) return contestNotFound();
  const viewer = viewerOf(ctx);
  const entered = viewer ? ((await ctx.ports.fantasy.enteredBy(viewer, [contest.id])).get(contest.id) ?? 0) : 0;
  return ok({ contest, viewer, entered });
}

export async function contestEntries(ctx: Ctx, id: string): Promise<Result<{ contest: ContestRecord; viewer: string | null; entries: EntryWithEntrant[] }>> {
  const contest = await ctx.ports.fantasy.findContest(id);
  if (!contest) return contestNotFound();
  return ok({ contest, viewer: viewerOf(ctx), entries: await ctx.ports.fantasy.entriesOf(contest.id) });
}

/** Entries with the contests, players and points that showing them needs. */
export interface EntryDetails {
  entries: readonly EntryRecord[];
  contests: ReadonlyMap<string, ContestRecord>;
  players: ReadonlyMap<string, FantasyPlayerRecord>;
  points: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** The details of `entries`; contests the caller already holds (`known`) are not read again. */
export async function entryDetails(ctx: Ctx, entries: readonly EntryRecord[], known: readonly ContestRecord[] = []): Promise<EntryDetails> {
  const port = ctx.ports.fantasy;
  const contestIds = [...new Set(entries.map((e) => e.contestId))];
  const contests = new Map(known.map((c) => [c.id, c]));
  await Promise.all(
    contestIds
      .filter((id) => !contests.has(id))
      .map(async (id) => {
        const c = await port.findContest(id);
        if (c) contests.set(id, c);
      }),
  );
  const players = new Map((await port.findPlayers(entries.flatMap((e) => e.lineup))).map((p) => [p.id, p]));
  const points = await port.playerPoints(contestIds);
  return { entries, contests, players, points };
}

/** The signed-in user's entries, newest first, with their details. */
export async function myFantasyEntries(ctx: Ctx, userId: string, limit: number): Promise<EntryDetails> {
  return entryDetails(ctx, await ctx.ports.fantasy.entriesForUser(userId, limit));
}
