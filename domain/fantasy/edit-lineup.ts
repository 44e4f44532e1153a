/**
 * editLineup (customer): replace the lineup of one's own entry while the contest still takes
 * entries (open, before its start time). No money moves. The write re-checks the contest state,
 * so a lineup cannot change after the start even if the contest locked in between.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireCustomer } from "./common.ts";
import { entryRefusal } from "./enter-contest.ts";
import { checkLineup } from "./roster.ts";
import type { EntryRecord } from "./types.ts";

export async function editLineup(ctx: Ctx, entryId: string, input: { lineup: string[] }): Promise<Result<EntryRecord>> {
  const who = requireCustomer(ctx, "edit lineups");
  if (!who.ok) return who;
  const port = ctx.ports.fantasy;
  const entry = await port.findEntry(entryId);
  // Someone else's entry is reported as missing: ids of other customers' entries reveal nothing.
  if (!entry || entry.userId !== who.value.id) return err(domainError("FANTASY.ENTRY_NOT_FOUND", "No entry of yours with that id"));
  const contest = await port.findContest(entry.contestId);
  if (!contest) return err(domainError("FANTASY.CONTEST_NOT_FOUND", "No contest with that id"));
  const now = ctx.clock.now();
  const refusal = entryRefusal({ ...contest, currentEntries: 0 }, now);
  if (refusal) return err(refusal);

  const players = await port.findPlayers(input.lineup);
  const lineup = checkLineup({ lineup: input.lineup, roster: contest.roster, salaryCap: contest.salaryCap, sportId: contest.sportId }, players);
  if (!lineup.ok) return lineup;
  const written = await port.editLineup({
    entryId: entry.id,
    userId: entry.userId,
    lineup: lineup.value.lineup,
    salaryUsed: lineup.value.salaryUsed,
    at: now,
  });
  if (written === "not_found") return err(domainError("FANTASY.ENTRY_NOT_FOUND", "No entry of yours with that id"));
  if (written === "not_taking_entries") {
    const fresh = await port.findContest(contest.id);
    return err(
      (fresh && entryRefusal({ ...fresh, currentEntries: 0 }, now)) ??
        domainError("FANTASY.CONTEST_STARTED", "This contest has started; lineups are locked"),
    );
  }
  return ok({ ...entry, lineup: lineup.value.lineup, salaryUsed: lineup.value.salaryUsed, updatedAt: now });
}
