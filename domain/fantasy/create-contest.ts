/**
 * createContest (admin): a public contest of a sport. The contest copies the sport's roster and
 * salary cap (later changes to the sport do not touch it) and gets its own prize-pool ledger
 * account. A guaranteed prize is a floor on the pool, not money moved now: at settlement the pool
 * is max(guarantee, fees − rake) and the house pays only the overlay (resolve-contest.ts). The
 * multi-entry cap (entries per customer, default 1) is fixed with the other terms. Audited.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { contestPoolAccountId } from "../wallet/ledger.ts";
import { auditOf, DAY_MS, DEFAULT_DURATION_MS, scheduleProblem } from "./common.ts";
import { defaultPayoutTable, payoutPlacesFor, payoutTableProblem } from "./payouts.ts";
import type { ContestRecord, FantasySportRecord } from "./types.ts";

export interface CreateContestInput {
  sportId: string;
  name: string;
  type: string;
  entryFee: number;
  /** The guaranteed prize (house funded); 0 for none. */
  prizePool: number;
  maxEntries: number;
  minEntries?: number;
  /** Entries one customer may have (default 1), at most maxEntries. */
  maxEntriesPerUser?: number;
  rakePercent: number;
  payoutTable?: number[];
  startTime: Date;
  endTime?: Date;
  settings: Record<string, unknown>;
}

export const DEFAULT_RAKE_PERCENT = 10;
export const MAX_ENTRIES_LIMIT = 10_000;

/** Validate the terms every contest shares and build its record (status open, no entries). */
export function contestTerms(
  ctx: Pick<Ctx, "ids">,
  now: Date,
  sport: FantasySportRecord,
  input: CreateContestInput,
  extra: { isPrivate: boolean; inviteCode: string | null; createdBy: string; minLeadMs: number },
): Result<ContestRecord> {
  if (sport.status !== "active")
    return err(domainError("FANTASY.SPORT_INACTIVE", `${sport.name} is ${sport.status} and takes no new contests`));
  if (!Number.isInteger(input.maxEntries) || input.maxEntries < 1 || input.maxEntries > MAX_ENTRIES_LIMIT)
    return err(domainError("REQUEST.INVALID", `Max entries must be a whole number from 1 to ${MAX_ENTRIES_LIMIT}`, { field: "maxEntries" }));
  if (input.entryFee < 0 || input.prizePool < 0)
    return err(domainError("REQUEST.INVALID", "Entry fee and prize pool cannot be negative"));
  const minEntries = input.minEntries ?? Math.min(2, input.maxEntries);
  if (minEntries < 1 || minEntries > input.maxEntries)
    return err(domainError("FANTASY.INVALID_MIN_ENTRIES", "Min entries must be from 1 to max entries", { minEntries, maxEntries: input.maxEntries }));
  const perUser = input.maxEntriesPerUser ?? 1;
  if (!Number.isInteger(perUser) || perUser < 1 || perUser > input.maxEntries)
    return err(
      domainError("REQUEST.INVALID", "Entries per customer must be a whole number from 1 to max entries", {
        field: "maxEntriesPerUser",
        maxEntries: input.maxEntries,
      }),
    );
  const end = input.endTime ?? new Date(input.startTime.getTime() + DEFAULT_DURATION_MS);
  const schedule = scheduleProblem(now, input.startTime, end, { minLeadMs: extra.minLeadMs, maxLeadMs: 365 * DAY_MS, maxDurationMs: 30 * DAY_MS });
  if (schedule) return err(domainError("FANTASY.INVALID_SCHEDULE", schedule));
  const table = input.payoutTable ?? defaultPayoutTable(payoutPlacesFor(input.maxEntries));
  const tableProblem = payoutTableProblem(table, input.maxEntries);
  if (tableProblem) return err(domainError("FANTASY.INVALID_PAYOUT_TABLE", tableProblem));
  return ok({
    id: ctx.ids.next("fc"),
    sportId: sport.id,
    sportName: sport.name,
    name: input.name.trim(),
    type: input.type,
    entryFee: input.entryFee,
    guaranteedPrize: input.prizePool,
    guaranteeFunded: 0,
    maxEntries: input.maxEntries,
    maxEntriesPerUser: perUser,
    minEntries,
    currentEntries: 0,
    rakePercent: input.rakePercent,
    payoutTable: table,
    roster: sport.roster,
    salaryCap: sport.salaryCap,
    startTime: input.startTime,
    endTime: end,
    status: "open",
    settings: input.settings,
    isPrivate: extra.isPrivate,
    inviteCode: extra.inviteCode,
    createdBy: extra.createdBy,
    createdAt: now,
    scoredAt: null,
    resolvedAt: null,
  });
}

export async function createContest(ctx: Ctx, input: CreateContestInput): Promise<Result<ContestRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "create fantasy contests");
  if (!who.ok) return who;
  const port = ctx.ports.fantasy;
  if (!Number.isInteger(input.rakePercent) || input.rakePercent < 0 || input.rakePercent > 50)
    return err(domainError("REQUEST.INVALID", "Rake must be a whole percentage from 0 to 50", { field: "rakePercent" }));
  const sport = await port.findSport(input.sportId);
  if (!sport) return err(domainError("FANTASY.SPORT_NOT_FOUND", "No fantasy sport with that id"));
  const now = ctx.clock.now();
  const terms = contestTerms(ctx, now, sport, input, { isPrivate: false, inviteCode: null, createdBy: who.value.id, minLeadMs: 1 });
  if (!terms.ok) return terms;
  const contest = terms.value;
  const pool = contestPoolAccountId(contest.id);
  const audit = auditOf(ctx, who.value, now, "fantasy_contest.create", "fantasy_contest", contest.id, null, {
    sportId: contest.sportId,
    name: contest.name,
    type: contest.type,
    entryFee: contest.entryFee,
    guaranteedPrize: contest.guaranteedPrize,
    maxEntries: contest.maxEntries,
    maxEntriesPerUser: contest.maxEntriesPerUser,
    minEntries: contest.minEntries,
    rakePercent: contest.rakePercent,
    payoutTable: contest.payoutTable,
    startTime: contest.startTime.toISOString(),
    endTime: contest.endTime.toISOString(),
  });
  const written = await port.createContest({ contest, poolAccountId: pool, funding: null, creatorEntry: null, audit });
  if (written.kind === "sport_not_found") return err(domainError("FANTASY.SPORT_NOT_FOUND", "No fantasy sport with that id"));
  if (written.kind !== "created") return err(domainError("INTERNAL", `Could not create the contest (${written.kind})`));
  return ok(contest);
}
