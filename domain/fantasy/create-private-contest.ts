/**
 * createPrivateContest (customer): a contest only people with its invite code can enter. The
 * creator enters it with their lineup and pays the entry fee like any entry, in the same write as
 * the contest and its prize-pool account, with the same wagering guards inside that write. No
 * guaranteed prize; the usual rake and payout table.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { contestPoolAccountId, walletAccountId } from "../wallet/ledger.ts";
import { DAY_MS, DEFAULT_DURATION_MS, requireCustomer } from "./common.ts";
import { contestTerms, DEFAULT_RAKE_PERCENT } from "./create-contest.ts";
import { entryFeeTransaction, newEntry } from "./enter-contest.ts";
import { checkFantasyEntryGate, concurrentChange, explainWagerRefusal, type MayWager } from "./entry-gate.ts";
import { checkLineup } from "./roster.ts";
import type { ContestRecord, EntryRecord, FantasySportRecord } from "./types.ts";
import type { NewContestOutcome } from "../ports/fantasy.ts";
import type { User } from "../shared/types.ts";
import { formatMoney } from "../shared/money.ts";

export interface CreatePrivateContestInput {
  sportId: string;
  name: string;
  entryFee: number;
  maxEntries: number;
  startTime: Date;
  endTime?: Date;
  lineup: string[];
}

export const PRIVATE_MIN_LEAD_MS = 5 * 60_000;
export const PRIVATE_MAX_FEE = 100_000;

/** Eight characters without look-alikes (no 0/O, 1/I/L), from the random tail of a new id. */
export function inviteCodeFrom(randomId: string): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  return [...randomId.slice(-8)].map((ch) => alphabet[(parseInt(ch, 36) || 0) % alphabet.length]).join("");
}

/** The limits a private contest has beyond any contest's: a capped fee and from 2 to 100 entries. */
function privateLimitsError(input: CreatePrivateContestInput): Result<never> | null {
  if (!Number.isInteger(input.entryFee) || input.entryFee < 0 || input.entryFee > PRIVATE_MAX_FEE)
    return err(domainError("REQUEST.INVALID", `The entry fee must be from ${formatMoney(0)} to ${formatMoney(PRIVATE_MAX_FEE)}`, { field: "entryFee" }));
  if (!Number.isInteger(input.maxEntries) || input.maxEntries < 2 || input.maxEntries > 100)
    return err(domainError("REQUEST.INVALID", "A private contest has from 2 to 100 entries", { field: "maxEntries" }));
  return null;
}

/** A private contest starts within 30 days and lasts at most 7, so a forgotten one does not hold fees for long. */
function privateScheduleError(start: Date, end: Date, now: Date): Result<never> | null {
  if (start.getTime() - now.getTime() > 30 * DAY_MS)
    return err(domainError("FANTASY.INVALID_SCHEDULE", "A private contest must start within 30 days"));
  if (end.getTime() - start.getTime() > 7 * DAY_MS)
    return err(domainError("FANTASY.INVALID_SCHEDULE", "A private contest can last at most 7 days"));
  return null;
}

/** The contest's terms: no guaranteed prize, the usual rake, a fresh invite code, created by the customer. */
function privateTerms(ctx: Ctx, now: Date, sport: FantasySportRecord, input: CreatePrivateContestInput, end: Date, userId: string): Result<ContestRecord> {
  return contestTerms(
    ctx,
    now,
    sport,
    {
      sportId: sport.id,
      name: input.name,
      type: "private",
      entryFee: input.entryFee,
      prizePool: 0,
      maxEntries: input.maxEntries,
      minEntries: 2,
      rakePercent: DEFAULT_RAKE_PERCENT,
      startTime: input.startTime,
      endTime: end,
      settings: {},
    },
    { isPrivate: true, inviteCode: inviteCodeFrom(ctx.ids.next("inv")), createdBy: userId, minLeadMs: PRIVATE_MIN_LEAD_MS },
  );
}

export async function createPrivateContest(
  ctx: Ctx,
  input: CreatePrivateContestInput,
  opts: { mayWager?: MayWager } = {},
): Promise<Result<{ contest: ContestRecord; entry: EntryRecord; balance: number }>> {
  const who = requireCustomer(ctx, "create contests");
  if (!who.ok) return who;
  const user = who.value;
  const port = ctx.ports.fantasy;
  const invalid = privateLimitsError(input);
  if (invalid) return invalid;
  const gate = await checkFantasyEntryGate(ctx, user, input.entryFee, opts.mayWager);
  if (!gate.ok) return gate;
  const sport = await port.findSport(input.sportId);
  if (!sport) return err(domainError("FANTASY.SPORT_NOT_FOUND", "No fantasy sport with that id"));

  const now = ctx.clock.now();
  const end = input.endTime ?? new Date(input.startTime.getTime() + DEFAULT_DURATION_MS);
  const badSchedule = privateScheduleError(input.startTime, end, now);
  if (badSchedule) return badSchedule;
  const terms = privateTerms(ctx, now, sport, input, end, user.id);
  if (!terms.ok) return terms;

  const players = await port.findPlayers(input.lineup);
  const lineup = checkLineup({ lineup: input.lineup, roster: sport.roster, salaryCap: sport.salaryCap, sportId: sport.id }, players);
  if (!lineup.ok) return lineup;

  const contest: ContestRecord = { ...terms.value, currentEntries: 1 };
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
  const written = await port.createContest({
    contest: { ...contest, currentEntries: 0 },
    poolAccountId: contestPoolAccountId(contest.id),
    funding: null,
    creatorEntry: { entry, fee: fee.value, walletAccountId: walletAccountId(user.id), guards: gate.value },
    audit: null,
  });
  if (written.kind === "created") return ok({ contest, entry, balance: written.balance ?? 0 });
  return writeRefusal(ctx, user, input, opts, written.kind);
}

/** Why the write took nothing, in the same words as for any entry. */
async function writeRefusal(
  ctx: Ctx,
  user: User,
  input: CreatePrivateContestInput,
  opts: { mayWager?: MayWager },
  kind: Exclude<NewContestOutcome["kind"], "created">,
): Promise<Result<never>> {
  switch (kind) {
    case "sport_not_found":
      return err(domainError("FANTASY.SPORT_NOT_FOUND", "No fantasy sport with that id"));
    case "insufficient_funds":
      return err(domainError("FANTASY.INSUFFICIENT_FUNDS", "Your balance is too low for this entry fee"));
    case "no_wallet":
      return err(domainError("FANTASY.NO_WALLET", "This account has no wallet"));
    case "refused":
      // Suspended, excluded or over a loss limit by the time of the write, as for any entry.
      return err((await explainWagerRefusal(ctx, user, input.entryFee, opts.mayWager)) ?? concurrentChange());
  }
}
