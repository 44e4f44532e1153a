/**
 * settleMarket: an admin records a market's result (its winning outcome, or void) and every pending
 * bet with a pending leg on it is graded (market-result.ts). The result and the market's closing
 * are one audited write, made once: the same result again only finishes bets a previous run left
 * pending (e.g. after a crash); a different result is refused (resettle the bets instead).
 * The market's bets are read once. Those that settle are written SETTLE_CHUNK to a write with the
 * same rows and guards as a manual settlement (status, leg results, payout postings, audit; the
 * settle-once trigger makes a second attempt pay nothing); a multiple that must wait has its leg
 * result stored. After storing a leg the bet is read again: if another market's settlement graded
 * its last leg meanwhile, it settles now. Then the bets the pass did not settle itself (settled one
 * by one, a leg graded earlier, a write refused) are corrected to the result (correct-market.ts).
 */
import { requireSharedWithinReach } from "../shared/reach.ts";
import type { Ctx, SystemCtx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { type MarketRecord, type SettlementPlan } from "../ports/index.ts";
import type { BetRecord } from "../shared/types.ts";
import { HOUSE_ACCOUNT, transfer, walletAccountId } from "../wallet/ledger.ts";
import { gradeBet } from "./grade.ts";
import {
  gradeBetForMarket, marketResultFromInput, outcomeResultsOf, recordedResult, sameGrades, storedKind, type MarketResult, type MarketResultInput,
} from "./market-result.ts";
import type { LegGradeEntry } from "./grade.ts";
import { settlementPlan } from "./settlement-plan.ts";
import { correctMarketBets } from "./correct-market.ts";
import { checkSettleTiming, lenient, type SettleOverride } from "./settle-override.ts";
import type { Settler } from "./settler.ts";
import { checkNotWithdrawn, withWithdrawn } from "./rule4.ts";
import { settleOrRecord } from "./settlement-exceptions.ts";

export type SettleMarketInput = MarketResultInput & { override?: SettleOverride };

export interface MarketSettlement {
  market: MarketRecord;
  graded: number;
  settled: number;
  waiting: number;
  paid: number;
  /** Bets settled one by one that contradicted this result, re-graded (correct-market.ts). */
  regraded?: number;
}

/** Bets settled per write when a market settles many at once (see settleMarket). */
export const SETTLE_CHUNK = 500;

/**
 * Settle many bets: SETTLE_CHUNK per write; a chunk that any bet refuses
 * (settled meanwhile by someone else, or a guard) is written again one bet at a time, so each of its
 * other bets still settles and the refused one pays nothing (a guard's refusal is recorded as a
 * settlement exception).
 */
async function settleAll(ctx: SystemCtx, plans: SettlementPlan[], marketId: string): Promise<SettlementPlan[]> {
  const done: SettlementPlan[] = [];
  for (let i = 0; i < plans.length; i += SETTLE_CHUNK) {
    const chunk = plans.slice(i, i + SETTLE_CHUNK);
    if ((await ctx.ports.bets.settleMany(chunk)) === "settled") {
      done.push(...chunk);
      continue;
    }
    for (const p of chunk) if (await settleOrRecord(ctx, p, { marketId, action: "market.settle" })) done.push(p);
  }
  return done;
}

/** Whether the bet waits on its leg on this market: pending, with that leg not graded yet. */
const awaitsMarket = (bet: BetRecord, marketId: string) =>
  bet.status === "pending" && bet.legs.some((l) => l.marketId === marketId && l.result === "pending");

/** Bets read one by one below this many; above it, the market's bets are read again in one go. */
const READ_ONE_BY_ONE = 50;

/**
 * The bets this pass did not settle, as they are now. Usually none or a few; many when another
 * settlement of the same market ran at the same time and settled them first.
 */
async function readBetsAgain(ctx: SystemCtx, marketId: string, ids: readonly string[]): Promise<BetRecord[]> {
  if (ids.length > READ_ONE_BY_ONE) {
    const wanted = new Set(ids);
    return (await ctx.ports.markets.betsOn(marketId, 1_000_000, "everyone")).filter((b) => wanted.has(b.id));
  }
  const out: BetRecord[] = [];
  for (const id of ids) {
    const bet = await ctx.ports.bets.findById(id);
    if (bet) out.push(bet);
  }
  return out;
}

/** What settling needs: the ports, the clock and ids (no signed-in actor: the system settles too). */

export async function settleMarket(ctx: Ctx, marketId: string, input: SettleMarketInput): Promise<Result<MarketSettlement>> {
  const who = requireRole(ctx.actor, ["admin"], "settle markets");
  if (!who.ok) return who;
  const markets = ctx.ports.markets;
  const market = await markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  const shared = await requireSharedWithinReach(ctx, { marketId });
  if (!shared.ok) return shared;
  const result = marketResultFromInput(market, input);
  if (!result.ok) return result;
  const runners = checkNotWithdrawn(market, result.value);
  if (!runners.ok) return runners;
  // Before the event has finished, only with an explicit override (settle-override.ts).
  const timing = lenient(await checkSettleTiming(ctx, market.eventId, result.value, input.override));
  if (!timing.ok) return timing;
  return applyMarketResult(ctx, who.value, market, result.value, timing.value);
}

/**
 * Record a market's result (once, audited) and grade every pending bet with a pending leg on it.
 * The admin's settlement and the system's (a market the match state decided) both come here.
 */
export async function applyMarketResult(
  ctx: SystemCtx,
  actor: Settler,
  market: MarketRecord,
  result: MarketResult,
  override: SettleOverride | null = null,
): Promise<Result<MarketSettlement>> {
  result = withWithdrawn(market, result); // Rule 4: withdrawn runners' bets are void
  const marketId = market.id;
  const markets = ctx.ports.markets;
  const outcomeIds = market.outcomes.map((o) => o.id);
  const sameResult = (m: MarketRecord) => {
    const recorded = recordedResult(m);
    return recorded !== null && sameGrades(outcomeIds, withWithdrawn(m, recorded), result);
  };
  if (market.resultKind !== null && !sameResult(market))
    return err(domainError("MARKET.ALREADY_SETTLED", `The ${market.name} market is already settled; resettle its bets to correct them`));

  if (market.resultKind === null) {
    const now = ctx.clock.now();
    const winnerName = result.kind === "winner" ? market.outcomes.find((o) => o.id === result.winningOutcomeId)!.name : null;
    const outcomeResults = outcomeResultsOf(outcomeIds, result);
    // A winner or void is the market row alone (as before); any other shape is read back from its outcomes.
    const perOutcome = result.kind === "outcomes" || result.kind === "no_winner";
    const recorded = await markets.recordResult(
      { marketId, ...storedKind(result), ...(perOutcome ? { outcomeResults } : {}), ...(result.placed ? { placed: result.placed } : {}), at: now, by: actor.id },
      {
        id: ctx.ids.next("aud"),
        actorId: actor.role === "system" ? null : actor.id,
        actorRole: actor.role,
        action: "market.settle",
        entityType: "market",
        entityId: marketId,
        before: { status: market.status, result: null },
        after: {
          status: "closed",
          result: result.kind === "void" ? "void" : result.kind === "winner" ? { winningOutcomeId: result.winningOutcomeId, name: winnerName } : { kind: result.kind, outcomes: outcomeResults },
          ...(result.placed ? { placed: result.placed } : {}),
          ...(override ? { override } : {}),
        },
        createdAt: now,
      },
    );
    if (recorded === "not_found") return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
    if (recorded === "under_review")
      return err(domainError("MARKET.UNDER_REVIEW", `The ${market.name} market is under review: an operator resettles or releases it`));
    if (recorded === "already_settled") {
      const again = await markets.findById(marketId);
      if (!again || !sameResult(again))
        return err(domainError("MARKET.ALREADY_SETTLED", `The ${market.name} market is already settled; resettle its bets to correct them`));
    }
  }

  const pass = await settlePass(ctx, actor, marketId, result);
  // Bets settled one by one whose leg on this market contradicts the result never stand.
  let regraded = 0;
  if (ctx.ports.corrections) {
    const bets = [...pass.toCorrect, ...(await readBetsAgain(ctx, marketId, pass.readAgain))];
    regraded = (await correctMarketBets(ctx, actor, market, result, { reason: null, action: "market.settle", skipVoided: true, bets })).regraded;
  }
  const { graded, settled, waiting, paid } = pass;
  return ok({ market: (await markets.findById(marketId))!, graded, settled, waiting, paid, regraded });
}

/** What one pass over a market's bets did, and the bets it leaves to the correction. */
interface Pass {
  graded: number;
  settled: number;
  waiting: number;
  paid: number;
  /** As read: settled one by one, a leg here graded earlier, or a multiple still waiting. */
  toCorrect: BetRecord[];
  /** Bets this pass tried and did not settle (settled meanwhile, or refused): to be read again. */
  readAgain: string[];
}

/**
 * One read of every bet on the market. Those waiting on this market's leg are graded here; the
 * rest (settled one by one, or a leg on this market graded by hand) are left to the correction,
 * together with any bet this pass did not settle itself. A bet this pass settled from the result
 * already agrees with it, so it is not read or graded a second time.
 */
async function settlePass(ctx: SystemCtx, actor: Settler, marketId: string, result: MarketResult): Promise<Pass> {
  const pass: Pass = { graded: 0, settled: 0, waiting: 0, paid: 0, toCorrect: [], readAgain: [] };
  const ready: SettlementPlan[] = [];
  for (const bet of await ctx.ports.markets.betsOn(marketId, 1_000_000, "everyone")) {
    const g = awaitsMarket(bet, marketId) ? gradeBetForMarket(bet, marketId, result) : null;
    if (!g || g.kind === "untouched") {
      pass.toCorrect.push(bet);
      continue;
    }
    pass.graded += 1;
    if (g.kind === "settle") ready.push(settlementPlan(ctx, actor, bet, g.status, g.actualReturn, g.legResults, marketId));
    else await storeLegs(ctx, actor, bet, g.legResults, marketId, pass);
  }
  const done = new Set<string>();
  for (const p of await settleAll(ctx, ready, marketId)) {
    pass.settled += 1;
    pass.paid += p.actualReturn;
    done.add(p.betId);
  }
  for (const p of ready) if (!done.has(p.betId)) pass.readAgain.push(p.betId);
  return pass;
}

/**
 * A multiple that waits on other legs: its leg result stored, then read again; if another market's
 * settlement graded its last leg meanwhile, it settles now.
 */
async function storeLegs(ctx: SystemCtx, actor: Settler, bet: BetRecord, legs: LegGradeEntry[], marketId: string, pass: Pass): Promise<void> {
  if ((await ctx.ports.settlements.gradeLegs(bet.id, legs)) === "not_pending") {
    pass.readAgain.push(bet.id);
    return;
  }
  const fresh = await ctx.ports.bets.findById(bet.id);
  const now = fresh ? gradeBet(fresh.stake, fresh.legs, fresh.betType, fresh.sgmPrices) : { status: "pending" as const, actualReturn: 0 };
  if (fresh && fresh.status === "pending" && now.status !== "pending") {
    const legResults = fresh.legs.flatMap((l) => (l.result === "pending" ? [] : [{ legId: l.id, result: l.result, deadHeat: l.deadHeat ?? null }]));
    // A guard that refuses the write is recorded as a settlement exception, and the market goes on.
    const plan = settlementPlan(ctx, actor, fresh, now.status, now.actualReturn, legResults, marketId);
    if (await settleOrRecord(ctx, plan, { marketId, action: "market.settle" })) {
      pass.settled += 1;
      pass.paid += now.actualReturn;
    } else pass.readAgain.push(bet.id);
    return;
  }
  pass.waiting += 1;
  // Its other legs may have results recorded already: the correction grades them (as read just now).
  if (fresh) pass.toCorrect.push(fresh);
}
