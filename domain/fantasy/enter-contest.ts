/**
 * enterContest (customer): pay the entry fee from the wallet into the contest's prize pool with a
 * valid lineup. Checked first here (gate, invite code, contest open / not started / not full,
 * lineup), then written in one batch that the database refuses if, by then, the contest is no
 * longer open, has started or is full (guard inside the write), the customer is suspended, on a
 * time-out or self-excluded, or the fee would take net losses past a loss limit (the same wagering
 * guards as a bet's placement write), the customer already has as many entries as the contest
 * allows one customer (its multi-entry cap, counted inside the write), or the wallet would go below
 * zero (CHECK): so nothing is half-written.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type DomainError, type Result } from "../shared/result.ts";
import { contestPoolAccountId, ledgerTransaction, transfer, walletAccountId, type LedgerTransaction } from "../wallet/ledger.ts";
import { requireCustomer } from "./common.ts";
import { checkFantasyEntryGate, concurrentChange, explainWagerRefusal, type MayWager } from "./entry-gate.ts";
import { checkLineup } from "./roster.ts";
import type { ContestRecord, EntryRecord } from "./types.ts";
import type { EntryOutcome, Fantasy } from "../ports/index.ts";

export interface EnterContestInput {
  lineup: string[];
  inviteCode?: string;
}

/** Why a contest takes no entry now, or null when it does. */
export function entryRefusal(c: ContestRecord, now: Date): DomainError | null {
  if (c.status !== "open") return domainError("FANTASY.CONTEST_CLOSED", `This contest is ${c.status} and takes no entries`);
  if (now.getTime() >= c.startTime.getTime()) return domainError("FANTASY.CONTEST_STARTED", "This contest has started; entries are closed");
  if (c.currentEntries >= c.maxEntries) return domainError("FANTASY.CONTEST_FULL", `This contest is full (${c.maxEntries} entries)`);
  return null;
}

export const sameInviteCode = (given: string | undefined, code: string | null) =>
  code !== null && given !== undefined && given.trim().toUpperCase() === code.toUpperCase();

/**
 * The multi-entry cap: a single-entry contest answers FANTASY.ALREADY_ENTERED (edit the entry
 * instead), a multi-entry one FANTASY.ENTRY_LIMIT_REACHED with the cap.
 */
export function entryLimitRefusal(c: Pick<ContestRecord, "maxEntriesPerUser">, mine: number): DomainError | null {
  if (mine < c.maxEntriesPerUser) return null;
  if (c.maxEntriesPerUser === 1)
    return domainError("FANTASY.ALREADY_ENTERED", "You already have an entry in this contest; edit its lineup instead");
  return domainError("FANTASY.ENTRY_LIMIT_REACHED", `You have ${mine} entries in this contest, the most one customer may have`, {
    maxEntriesPerUser: c.maxEntriesPerUser,
    entries: mine,
  });
}

/** Turn a refused write into the customer's reason, reading the contest as it is now. */
export async function explainEntryOutcome(
  port: Fantasy,
  contestId: string,
  userId: string,
  outcome: Exclude<EntryOutcome, { kind: "entered" | "refused" }>,
  now: Date,
): Promise<DomainError> {
  switch (outcome.kind) {
    case "already_entered":
      return domainError("FANTASY.ALREADY_ENTERED", "You already have an entry in this contest; edit its lineup instead");
    case "entry_limit": {
      const fresh = await port.findContest(contestId);
      const mine = (await port.enteredBy(userId, [contestId])).get(contestId) ?? 0;
      return (
        (fresh && entryLimitRefusal(fresh, Math.max(mine, fresh.maxEntriesPerUser))) ??
        domainError("FANTASY.ENTRY_LIMIT_REACHED", "You have as many entries in this contest as one customer may have")
      );
    }
    case "insufficient_funds":
      return domainError("FANTASY.INSUFFICIENT_FUNDS", "Your balance is too low for this entry fee");
    case "no_wallet":
      return domainError("FANTASY.NO_WALLET", "This account has no wallet");
    case "not_taking_entries": {
      const fresh = await port.findContest(contestId);
      return (fresh && entryRefusal(fresh, now)) ?? domainError("FANTASY.CONTEST_CLOSED", "This contest takes no more entries");
    }
  }
}

