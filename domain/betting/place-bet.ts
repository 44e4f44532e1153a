/**
 * placeBet: check the slip, check every selection against the current price and state, then hand
 * one placement plan to the Bets port, which writes bet, legs, stake postings, balance and
 * idempotency record atomically. The database re-checks price, market state and funds inside
 * that write, so a price that moves between our read and the write still refuses the bet.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { combinedOddsMilli, formatOdds, parseOdds, returnFor } from "../shared/odds.ts";
import { validateSlip, type BetType } from "./slip.ts";
import { ledgerTransaction, transfer, walletAccountId, HOUSE_ACCOUNT } from "../wallet/ledger.ts";
import type { PricedOutcome, User } from "../shared/types.ts";
import type { PlacementPlan } from "../ports/index.ts";
import { FULL_STAKE_FACTOR_PCT, maxStakeFor, stakeLimitMessage } from "../trading/stake-factor.ts";

export interface PlaceBetInput {
  selections: { eventId: string; marketId: string; outcomeId: string; odds: string }[];
  stake: number;
  betType: BetType;
}

export interface PlacedBet {
  bet: { id: string; potentialReturn: number; stake: number; totalOdds: string; status: "pending"; placedAt: string };
  balance: number;
}

/** A key repeated with the same body returns the first response; with another body it is refused. */
export type PlaceBetOutput = { replayed: boolean; response: PlacedBet };

/** The request as a canonical string: the same body always gives the same text. */
export const canonicalRequest = (input: PlaceBetInput): string =>
  JSON.stringify({
    betType: input.betType,
    stake: input.stake,
    // Odds by value, so "2.1" and "2.10" are the same request.
    selections: input.selections.map((s) => [s.eventId, s.marketId, s.outcomeId, parseOdds(s.odds) ?? s.odds]),
  });

export function requireCustomer(ctx: Ctx): Result<User> {
  if (ctx.actor.kind !== "user") return err(domainError("AUTH.REQUIRED", "Please log in to place a bet"));
  return requireRole(ctx.actor, ["customer"], "place bets");
}

function currentPrices(input: PlaceBetInput, found: Map<string, PricedOutcome>) {
  return input.selections.map((s) => {
    const p = found.get(s.outcomeId);
    const open = p && p.marketStatus === "open" && p.eventStatus !== "finished";
    return { outcomeId: s.outcomeId, odds: open ? formatOdds(p.priceMilli) : null };
  });
}

/** Compare each selection with the current state; the first reason to refuse, or null. */
function checkSelections(input: PlaceBetInput, found: Map<string, PricedOutcome>) {
  for (const s of input.selections) {
    const p = found.get(s.outcomeId);
    if (!p || p.marketId !== s.marketId || p.eventId !== s.eventId)
      return domainError("BET.SELECTION_NOT_FOUND", "A selection on your slip no longer exists", { outcomeId: s.outcomeId });
  }
  for (const s of input.selections) {
    const p = found.get(s.outcomeId)!;
    if (p.eventStatus === "finished")
      return domainError("BET.EVENT_CLOSED", `${p.eventName} has finished and takes no more bets`, {
        eventId: p.eventId,
        prices: currentPrices(input, found),
      });
    if (p.marketStatus !== "open")
      return domainError("BET.MARKET_CLOSED", `The ${p.marketName} market is ${p.marketStatus}`, {
        marketId: p.marketId,
        prices: currentPrices(input, found),
      });
  }
  const moved = input.selections.filter((s) => parseOdds(s.odds) !== found.get(s.outcomeId)!.priceMilli);
  if (moved.length > 0)
    return domainError(
      "BET.ODDS_CHANGED",
      moved.length === 1
        ? `The price of ${found.get(moved[0].outcomeId)!.outcomeName} changed to ${formatOdds(found.get(moved[0].outcomeId)!.priceMilli)}`
        : `${moved.length} prices on your slip changed`,
      { prices: currentPrices(input, found) },
    );
  return null;
}

