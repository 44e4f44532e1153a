/**
 * One pass of the contest lifecycle (run by api/jobs/fantasy-runner.ts every few seconds): each
 * contest with something due takes its next step (lifecycle.ts). Every step is one guarded write,
 * so two runners (two processes) can run passes at once: the second to write a step finds the
 * contest no longer in the state it expected and writes nothing. Scoring asks the stats feed for
 * the points at the contest's progress, which is the same answer for the same moment, and a score
 * older than the stored one is not written.
 */
import type { SystemCtx } from "../shared/context.ts";
import type { FantasyStatsFeed } from "../ports/index.ts";
import { nextStep } from "./lifecycle.ts";
import { applyResolution, planCancellation, planSettlement } from "./resolve-contest.ts";
import { progressMilli, standings } from "./scoring.ts";
import type { ContestRecord, EntryRecord } from "./types.ts";

export interface PassReport {
  locked: string[];
  cancelled: string[];
  live: string[];
  scored: string[];
  settled: string[];
  /** Steps another runner took first (or refused by the write's guards); tried again next pass. */
  skipped: string[];
  /** Steps that threw (a broken database, a bug): the runner logs them; tried again next pass. */
  failed: { contestId: string; error: string }[];
}

async function pointsFor(ctx: SystemCtx, feed: FantasyStatsFeed, contest: ContestRecord, entries: readonly EntryRecord[], progress: number) {
  const port = ctx.ports.fantasy;
  const ids = [...new Set(entries.flatMap((e) => e.lineup))];
  const players = await port.findPlayers(ids);
  return feed.pointsAt({ contestId: contest.id, sportId: contest.sportId, progressMilli: progress, players });
}

export async function advanceContests(ctx: SystemCtx, feed: FantasyStatsFeed, limit = 200): Promise<PassReport> {
  const report: PassReport = { locked: [], cancelled: [], live: [], scored: [], settled: [], skipped: [], failed: [] };
  const port = ctx.ports.fantasy;
  const now = ctx.clock.now();
  for (const contest of await port.contestsToAdvance(now, limit)) {
    try {
      await advanceOne(ctx, feed, contest, now, report);
    } catch (e) {
      report.failed.push({ contestId: contest.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return report;
}

async function advanceOne(ctx: SystemCtx, feed: FantasyStatsFeed, contest: ContestRecord, now: Date, report: PassReport): Promise<void> {
  const port = ctx.ports.fantasy;
  const step = nextStep(contest, now);
  if (step === "none") return;
  if (step === "lock") {
    (await port.lock(contest.id, now) ? report.locked : report.skipped).push(contest.id);
    return;
  }
  const entries = await port.entriesOf(contest.id);
  if (step === "cancel") {
    const reason = `fewer than ${contest.minEntries} entries at the start time`;
    const done = await applyResolution(ctx, planCancellation(ctx, contest, entries, { from: ["open"], at: now, actor: null, reason }));
    (done.ok ? report.cancelled : report.skipped).push(contest.id);
    return;
  }
  if (step === "go_live" || step === "score") {
    const points = await pointsFor(ctx, feed, contest, entries, progressMilli(contest, now));
    const written = await port.score({
      contestId: contest.id,
      from: contest.status === "locked" ? "locked" : "live",
      at: now,
      playerPoints: points,
      standings: standings(entries, points),
    });
    (written ? (step === "go_live" ? report.live : report.scored) : report.skipped).push(contest.id);
    return;
  }
  // settle: final points (progress 1000), recorded and paid in one write.
  const points = await pointsFor(ctx, feed, contest, entries, 1000);
  const done = await applyResolution(
    ctx,
    planSettlement(ctx, contest, entries, points, { from: ["live"], at: now, actor: null, recordPoints: true }),
  );
  (done.ok ? report.settled : report.skipped).push(contest.id);
}
