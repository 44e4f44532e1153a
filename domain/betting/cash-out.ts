/**
 * Cash out: a pending bet whose markets are all open can be settled early for
 *   stake x placed odds / current odds x 0.95, rounded down to the cent,
 * where the current odds are the bet's legs priced now the way they were priced at placement
 * (single: the price; multiple: the product; same game multi: its placed price moved by the legs'
 * own moves, see currentOddsMilli). A quote is valid for
 * 10 seconds and is stored (any instance can accept it). Accepting is ONE write that the database
 * refuses unless the bet is still pending and the customer's, the quote unexpired, and every leg's
 * market open at exactly the quoted price; it sets the bet cashed_out with the amount as its
 * return, pays house -> wallet as a cash_out transaction, and records an audit entry.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { Cents } from "../shared/money.ts";
import { combinedOddsMilli, type OddsMilli } from "../shared/odds.ts";
import type { BetRecord, BetType, PricedOutcome, User } from "../shared/types.ts";
import { HOUSE_ACCOUNT, ledgerTransaction, transfer, walletAccountId, type LedgerTransaction } from "../wallet/ledger.ts";
import { type CashOutQuote } from "../ports/cash-outs.ts";
import { returnPostings } from "../wallet/bonus.ts";

export const CASH_OUT_PERCENT = 95n;
export const QUOTE_TTL_MS = 10_000;

/**
 * The bet's legs priced now, the way the bet was priced at placement. A same game multi was priced
 * from its event's model as it stood then, which a cash-out does not re-run: its price now is the
 * placed price moved by the legs' own moves (placed x product now / product at placement), so
 * unchanged prices give back the placed price.
 */
export function currentOddsMilli(
  bet: { betType: BetType; totalOddsMilli: number; legs: readonly { oddsMilli: number }[] },
  now: readonly OddsMilli[],
): OddsMilli {
  if (bet.betType === "single") return now[0];
  if (bet.betType !== "same_game_multi") return combinedOddsMilli(now);
  const then = combinedOddsMilli(bet.legs.map((l) => l.oddsMilli));
  return then > 0 ? Math.max(1, Math.floor((bet.totalOddsMilli * combinedOddsMilli(now)) / then)) : bet.totalOddsMilli;
}

/** floor(stake x placed / current x 0.95), exactly. */
export function cashOutAmount(stake: Cents, placedOddsMilli: OddsMilli, currentMilli: OddsMilli): Cents {
  if (currentMilli <= 0) return 0;
  return Number((BigInt(stake) * BigInt(placedOddsMilli) * CASH_OUT_PERCENT) / (BigInt(currentMilli) * 100n));
}

export type CashOutAvailability = { available: true } | { available: false; reason: string };

/** Whether a pending bet can be cashed out against these current outcomes. */
export function cashOutAvailability(
  bet: Pick<BetRecord, "status" | "legs">,
  priced: ReadonlyMap<string, PricedOutcome>,
  now: Date,
): CashOutAvailability {
  if (bet.status !== "pending") return { available: false, reason: "This bet is settled" };
  for (const l of bet.legs) {
    const p = priced.get(l.outcomeId);
    if (!p) return { available: false, reason: "A selection is no longer available" };
    if (p.eventStatus === "finished") return { available: false, reason: `${p.eventName} has finished` };
    if (p.marketStatus !== "open")
      return { available: false, reason: `The ${p.marketName} market is ${p.marketStatus === "suspended" ? "suspended" : "closed"}` };
    // The live book: a decided selection has no price, and none is offered while its event is suspended.
    if (p.outcomeResult !== null) return { available: false, reason: `${p.outcomeName} is already decided` };
    if ((p.eventSuspendedUntil && p.eventSuspendedUntil.getTime() > now.getTime()) || (p.eventStatus === "upcoming" && p.eventStartTime.getTime() <= now.getTime()))
      return { available: false, reason: `${p.eventName} is suspended` };
  }
  return { available: true };
}

async function ownPendingBet(ctx: Ctx, user: User, betId: string): Promise<Result<BetRecord>> {
  const bet = await ctx.ports.bets.findById(betId);
  if (!bet || bet.userId !== user.id) return err(domainError("BET.NOT_FOUND", "No bet with that id"));
  if (bet.status !== "pending")
    return err(domainError("BET.NOT_PENDING", `This bet is already ${bet.status === "cashed_out" ? "cashed out" : "settled"}`));
  return ok(bet);
}

async function pricedLegs(ctx: Ctx, bet: BetRecord) {
  const rows = await ctx.ports.events.pricedOutcomes(bet.legs.map((l) => l.outcomeId));
  return new Map(rows.map((p) => [p.outcomeId, p]));
}

export interface CashOutQuoteView {
  quoteId: string;
  amount: Cents;
  expiresAt: string;
}

