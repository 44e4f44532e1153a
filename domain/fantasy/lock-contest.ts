/**
 * lockContestNow (admin): bring an open contest's lock forward to now. It takes no more entries or
 * lineup changes from this moment, its start time becomes now, and the contest runner takes it live
 * on its next pass and settles it at its end time as usual. Refused unless open, and unless it has
 * the entries it needs to run (lifecycle.ts lockNowProblem); the write checks both again. Audited.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { auditOf } from "./common.ts";
import { entriesNeededToRun, LOCK_NOW_FROM, lockNowProblem, startWhenLockedAt } from "./lifecycle.ts";
import { loadForOperator } from "./operator-contest.ts";
import type { ContestRecord } from "./types.ts";

const tooFew = (c: ContestRecord) =>
  domainError(
    "FANTASY.INVALID_TRANSITION",
    `This contest has ${c.currentEntries} of the ${entriesNeededToRun(c)} entries it needs to run; it cannot be locked (cancel it instead)`,
    { status: c.status, reason: "too_few_entries", currentEntries: c.currentEntries, needed: entriesNeededToRun(c) },
  );

export async function lockContestNow(ctx: Ctx, contestId: string): Promise<Result<ContestRecord>> {
  const loaded = await loadForOperator(ctx, contestId, LOCK_NOW_FROM, "lock");
  if (!loaded.ok) return loaded;
  const { actor, port, contest } = loaded.value;
  if (lockNowProblem(contest) === "too_few_entries") return err(tooFew(contest));
  const now = ctx.clock.now();
  const startTime = startWhenLockedAt(contest, now);
  const audit = auditOf(
    ctx, actor, now, "fantasy_contest.lock", "fantasy_contest", contest.id,
    { status: contest.status, startTime: contest.startTime.toISOString() },
    { status: "locked", startTime: startTime.toISOString(), lockedAt: now.toISOString() },
  );
  const written = await port.lockNow({ contestId: contest.id, at: now, startTime, audit });
  if (written === "locked") return ok({ ...contest, status: "locked", startTime });
  // Changed since it was read (locked by the runner or another operator, or cancelled): say how it is now.
  const current = (await port.findContest(contest.id)) ?? contest;
  if (written === "too_few_entries") return err(tooFew(current));
  return err(
    domainError("FANTASY.INVALID_TRANSITION", `This contest is ${current.status}; only open contests can be locked`, { status: current.status }),
  );
}
