/**
 * The plan and the write of placement: one placement plan (bet, legs, stake postings, idempotency
 * record and the guards the write asserts again) handed to the Bets port, which writes it
 * atomically. Cash first, then bonus (domain/wallet/bonus.ts): most bets are covered by cash and
 * are written at once, with no read of the balances; only when the cash falls short are the
 * balances read and the stake split across cash and bonus (the write's CHECKs refuse if either part
 * fell short).
 */
import type { Ctx } from "../../shared/context.ts";
import { ok, type Result } from "../../shared/result.ts";
import { formatOdds } from "../../shared/odds.ts";
import { ledgerTransaction, walletAccountId } from "../../wallet/ledger.ts";
import { stakePostings, stakeSplitFor } from "../../wallet/bonus-stake.ts";
import { effectiveLimit, LIMIT_PERIODS, windowStart } from "../../responsible/limits.ts";
import type { PlacementPlan } from "../../ports/index.ts";
import type { PlacedBet, Placement, PlaceBetOutput } from "./types.ts";

type StakeSplit = { cash: number; bonus: number };

/** The answer to the customer, but the balance the write reads. */
function responseOf(p: Placement): Omit<PlacedBet, "balance"> {
  return {
    bet: { id: p.betId, potentialReturn: p.potentialReturn, stake: p.input.stake, totalOdds: formatOdds(p.totalOddsMilli), status: "pending", placedAt: p.now.toISOString() },
  };
}

/** The plan of one write, with the stake taken from cash and bonus as `split` says. */
export function planOf(ctx: Ctx, p: Placement, split: StakeSplit, idempotencyKey: string | null, requestHash: string): Result<PlacementPlan> {
  const { user, input, betId, now } = p;
  const tx = ledgerTransaction({ id: ctx.ids.next("tx"), kind: "bet_stake", reference: betId, createdAt: now, createdBy: user.id }, stakePostings(user.id, split));
  if (!tx.ok) return tx;
  const response = (p.response ??= responseOf(p));
  return ok({
    bet: {
      id: betId, userId: user.id, betType: input.betType, stake: input.stake, totalOddsMilli: p.totalOddsMilli, potentialReturn: p.potentialReturn,
      status: "pending", placedAt: now, bonusStake: split.bonus,
      ...(p.sgmPrices ? { sgmPrices: p.sgmPrices } : {}),
      ...(p.eachWay ? { eachWay: p.eachWay } : {}),
    },
    legs: input.selections.map((s, i) => {
      const o = p.found.get(s.outcomeId)!;
      return {
        id: `${betId}-${i + 1}`, legNo: i + 1, eventId: o.eventId, marketId: o.marketId, outcomeId: o.outcomeId, oddsMilli: p.legOdds[i],
        result: "pending" as const, eventName: o.eventName, marketName: o.marketName, selectionName: o.outcomeName,
      };
    }),
    stakeTransaction: tx.value,
    walletAccountId: walletAccountId(user.id),
    idempotency: idempotencyKey ? { key: idempotencyKey, requestHash, response } : null,
    guards: {
      at: now,
      minStakeFactorBp: p.minFactorBp,
      lossLimits: LIMIT_PERIODS.flatMap((period) => {
        const limit = effectiveLimit(p.lossLimits[period], now).amount;
        return limit === null ? [] : [{ since: windowStart(period, now), limit }];
      }),
    },
  });
}

/**
 * After the cash fell short: the balances read and the stake split across cash and bonus. Null when
 * there is no bonus to take (the cash refusal stands), else the plan to write again.
 */
export async function bonusPlan(ctx: Ctx, p: Placement, idempotencyKey: string | null, requestHash: string): Promise<Result<PlacementPlan> | null> {
  const split = await stakeSplitFor(ctx, p.user.id, p.input.stake);
  return split.bonus > 0 ? planOf(ctx, p, split, idempotencyKey, requestHash) : null;
}

/**
 * A placed bet: on the live bet ticker (after the write, in memory, from what we already hold; each
 * watcher sees the bets of the customers within their reach, demo bets reach demo staff only), and
 * the answer with the balance right after the write.
 */
export function accepted(ctx: Ctx, p: Placement, plan: PlacementPlan, balance: number): Result<PlaceBetOutput> {
  ctx.ports.betTicker.placed({ bet: plan.bet, legs: plan.legs, customer: p.user });
  return ok({ replayed: false, response: { ...(p.response ??= responseOf(p)), balance } });
}