/** A new, active entry: no points, rank or payout yet, its fee the contest's entry fee. */
export function newEntry(e: { id: string; contestId: string; userId: string; lineup: string[]; salaryUsed: number; fee: number; at: Date }): EntryRecord {
  return {
    id: e.id,
    contestId: e.contestId,
    userId: e.userId,
    lineup: e.lineup,
    salaryUsed: e.salaryUsed,
    fee: e.fee,
    pointsX100: 0,
    rank: null,
    payout: null,
    status: "active",
    enteredAt: e.at,
    updatedAt: e.at,
  };
}

export function entryFeeTransaction(
  ctx: Pick<Ctx, "ids">,
  entry: EntryRecord,
  at: Date,
): Result<LedgerTransaction | null> {
  if (entry.fee === 0) return ok(null);
  return ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: "contest_entry", reference: entry.id, createdAt: at, createdBy: entry.userId },
    transfer(walletAccountId(entry.userId), contestPoolAccountId(entry.contestId), entry.fee),
  );
}

export async function enterContest(
  ctx: Ctx,
  contestId: string,
  input: EnterContestInput,
  opts: { mayWager?: MayWager } = {},
): Promise<Result<{ entry: EntryRecord; balance: number }>> {
  const who = requireCustomer(ctx, "enter contests");
  if (!who.ok) return who;
  const user = who.value;
  const port = ctx.ports.fantasy;
  const contest = await port.findContest(contestId);
  if (!contest) return err(domainError("FANTASY.CONTEST_NOT_FOUND", "No contest with that id"));

  const gate = await checkFantasyEntryGate(ctx, user, contest.entryFee, opts.mayWager);
  if (!gate.ok) return gate;
  if (contest.isPrivate && contest.createdBy !== user.id && !sameInviteCode(input.inviteCode, contest.inviteCode))
    return err(domainError("FANTASY.INVITE_CODE_REQUIRED", "This is a private contest: enter its invite code"));
  const now = ctx.clock.now();
  const refusal = entryRefusal(contest, now);
  if (refusal) return err(refusal);
  const limit = entryLimitRefusal(contest, (await port.enteredBy(user.id, [contest.id])).get(contest.id) ?? 0);
  if (limit) return err(limit);

  const players = await port.findPlayers(input.lineup);
  const lineup = checkLineup({ lineup: input.lineup, roster: contest.roster, salaryCap: contest.salaryCap, sportId: contest.sportId }, players);
  if (!lineup.ok) return lineup;

  const entry = newEntry({
    id: ctx.ids.next("fe"),
    contestId: contest.id,
    userId: user.id,
    lineup: lineup.value.lineup,
    salaryUsed: lineup.value.salaryUsed,
    fee: contest.entryFee,
    at: now,
  });
  const fee = entryFeeTransaction(ctx, entry, now);
  if (!fee.ok) return fee;
  const written = await port.enter({ entry, fee: fee.value, walletAccountId: walletAccountId(user.id), guards: gate.value });
  if (written.kind === "entered") return ok({ entry, balance: written.balance });
  if (written.kind === "refused") {
    // Suspended, excluded or over a loss limit by the time of the write: say which, as the check
    // before the write would have; failing that, the contest may have closed meanwhile.
    const why = await explainWagerRefusal(ctx, user, contest.entryFee, opts.mayWager);
    if (why) return err(why);
    const fresh = await port.findContest(contest.id);
    const mine = (await port.enteredBy(user.id, [contest.id])).get(contest.id) ?? 0;
    return err((fresh && (entryRefusal(fresh, ctx.clock.now()) ?? entryLimitRefusal(fresh, mine))) ?? concurrentChange());
  }
  return err(await explainEntryOutcome(port, contest.id, user.id, written, now));
}
