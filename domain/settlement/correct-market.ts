/**
 * Market-level corrections: an admin resettles a market with a new result, or
 * unsettles it (its result withdrawn, its bets pending again), with a reason; and a market
 * settlement re-grades bets settled one by one that contradict it (settle-market.ts).
 *
 * The market's result changes first (one audited write, its revision raised by one), then every bet
 * with a leg on the market is re-graded from all its legs (regrade.ts), each bet in its own write
 * with its audit record:
 *   - a settled bet gets a correcting bet_resettlement transaction (new return - old return, taken
 *     back from where it went: the bonus share from the bonus, the cash share from cash; what the
 *     customer has spent becomes a debt, domain/wallet/debt.ts) and its counter raised by one;
 *     a bet that is pending again has its payout reversed;
 *   - a pending multiple has its stored leg results rewritten, or settles if it now can.
 * Idempotent under retry: a market already at the requested result is not changed again, and a
 * bet that already matches it is left alone, so running it again finishes what a crash left.
 */
import { requireSharedWithinReach } from "../shared/reach.ts";
import type { Ctx, SystemCtx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { type BetCorrectionPlan, type MarketRecord, type SettlementCorrections, type SettlementPlan } from "../ports/index.ts";
import type { BetRecord } from "../shared/types.ts";
import { ledgerTransaction } from "../wallet/ledger.ts";
import { correctionPostings } from "../wallet/debt.ts";
import { settlementPlan } from "./settlement-plan.ts";
import { marketResultFromInput, outcomeResultsOf, recordedResult, sameGrades, storedKind, type MarketResult, type MarketResultInput } from "./market-result.ts";
import { regradeForMarket, type Regrade } from "./regrade.ts";
import { checkNotWithdrawn, withWithdrawn } from "./rule4.ts";
import type { Settler } from "./settler.ts";
import { recordRefusal } from "./settlement-exceptions.ts";
import { checkSettleTiming, type SettleOverride } from "./settle-override.ts";
import { formatMoney } from "../shared/money.ts";
import type { ApprovalClaim } from "../ports/index.ts";
import type { User } from "../shared/types.ts";
import { approvalNote, fourEyes, type ApprovalPending, type Approving } from "../approvals/four-eyes.ts";

/** The corrected result in any shape a first settlement takes (market-result.ts MarketResultInput), with the reason. */
export type ResettleMarketInput = MarketResultInput & { reason: string; override?: SettleOverride };

export interface MarketCorrection {
  market: MarketRecord;
  /** Bets whose status, return or leg results changed. */
  regraded: number;
  /** Net money moved to customers by the corrections (negative: taken back), cents. */
  correction: number;
  /** Of what was taken back, the part customers had spent: now owed (debt), cents. */
  debt: number;
}

const MAX_ATTEMPTS = 5;

/** The market's recorded result (null while unsettled), withdrawn runners void. */
const resultOf = (m: MarketRecord): MarketResult | null => withWithdrawn(m, recordedResult(m));

/** Two results that grade every outcome alike (a repeat is recognised whatever its shape). */
const sameResult = (m: MarketRecord, a: MarketResult | null, b: MarketResult | null) =>
  a === null || b === null ? a === b : sameGrades(m.outcomes.map((o) => o.id), a, withWithdrawn(m, b));

/** Recorded on the outcomes rather than the market row (settle-market.ts applyMarketResult). */
const perOutcome = (r: MarketResult | null) => r !== null && (r.kind === "outcomes" || r.kind === "no_winner");

const describe = (m: MarketRecord, r: MarketResult | null) => {
  if (r === null) return null;
  if (r.kind === "void") return "void";
  const placed = r.placed && r.placed.length > 0 ? { placed: r.placed } : {};
  if (r.kind === "winner") return { winningOutcomeId: r.winningOutcomeId, name: m.outcomes.find((o) => o.id === r.winningOutcomeId)?.name ?? null, ...placed };
  return { kind: r.kind, outcomes: outcomeResultsOf(m.outcomes.map((o) => o.id), withWithdrawn(m, r)), ...placed };
};

export async function resettleMarket(ctx: Ctx, marketId: string, input: ResettleMarketInput, approving?: Approving): Promise<Result<MarketCorrection | ApprovalPending>> {
  const who = requireRole(ctx.actor, ["admin"], "resettle markets");
  if (!who.ok) return who;
  const markets = ctx.ports.markets;
  const market = await markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  const shared = await requireSharedWithinReach(ctx, { marketId });
  if (!shared.ok) return shared;
  const parsed = marketResultFromInput(market, input);
  if (!parsed.ok) return parsed;
  const result = parsed.value;
  // A market under review (unsettled and held) is resettled here: its operator gives it its result back.
  if (market.resultKind === null && !market.underReview)
    return err(domainError("MARKET.NOT_SETTLED", `The ${market.name} market has no result yet: settle it instead`));
  const runners = checkNotWithdrawn(market, result);
  if (!runners.ok) return runners;
  const timing = await checkSettleTiming(ctx, market.eventId, result, input.override);
  if (!timing.ok) return timing;
  const gate = await gateCorrection(ctx, who.value, market, result, input, approving);
  if (!gate.ok) return gate;
  if (!gate.value.apply) return ok(gate.value.pending);
  return changeAndCorrect(ctx, who.value, market, result, "market.resettle", input.reason, timing.value, gate.value.claim, approving);
}

export async function unsettleMarket(ctx: Ctx, marketId: string, input: { reason: string }, approving?: Approving): Promise<Result<MarketCorrection | ApprovalPending>> {
  const who = requireRole(ctx.actor, ["admin"], "unsettle markets");
  if (!who.ok) return who;
  const markets = ctx.ports.markets;
  const market = await markets.findById(marketId);
  if (!market) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
  const shared = await requireSharedWithinReach(ctx, { marketId });
  if (!shared.ok) return shared;
  const gate = await gateCorrection(ctx, who.value, market, null, input, approving);
  if (!gate.ok) return gate;
  if (!gate.value.apply) return ok(gate.value.pending);
  return changeAndCorrect(ctx, who.value, market, null, "market.unsettle", input.reason, null, gate.value.claim, approving);
}

/** Four eyes on a market correction: the money it moves over all the market's bets against the threshold. */
async function gateCorrection(ctx: Ctx, actor: User, market: MarketRecord, result: MarketResult | null, input: unknown, approving: Approving | undefined) {
  const moved = approving ? 0 : await moneyMoved(ctx, market, result);
  const revision = (await ctx.ports.corrections.marketRevision(market.id)) ?? 0;
  return fourEyes(ctx, actor, approving, {
    kind: result === null ? "market_unsettle" : "market_resettle",
    subjectType: "market",
    subjectId: market.id,
    amount: moved,
    threshold: "money",
    summary: `${result === null ? "Unsettle" : "Resettle"} ${market.eventName} · ${market.name}${result === null ? "" : ` to ${resultWords(market, result)}`}: moves ${formatMoney(moved)}`,
    input,
    against: { revision },
  });
}

const resultWords = (m: MarketRecord, r: MarketResult) =>
  r.kind === "void" ? "void" : r.kind === "winner" ? (m.outcomes.find((o) => o.id === r.winningOutcomeId)?.name ?? "a winner") : r.kind === "no_winner" ? "no winner" : "per-outcome results";

/** What correcting the market to `result` would move to or from customers, summed over its bets (nothing is written). */
async function moneyMoved(ctx: SystemCtx, market: MarketRecord, result: MarketResult | null): Promise<number> {
  const withRunners = withWithdrawn(market, result);
  const others = otherResultsLoader(ctx, market.id);
  let moved = 0;
  for (const bet of await ctx.ports.markets.betsOn(market.id, 1_000_000, "everyone")) {
    if (bet.status === "cashed_out") continue;
    const next = regradeForMarket(bet, market.id, withRunners, await others(bet));
    if (!next) continue;
    moved += Math.abs((next.actualReturn ?? 0) - (bet.status === "pending" ? 0 : (bet.actualReturn ?? 0)));
  }
  return moved;
}

/** The recorded results of a bet's other markets (a multiple's legs elsewhere), read once per market. */
function otherResultsLoader(ctx: SystemCtx, marketId: string) {
  const others = new Map<string, MarketResult | null>();
  return async (bet: BetRecord) => {
    const out = new Map<string, MarketResult>();
    for (const l of bet.legs) {
      if (l.marketId === marketId || l.result !== "pending") continue;
      if (!others.has(l.marketId)) {
        const m = await ctx.ports.markets.findById(l.marketId);
        // Any recorded result, a dead heat's per-outcome results included (recordedResult).
        others.set(l.marketId, m ? withWithdrawn(m, recordedResult(m)) : null);
      }
      const r = others.get(l.marketId);
      if (r) out.set(l.marketId, r);
    }
    return out;
  };
}

async function changeAndCorrect(
  ctx: Ctx,
  actor: Settler,
  market: MarketRecord,
  result: MarketResult | null,
  action: "market.resettle" | "market.unsettle",
  reason: string,
  override: SettleOverride | null,
  claim: ApprovalClaim | null,
  approving: Approving | undefined,
): Promise<Result<MarketCorrection>> {
  const markets = ctx.ports.markets;
  const corrections = ctx.ports.corrections;
  let current = market;
  for (let attempt = 0; !sameResult(current, resultOf(current), result); attempt++) {
    if (attempt >= MAX_ATTEMPTS) return err(domainError("MARKET.RESULT_CONFLICT", "The market's result changed while you were correcting it; reload and try again"));
    const revision = await corrections.marketRevision(current.id);
    if (revision === null) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
    const now = ctx.clock.now();
    const changed = await corrections.changeMarketResult(
      {
        marketId: current.id,
        fromRevision: revision,
        ...(result === null ? { kind: null, winningOutcomeId: null } : storedKind(result)),
        // Every outcome's result (a dead heat with its factor) as a first settlement records a per-outcome result
        // (and over a per-outcome result that no longer holds); the placed runners, cleared when none.
        outcomeResults:
          result !== null && (perOutcome(result) || perOutcome(resultOf(current)))
            ? outcomeResultsOf(current.outcomes.map((o) => o.id), withWithdrawn(current, result))
            : null,
        placed: result?.placed && result.placed.length > 0 ? result.placed : null,
        at: now,
        by: actor.id,
        reason,
        approval: claim,
      },
      {
        id: ctx.ids.next("aud"),
        actorId: actor.role === "system" ? null : actor.id,
        actorRole: actor.role,
        action,
        entityType: "market",
        entityId: current.id,
        before: { result: describe(current, resultOf(current)), revision },
        after: { result: describe(current, result), revision: revision + 1, reason, override: override ? { reason: override.reason } : null, ...approvalNote(claim, approving) },
        createdAt: now,
      },
    );
    if (changed === "approval_decided") return err(domainError("APPROVAL.ALREADY_DECIDED", "This request was decided by someone else meanwhile"));
    const fresh = await markets.findById(current.id);
    if (!fresh) return err(domainError("MARKET.NOT_FOUND", "No market with that id"));
    current = fresh;
    if (changed === "changed") break;
  }
  const fixed = await correctMarketBets(ctx, actor, current, result, { reason, action });
  return ok({ market: (await markets.findById(current.id))!, ...fixed });
}

/**
 * Re-grade every bet with a leg on the market from `result` (null: unsettled). `skipVoided`:
 * bets an operator voided one by one are left alone (a settlement by market corrects wins and
 * losses that contradict it; a void is a decision about the bet, not about the result). `bets`:
 * the bets to look at when the caller has read them already (settlement by market passes those its
 * own pass did not settle); otherwise every bet on the market is read.
 */
export async function correctMarketBets(
  ctx: SystemCtx,
  actor: Settler,
  market: MarketRecord,
  result: MarketResult | null,
  why: { reason: string | null; action: string; skipVoided?: boolean; bets?: readonly BetRecord[] },
): Promise<{ regraded: number; correction: number; debt: number }> {
  result = withWithdrawn(market, result); // Rule 4: withdrawn runners' bets are void
  const markets = ctx.ports.markets;
  const corrections = ctx.ports.corrections;
  const otherResults = otherResultsLoader(ctx, market.id);
  let regraded = 0;
  let correction = 0;
  let debt = 0;
  for (const listed of why.bets ?? (await markets.betsOn(market.id, 1_000_000, "everyone"))) {
    if (listed.status === "cashed_out" || (why.skipVoided && listed.status === "void")) continue;
    let bet: BetRecord | null = listed;
    for (let attempt = 0; bet && attempt < MAX_ATTEMPTS; attempt++) {
      const next = regradeForMarket(bet, market.id, result, await otherResults(bet));
      if (!next) break;
      // A multiple settled (lost) before this market's leg was ever graded: nothing to correct.
      const settledAlike = bet.status !== "pending" && next.status === bet.status && next.actualReturn === bet.actualReturn;
      if (settledAlike && bet.legs.every((l) => l.marketId !== market.id || l.result === "pending")) break;
      const done = await applyRegrade(ctx, corrections, actor, market.id, bet, next, why);
      if (done === "refused") break;
      if (done) {
        regraded += 1;
        correction += done.correction;
        debt += done.debt;
        break;
      }
      bet = await ctx.ports.bets.findById(bet.id); // changed meanwhile: read it again and re-grade
      if (bet && bet.status === "cashed_out") break;
    }
  }
  return { regraded, correction, debt };
}

/** One bet's regrade as the write needs it: who, which market, the bet as read and its new grade. */
interface RegradeWrite {
  ctx: SystemCtx;
  actor: Settler;
  marketId: string;
  bet: BetRecord;
  next: Regrade;
  why: { reason: string | null; action: string };
  now: Date;
  /** The audit's actor: none for the system. */
  actorId: string | null;
}

async function applyRegrade(
  ctx: SystemCtx,
  corrections: SettlementCorrections,
  actor: Settler,
  marketId: string,
  bet: BetRecord,
  next: Regrade,
  why: { reason: string | null; action: string },
): Promise<{ correction: number; debt: number } | "refused" | null> {
  const w: RegradeWrite = { ctx, actor, marketId, bet, next, why, now: ctx.clock.now(), actorId: actor.role === "system" ? null : actor.id };
  // A waiting multiple that can settle now: the ordinary settle-once write.
  if (bet.status === "pending" && next.status !== "pending") return settleWaiting(w, next.status);
  return correctGraded(w, corrections);
}

async function settleWaiting(w: RegradeWrite, status: SettlementPlan["status"]): Promise<{ correction: number; debt: number } | "refused" | null> {
  const { ctx, actor, marketId, bet, next, why, now } = w;
  const settledLegs = next.legResults.flatMap((l) => (l.result === "pending" ? [] : [l.deadHeat ? { legId: l.legId, result: l.result, deadHeat: l.deadHeat } : { legId: l.legId, result: l.result }]));
  const actualReturn = next.actualReturn ?? 0;
  const plan = settlementPlan(ctx, actor, bet, status, actualReturn, settledLegs, marketId, why.action, { now, reason: why.reason });
  // A guard's refusal is recorded as a settlement exception: no retry would change it.
  const written = await ctx.ports.bets.settle(plan);
  if (written === "settled") return { correction: actualReturn, debt: 0 };
  if (typeof written === "object") {
    await recordRefusal(ctx, plan, written.refused, { marketId, action: why.action });
    return "refused";
  }
  return null;
}

/**
 * The correcting transaction for a change of return (none when it does not change), with the
 * balances it was worked out against and what it leaves the customer owing.
 */
async function correctionMoney(w: RegradeWrite, corrections: SettlementCorrections, paid: number, amount: number) {
  const { ctx, actor, bet, next, now } = w;
  if (amount === 0) return { tx: null, walletBalance: null, bonusBalance: null, owedNow: 0 };
  // The money follows the bet's bonus share both ways (debt.ts correctionPostings).
  const balances = await corrections.walletAndDebt(bet.userId);
  const postings = correctionPostings(bet, paid, next.actualReturn ?? 0, balances);
  const owedNow = -postings.filter((p) => p.accountId.startsWith("debt:")).reduce((s, p) => s + p.amount, 0);
  const built = ledgerTransaction({ id: ctx.ids.next("tx"), kind: "bet_resettlement", reference: bet.id, createdAt: now, createdBy: actor.id }, postings);
  if (!built.ok) throw new Error(built.error.message);
  return { tx: built.value, walletBalance: balances.wallet as number | null, bonusBalance: balances.bonus as number | null, owedNow };
}

/** A graded bet (or a waiting multiple's legs) changed to its new grade, with the money corrected. */
async function correctGraded(w: RegradeWrite, corrections: SettlementCorrections): Promise<{ correction: number; debt: number } | "refused" | null> {
  const { ctx, actor, marketId, bet, next, why, now } = w;
  const count = await ctx.ports.settlements.resettlementCount(bet.id);
  if (count === null) return null;
  const paid = bet.status === "pending" ? 0 : (bet.actualReturn ?? 0);
  const amount = (next.actualReturn ?? 0) - paid;
  const { tx, walletBalance, bonusBalance, owedNow } = await correctionMoney(w, corrections, paid, amount);
  const plan: BetCorrectionPlan = {
    betId: bet.id,
    userId: bet.userId,
    fromStatus: bet.status as BetCorrectionPlan["fromStatus"],
    fromCount: count,
    status: next.status,
    actualReturn: next.actualReturn,
    legResults: next.legResults,
    settledAt: next.status === "pending" ? null : now,
    settledBy: next.status === "pending" ? null : actor.id,
    correction: tx,
    walletBalance,
    bonusBalance,
    audit: {
      id: ctx.ids.next("aud"),
      actorId: w.actorId,
      actorRole: actor.role,
      action: next.status === "pending" && bet.status !== "pending" ? "bet.unsettle" : bet.status === "pending" ? "bet.regrade_legs" : "bet.resettle",
      entityType: "bet",
      entityId: bet.id,
      before: { status: bet.status, actualReturn: bet.actualReturn, legResults: bet.legs.map((l) => ({ legId: l.id, result: l.result })) },
      after: {
        status: next.status,
        actualReturn: next.actualReturn,
        legResults: next.legResults,
        correction: amount,
        debt: owedNow,
        via: why.action,
        marketId,
        reason: why.reason,
      },
      createdAt: now,
    },
  };
  const written = await corrections.correctBet(plan);
  if (written === "corrected") return { correction: amount, debt: owedNow };
  if (typeof written === "object" && next.status !== "pending") {
    await recordRefusal(ctx, { betId: bet.id, status: next.status, actualReturn: next.actualReturn ?? 0 }, written.refused, { marketId, action: why.action });
    return "refused";
  }
  return null;
}
