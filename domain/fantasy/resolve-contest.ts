/**
 * Settling and cancelling a contest: the plans (pure) and running one. The operator's use cases
 * (settle-contest.ts, cancel-contest.ts) and the lifecycle runner (advance-contests.ts) share them.
 *
 * Settle: the rake (floor of fees × rake %) goes pool → fantasy_rake as its own `contest_rake`
 * transaction; the prize pool, max(guarantee, fees − rake), is paid by the table the contest pays
 * at its size (settlementAmounts: a guaranteed contest short of entries pays its filled places
 * their advertised prizes only), ties split (payouts.ts), one `contest_payout` transaction per paid
 * entry, pool → wallet. When the fees do not reach what is paid, the house pays the overlay
 * house → pool (`adjustment`, before the payouts); a contest created before migration 0025 had its
 * whole guarantee put in at creation, and gets back from it whatever the overlay did not use.
 * Cancel: every fee goes back pool → wallet (`contest_entry_refund`, one per entry) and whatever
 * the house put in back to the house (`adjustment`).
 * Either way one write changes the status only from the allowed states (so settling twice pays
 * once), records every entry's result, and ends by asserting the pool is empty: the pool's
 * balance CHECK (>= 0) and that assertion make the ledger, not this code, the last word.
 */
import type { Ctx, SystemCtx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import {
  contestPoolAccountId, FANTASY_RAKE_ACCOUNT, HOUSE_ACCOUNT, ledgerTransaction, transfer, walletAccountId, type LedgerTransaction,
} from "../wallet/ledger.ts";
import type { ResolutionPlan } from "../ports/index.ts";
import { auditOf } from "./common.ts";
import { distributeAmounts, poolFigures, settlementAmounts } from "./payouts.ts";
import { entryPoints } from "./scoring.ts";
import type { ContestRecord, ContestStatus, EntryRecord } from "./types.ts";

export interface Resolution {
  contest: ContestRecord;
  rake: number;
  /** What was paid out in prizes (settlementAmounts' sum) when settled, 0 when cancelled. */
  prizePool: number;
  /** What the house paid towards the prizes (the guarantee's overlay); 0 when the fees covered it. */
  overlay: number;
  payouts: { entryId: string; rank: number; pointsX100: number; amount: number }[];
  refunds: { entryId: string; amount: number }[];
}

function tx(ctx: Pick<Ctx, "ids">, kind: LedgerTransaction["kind"], reference: string, at: Date, by: string | null, from: string, to: string, amount: number) {
  const t = ledgerTransaction({ id: ctx.ids.next("tx"), kind, reference, createdAt: at, createdBy: by }, transfer(from, to, amount));
  if (!t.ok) throw new Error(t.error.message); // positive whole cents between two accounts always balance
  return t.value;
}

export function planSettlement(
  ctx: Pick<Ctx, "ids">,
  contest: ContestRecord,
  entries: readonly EntryRecord[],
  playerPoints: ReadonlyMap<string, number>,
  opts: { from: readonly ContestStatus[]; at: Date; actor: User | null; recordPoints: boolean },
): { plan: ResolutionPlan; resolution: Resolution } {
  const pool = contestPoolAccountId(contest.id);
  const by = opts.actor?.id ?? null;
  const fees = entries.reduce((s, e) => s + e.fee, 0);
  const { rake, netFees } = poolFigures(fees, contest.guaranteedPrize, contest.rakePercent);
  // A guaranteed contest short of entries pays its filled places their advertised prizes, no more.
  const amounts = settlementAmounts(contest, entries.length, netFees);
  const prizePool = amounts.reduce((a, b) => a + b, 0);
  const overlay = Math.max(0, prizePool - netFees);
  const results = distributeAmounts(
    amounts,
    entries.map((e) => ({ entryId: e.id, pointsX100: entryPoints(e.lineup, playerPoints), enteredAt: e.enteredAt })),
  );
  const byEntry = new Map(entries.map((e) => [e.id, e]));
  const transactions: LedgerTransaction[] = [];
  if (rake > 0) transactions.push(tx(ctx, "contest_rake", contest.id, opts.at, by, pool, FANTASY_RAKE_ACCOUNT, rake));
  // After the rake the pool holds what the house funded up front plus the net fees; the house tops
  // it up to the prize pool (the overlay) or takes back what its up-front funding did not need.
  const held = contest.guaranteeFunded + netFees;
  if (prizePool > held) transactions.push(tx(ctx, "adjustment", contest.id, opts.at, by, HOUSE_ACCOUNT, pool, prizePool - held));
  if (held > prizePool) transactions.push(tx(ctx, "adjustment", contest.id, opts.at, by, pool, HOUSE_ACCOUNT, held - prizePool));
  for (const r of results)
    if (r.payout > 0)
      transactions.push(tx(ctx, "contest_payout", r.entryId, opts.at, by, pool, walletAccountId(byEntry.get(r.entryId)!.userId), r.payout));
  const payouts = results.map((r) => ({ entryId: r.entryId, rank: r.rank, pointsX100: r.pointsX100, amount: r.payout }));
  const plan: ResolutionPlan = {
    contestId: contest.id,
    from: opts.from,
    to: "settled",
    at: opts.at,
    playerPoints: opts.recordPoints ? playerPoints : null,
    entries: results.map((r) => ({
      entryId: r.entryId,
      pointsX100: r.pointsX100,
      rank: r.rank,
      payout: r.payout,
      status: r.payout > 0 ? "won" : "lost",
    })),
    transactions,
    poolAccountId: pool,
    audit: auditOf(ctx, opts.actor, opts.at, "fantasy_contest.settle", "fantasy_contest", contest.id, { status: contest.status }, {
      status: "settled",
      fees,
      rake,
      guaranteedPrize: contest.guaranteedPrize,
      overlay,
      prizePool,
      paidPlaces: amounts.length,
      payouts: payouts.filter((p) => p.amount > 0),
    }),
  };
  return {
    plan,
    resolution: { contest: { ...contest, status: "settled", resolvedAt: opts.at }, rake, prizePool, overlay, payouts, refunds: [] },
  };
}

export function planCancellation(
  ctx: Pick<Ctx, "ids">,
  contest: ContestRecord,
  entries: readonly EntryRecord[],
  opts: { from: readonly ContestStatus[]; at: Date; actor: User | null; reason: string },
): { plan: ResolutionPlan; resolution: Resolution } {
  const pool = contestPoolAccountId(contest.id);
  const by = opts.actor?.id ?? null;
  const transactions: LedgerTransaction[] = [];
  for (const e of entries)
    if (e.fee > 0) transactions.push(tx(ctx, "contest_entry_refund", e.id, opts.at, by, pool, walletAccountId(e.userId), e.fee));
  if (contest.guaranteeFunded > 0)
    transactions.push(tx(ctx, "adjustment", contest.id, opts.at, by, pool, HOUSE_ACCOUNT, contest.guaranteeFunded));
  const refunds = entries.map((e) => ({ entryId: e.id, amount: e.fee }));
  const plan: ResolutionPlan = {
    contestId: contest.id,
    from: opts.from,
    to: "cancelled",
    at: opts.at,
    playerPoints: null,
    entries: entries.map((e) => ({ entryId: e.id, pointsX100: null, rank: null, payout: e.fee, status: "refunded" })),
    transactions,
    poolAccountId: pool,
    audit: auditOf(ctx, opts.actor, opts.at, "fantasy_contest.cancel", "fantasy_contest", contest.id, { status: contest.status }, {
      status: "cancelled",
      reason: opts.reason,
      refunded: refunds.reduce((s, r) => s + r.amount, 0),
      guaranteeReturned: contest.guaranteeFunded,
    }),
  };
  return {
    plan,
    resolution: { contest: { ...contest, status: "cancelled", resolvedAt: opts.at }, rake: 0, prizePool: 0, overlay: 0, payouts: [], refunds },
  };
}

/** Run a plan; a contest no longer in an allowed state is refused and nothing is written. */
export async function applyResolution(
  ctx: SystemCtx,
  planned: { plan: ResolutionPlan; resolution: Resolution },
): Promise<Result<Resolution>> {
  const port = ctx.ports.fantasy;
  const written = await port.resolve(planned.plan);
  if (written === "not_found") return err(domainError("FANTASY.CONTEST_NOT_FOUND", "No contest with that id"));
  if (written === "pool_mismatch")
    return err(domainError("FANTASY.INVALID_TRANSITION", "The contest's entries changed while this was being done; try again"));
  if (written === "wrong_status") {
    const now = await port.findContest(planned.plan.contestId);
    return err(
      domainError("FANTASY.INVALID_TRANSITION", `This contest is ${now?.status ?? "gone"} and cannot be ${planned.plan.to}`, {
        status: now?.status ?? null,
      }),
    );
  }
  return ok(planned.resolution);
}