export async function placeBet(
  ctx: Ctx,
  input: PlaceBetInput,
  idempotencyKey: string | null,
): Promise<Result<PlaceBetOutput>> {
  const who = requireCustomer(ctx);
  if (!who.ok) return who;
  const user = who.value;

  const requestHash = canonicalRequest(input);
  if (idempotencyKey) {
    const prior = await ctx.ports.idempotency.find(user.id, idempotencyKey);
    if (prior) return replay(prior, requestHash);
  }

  const problem = validateSlip({ selections: input.selections, stakeCents: input.stake, betType: input.betType });
  if (problem) {
    const { code, message, ...rest } = problem;
    return err(domainError(code, message, Object.keys(rest).length ? rest : undefined));
  }
  const requested = input.selections.map((s) => parseOdds(s.odds));
  if (requested.some((o) => o === null))
    return err(domainError("REQUEST.INVALID", "Odds must be between 1.01 and 1000", { field: "selections.odds" }));

  // A trader may have limited this customer to a fraction of the maximum stake.
  const factorPct = ctx.ports.trading ? await ctx.ports.trading.stakeFactorOf(user.id) : FULL_STAKE_FACTOR_PCT;
  if (input.stake > maxStakeFor(factorPct))
    return err(domainError("BET.STAKE_TOO_HIGH", stakeLimitMessage(factorPct), { maxStake: maxStakeFor(factorPct) }));

  const found = new Map((await ctx.ports.events.pricedOutcomes(input.selections.map((s) => s.outcomeId))).map((p) => [p.outcomeId, p]));
  const refusal = checkSelections(input, found);
  if (refusal) return err(refusal);

  const now = ctx.clock.now();
  const betId = ctx.ids.next("bet");
  const legOdds = requested as number[];
  const totalOddsMilli = input.betType === "single" ? legOdds[0] : combinedOddsMilli(legOdds);
  const potentialReturn = returnFor(input.stake, legOdds);
  const tx = ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: "bet_stake", reference: betId, createdAt: now, createdBy: user.id },
    transfer(walletAccountId(user.id), HOUSE_ACCOUNT, input.stake),
  );
  if (!tx.ok) return tx;

  const response: Omit<PlacedBet, "balance"> = {
    bet: {
      id: betId,
      potentialReturn,
      stake: input.stake,
      totalOdds: formatOdds(totalOddsMilli),
      status: "pending",
      placedAt: now.toISOString(),
    },
  };
  const plan: PlacementPlan = {
    bet: {
      id: betId,
      userId: user.id,
      betType: input.betType,
      stake: input.stake,
      totalOddsMilli,
      potentialReturn,
      status: "pending",
      placedAt: now,
    },
    legs: input.selections.map((s, i) => {
      const p = found.get(s.outcomeId)!;
      return {
        id: `${betId}-${i + 1}`,
        legNo: i + 1,
        eventId: p.eventId,
        marketId: p.marketId,
        outcomeId: p.outcomeId,
        oddsMilli: legOdds[i],
        result: "pending" as const,
        eventName: p.eventName,
        marketName: p.marketName,
        selectionName: p.outcomeName,
      };
    }),
    stakeTransaction: tx.value,
    walletAccountId: walletAccountId(user.id),
    idempotency: idempotencyKey ? { key: idempotencyKey, requestHash, response } : null,
  };

  const written = await ctx.ports.bets.place(plan);
  switch (written.kind) {
    case "placed":
      return ok({ replayed: false, response: { ...response, balance: written.balance } });
    case "insufficient_funds":
      return err(domainError("BET.INSUFFICIENT_FUNDS", "Your balance is too low for this stake"));
    case "no_wallet":
      return err(domainError("BET.NO_WALLET", "This account has no wallet"));
    case "duplicate_idempotency_key": {
      // A concurrent request with the same key won the race: answer as it did.
      const prior = await ctx.ports.idempotency.find(user.id, idempotencyKey!);
      return prior ? replay(prior, requestHash) : err(domainError("BET.IDEMPOTENCY_CONFLICT", "Retry the request"));
    }
    case "odds_changed": {
      // The price or state moved between our read and the write: report what it is now.
      const fresh = new Map((await ctx.ports.events.pricedOutcomes(input.selections.map((s) => s.outcomeId))).map((p) => [p.outcomeId, p]));
      return err(
        checkSelections(input, fresh) ??
          domainError("BET.ODDS_CHANGED", "A price on your slip changed", { prices: currentPrices(input, fresh) }),
      );
    }
  }
}

function replay(prior: { requestHash: string; response: unknown }, requestHash: string): Result<PlaceBetOutput> {
  if (prior.requestHash !== requestHash)
    return err(domainError("BET.IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different bet"));
  return ok({ replayed: true, response: prior.response as PlacedBet });
}