export async function quoteCashOut(ctx: Ctx, betId: string): Promise<Result<CashOutQuoteView>> {
  const who = requireRole(ctx.actor, ["customer"], "cash out bets");
  if (!who.ok) return who;
  const user = who.value;
  const found = await ownPendingBet(ctx, user, betId);
  if (!found.ok) return found;
  const bet = found.value;
  const priced = await pricedLegs(ctx, bet);
  const availability = cashOutAvailability(bet, priced, ctx.clock.now());
  if (!availability.available) return err(domainError("CASHOUT.MARKET_SUSPENDED", `Cash out is not available: ${availability.reason}`));
  const legPrices = bet.legs.map((l) => ({ outcomeId: l.outcomeId, priceMilli: priced.get(l.outcomeId)!.priceMilli }));
  const amount = cashOutAmount(bet.stake, bet.totalOddsMilli, currentOddsMilli(bet, legPrices.map((p) => p.priceMilli)));
  const now = ctx.clock.now();
  const quote: CashOutQuote = {
    id: ctx.ids.next("coq"),
    betId: bet.id,
    userId: user.id,
    amount,
    createdAt: now,
    expiresAt: new Date(now.getTime() + QUOTE_TTL_MS),
    legPrices,
  };
  await ctx.ports.cashOuts.saveQuote(quote);
  return ok({ quoteId: quote.id, amount, expiresAt: quote.expiresAt.toISOString() });
}

/** Why a quote cannot be accepted now (expired, a market not open, a price moved), or null. */
function quoteProblem(quote: CashOutQuote, bet: BetRecord, priced: ReadonlyMap<string, PricedOutcome>, now: Date) {
  if (now.getTime() >= quote.expiresAt.getTime())
    return domainError("CASHOUT.QUOTE_EXPIRED", "This cash-out quote has expired; ask for a new one", { expiresAt: quote.expiresAt.toISOString() });
  const availability = cashOutAvailability(bet, priced, now);
  if (!availability.available) return domainError("CASHOUT.MARKET_SUSPENDED", `Cash out is not available: ${availability.reason}`);
  const moved = quote.legPrices.filter((q) => priced.get(q.outcomeId)?.priceMilli !== q.priceMilli);
  if (moved.length > 0)
    return domainError("CASHOUT.QUOTE_MOVED", "Prices moved since this quote; ask for a new one", {
      moved: moved.map((q) => q.outcomeId),
    });
  return null;
}

export async function acceptCashOut(
  ctx: Ctx,
  betId: string,
  quoteId: string,
): Promise<Result<{ bet: BetRecord; amount: Cents; balance: Cents }>> {
  const who = requireRole(ctx.actor, ["customer"], "cash out bets");
  if (!who.ok) return who;
  const user = who.value;
  const found = await ownPendingBet(ctx, user, betId);
  if (!found.ok) return found;
  const bet = found.value;
  const cashOuts = ctx.ports.cashOuts;
  const quote = await cashOuts.findQuote(quoteId);
  if (!quote || quote.betId !== bet.id || quote.userId !== user.id)
    return err(domainError("CASHOUT.QUOTE_NOT_FOUND", "No such cash-out quote for this bet"));
  const now = ctx.clock.now();
  const problem = quoteProblem(quote, bet, await pricedLegs(ctx, bet), now);
  if (problem) return err(problem);

  let transaction: LedgerTransaction | null = null;
  if (quote.amount > 0) {
    const tx = ledgerTransaction(
      { id: ctx.ids.next("tx"), kind: "cash_out", reference: bet.id, createdAt: now, createdBy: user.id },
      returnPostings(bet, quote.amount),
    );
    if (!tx.ok) return tx;
    transaction = tx.value;
  }
  const written = await cashOuts.accept({
    quote,
    at: now,
    transaction,
    walletAccountId: walletAccountId(user.id),
    audit: {
      id: ctx.ids.next("aud"),
      actorId: user.id,
      actorRole: user.role,
      action: "bet.cash_out",
      entityType: "bet",
      entityId: bet.id,
      before: { status: "pending", actualReturn: null },
      after: { status: "cashed_out", actualReturn: quote.amount, quoteId: quote.id, legPrices: quote.legPrices },
      createdAt: now,
    },
  });
  if (written.kind === "not_pending") return err(domainError("BET.NOT_PENDING", "This bet is already settled"));
  if (written.kind === "refused") {
    // Something moved between our read and the write: say what it is now.
    const again = await ctx.ports.bets.findById(bet.id);
    if (again && again.status !== "pending") return err(domainError("BET.NOT_PENDING", "This bet is already settled"));
    return err(quoteProblem(quote, bet, await pricedLegs(ctx, bet), ctx.clock.now()) ??
      domainError("CASHOUT.QUOTE_MOVED", "Prices moved since this quote; ask for a new one"));
  }
  const settled = await ctx.ports.bets.findById(bet.id);
  return ok({ bet: settled ?? bet, amount: quote.amount, balance: written.balance });
}

/** Cash-out availability of each pending bet in the list (one read of the current prices). */
export async function cashOutAvailabilities(ctx: Ctx, bets: readonly BetRecord[]): Promise<Map<string, CashOutAvailability>> {
  const pending = bets.filter((b) => b.status === "pending");
  const out = new Map<string, CashOutAvailability>();
  if (pending.length === 0) return out;
  const ids = [...new Set(pending.flatMap((b) => b.legs.map((l) => l.outcomeId)))];
  const priced = new Map((await ctx.ports.events.pricedOutcomes(ids)).map((p) => [p.outcomeId, p]));
  const now = ctx.clock.now();
  for (const b of pending) out.set(b.id, cashOutAvailability(b, priced, now));
  return out;
}

