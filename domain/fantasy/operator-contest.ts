/** Loading a contest for an operator's settle, cancel or lock: admin only, within the actor's reach, and only from the allowed states. */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { requireSharedWithinReach } from "../shared/reach.ts";
import type { ContestStatus } from "./types.ts";

const DONE = { settle: "settled", cancel: "cancelled", lock: "locked" } as const;

export async function loadForOperator(ctx: Ctx, contestId: string, allowed: readonly ContestStatus[], verb: keyof typeof DONE) {
  const who = requireRole(ctx.actor, ["admin"], `${verb} fantasy contests`);
  if (!who.ok) return who;
  const port = ctx.ports.fantasy;
  const contest = await port.findContest(contestId);
  if (!contest) return err(domainError("FANTASY.CONTEST_NOT_FOUND", "No contest with that id"));
  // Demo staff work in the sandbox: not on a contest a registered customer has entered.
  const shared = await requireSharedWithinReach(ctx, { contestId: contest.id });
  if (!shared.ok) return shared;
  if (!allowed.includes(contest.status))
    return err(
      domainError("FANTASY.INVALID_TRANSITION", `This contest is ${contest.status}; only ${allowed.join(" or ")} contests can be ${DONE[verb]}`, {
        status: contest.status,
      }),
    );
  const entries = await port.entriesOf(contest.id);
  return ok({ actor: who.value, port: port, contest, entries });
}
