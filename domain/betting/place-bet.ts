/**
 * placeBet: check the slip, the customer's gates (suspension, verification, time-out or
 * self-exclusion, loss limits: domain/responsible/wagering-gate.ts), and every selection against
 * the current price and state under the customer's price-change policy, then hand one placement
 * plan to the Bets port, which writes bet, legs, stake postings, balance and idempotency record
 * atomically. The database re-checks price, market state, funds, suspension, exclusion and the
 * loss limits inside that write, so anything that moves between our read and the write still
 * refuses the bet.
 *
 * Price-change policy (the customer's setting): "refuse" places only at the odds the customer saw;
 * "accept_higher" also places when the current price is higher; "accept_any" places at whatever the
 * current price is. Legs are always written at the current price, and the bet_legs price guard
 * refuses the write if that price moved again in the meantime.
 */
import type { Ctx } from "../shared/context.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { combinedOddsMilli, formatOdds, parseOdds, returnFor } from "../shared/odds.ts";
import { validateSlip, type BetType } from "./slip.ts";
import { ledgerTransaction, walletAccountId } from "../wallet/ledger.ts";
import { stakePostings, stakeSplitFor } from "../wallet/bonus-stake.ts";
import type { PricedOutcome, User } from "../shared/types.ts";
import type { PlacementPlan } from "../ports/index.ts";
import type { PriceChangePolicy } from "../accounts/settings.ts";
import { checkMayWager } from "../responsible/wagering-gate.ts";
import { registerListed } from "../responsible/register.ts";
import { effectiveLimit, LIMIT_PERIODS, windowStart } from "../responsible/limits.ts";
import { returnAtOdds } from "./same-game-multi.ts";
import { priceSgmForPlacement } from "./sgm-quote.ts";
import { limitRefusalError, limitRefusalOf } from "./placement-refusals.ts";
import { inPlayDelayFor } from "./in-play.ts";
import { liabilityBaseFor, minStakeFactorBp, oddsRefusal, PAYOUT_WINDOW_MS } from "./placement-limits.ts";
import { betStakeOf, eachWaySlipProblem, eachWayTermsFor, inUnitStakes } from "./each-way-placement.ts";
import { eachWayReturnIfWon } from "../settlement/each-way.ts";

export interface PlaceBetInput {
  selections: { eventId: string; marketId: string; outcomeId: string; odds: string }[];
  stake: number;
  betType: BetType;
  /** Same game multi: the combined price the customer was quoted (checked under their price-change policy). */
  sgmOdds?: string;
  /**
   * Each way (a single on a market with place terms): `stake` is the unit stake, the bet's stake
   * 2 x unit (a win part and a place part; docs/money.md "Each way and Rule 4").
   */
  eachWay?: boolean;
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
    ...(input.sgmOdds ? { sgmOdds: parseOdds(input.sgmOdds) ?? input.sgmOdds } : {}),
    ...(input.eachWay ? { eachWay: true } : {}),
    // Odds by value, so "2.1" and "2.10" are the same request.
    selections: input.selections.map((s) => [s.eventId, s.marketId, s.outcomeId, parseOdds(s.odds) ?? s.odds]),
  });

export function requireCustomer(ctx: Ctx): Result<User> {
  if (ctx.actor.kind !== "user") return err(domainError("AUTH.REQUIRED", "Please log in to place a bet"));
  return requireRole(ctx.actor, ["customer"], "place bets");
}

/** Whether an outcome takes bets at `now`: open market, event not finished, not decided, not suspended, not past-post. */
export function isBettable(p: PricedOutcome, now: Date): boolean {
  return (
    p.marketStatus === "open" &&
    p.eventStatus !== "finished" &&
    p.outcomeResult === null &&
    !(p.eventSuspendedUntil && p.eventSuspendedUntil.getTime() > now.getTime()) &&
    !(p.eventStatus === "upcoming" && p.eventStartTime.getTime() <= now.getTime()) &&
    !reforming(p, now)
  );
}

/**
 * A race re-formed after a non-runner takes no bets until it reopens (marketReformedAt), and none
 * struck at or before that instant: the placement write refuses them too (migration 0042).
 */
const reforming = (p: PricedOutcome, now: Date): boolean => !!p.marketReformedAt && p.marketReformedAt.getTime() >= now.getTime();

/**
 * A price the customer saw before the race was re-formed: it differs from the current price, and the
 * current price is still the re-formed one (no trader has moved it since). Whatever the customer's
 * price-change setting, such a slip is refused: the field, the prices and the each-way terms it was
 * built on are gone, so the customer confirms the new race first.
 */
const seenBeforeReform = (p: PricedOutcome, seen: number): boolean =>
  !!p.marketReformedAt && seen !== p.priceMilli && (p.outcomeUpdatedAt?.getTime() ?? 0) <= p.marketReformedAt.getTime();

function currentPrices(input: PlaceBetInput, found: Map<string, PricedOutcome>, now: Date) {
  return input.selections.map((s) => {
    const p = found.get(s.outcomeId);
    return { outcomeId: s.outcomeId, odds: p && isBettable(p, now) ? formatOdds(p.priceMilli) : null };
  });
}

/** Whether the current price is acceptable under the policy, given the price the customer saw. */
export function priceAcceptable(policy: PriceChangePolicy, seen: number, current: number): boolean {
  if (policy === "accept_any") return true;
  if (policy === "accept_higher") return current >= seen;
  return current === seen;
}

/** Compare each selection with the current state at `now`; the first reason to refuse, or null. */
export function checkSelections(input: PlaceBetInput, found: Map<string, PricedOutcome>, now: Date, policy: PriceChangePolicy = "refuse") {
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
        prices: currentPrices(input, found, now),
      });
    // A race is never bet in running: from its start (the off) betting on it has closed for good,
    // though the feed keeps it suspended until its result.
    if (p.sport === "racing" && (p.eventStatus === "live" || p.eventStartTime.getTime() <= now.getTime()))
      return domainError("BET.RACE_OFF", `${p.eventName} is off: betting on this race has closed`, {
        eventId: p.eventId,
        prices: currentPrices(input, found, now),
      });
    if (p.eventStatus === "upcoming" && p.eventStartTime.getTime() <= now.getTime())
      return domainError("BET.EVENT_STARTED", `${p.eventName} has started: pre-match betting is closed until it is priced in play`, {
        eventId: p.eventId,
        prices: currentPrices(input, found, now),
      });
    if (p.outcomeResult !== null)
      return domainError("BET.SELECTION_DECIDED", `${p.outcomeName} (${p.marketName}) is already decided and no longer offered`, {
        outcomeId: p.outcomeId,
        prices: currentPrices(input, found, now),
      });
    if (p.marketStatus !== "open")
      return domainError("BET.MARKET_CLOSED", `The ${p.marketName} market is ${p.marketStatus}`, {
        marketId: p.marketId,
        prices: currentPrices(input, found, now),
      });
    if (p.eventSuspendedUntil && p.eventSuspendedUntil.getTime() > now.getTime())
      return domainError("BET.MARKET_SUSPENDED", `${p.eventName} is suspended while its prices are updated; try again in a moment`, {
        eventId: p.eventId,
        prices: currentPrices(input, found, now),
      });
    if (reforming(p, now))
      return domainError("BET.MARKET_SUSPENDED", `The ${p.marketName} market is suspended while the race is re-formed after a non-runner; try again in a moment`, {
        marketId: p.marketId,
        prices: currentPrices(input, found, now),
      });
  }
  const stale = input.selections.find((s) => seenBeforeReform(found.get(s.outcomeId)!, parseOdds(s.odds) ?? 0));
  if (stale) {
    const p = found.get(stale.outcomeId)!;
    return domainError(
      "BET.RACE_REFORMED",
      `${p.marketName} was re-formed after a non-runner: ${p.outcomeName} is now ${formatOdds(p.priceMilli)}. Check the new prices and place again`,
      { marketId: p.marketId, prices: currentPrices(input, found, now) },
    );
  }
  const moved = input.selections.filter((s) => !priceAcceptable(policy, parseOdds(s.odds) ?? 0, found.get(s.outcomeId)!.priceMilli));
  if (moved.length > 0)
    return domainError(
      "BET.ODDS_CHANGED",
      moved.length === 1
        ? `The price of ${found.get(moved[0].outcomeId)!.outcomeName} changed to ${formatOdds(found.get(moved[0].outcomeId)!.priceMilli)}`
        : `${moved.length} prices on your slip changed`,
      { prices: currentPrices(input, found, now) },
    );
  return null;
}

/**
 * With an idempotency key, a request repeated after its bet was placed is answered as the first one
 * was, whatever has changed since (BET.IDEMPOTENCY_CONFLICT for another body under the same key).
 * The key is looked up only when this request does not place a bet: the write stores the key with
 * the bet and refuses a second bet under it, and that refusal is answered by the lookup too. So a
 * first request, nearly every one, reads nothing for its key.
 */
export async function placeBet(
  ctx: Ctx,
  input: PlaceBetInput,
  idempotencyKey: string | null,
): Promise<Result<PlaceBetOutput>> {
  const who = requireCustomer(ctx);
  if (!who.ok) return who;
  const placed = await placeNew(ctx, who.value, input, idempotencyKey);
  if (placed.ok || idempotencyKey === null) return placed;
  const prior = await ctx.ports.idempotency.find(who.value.id, idempotencyKey);
  return prior ? replay(prior, canonicalRequest(input)) : placed;
}

async function placeNew(ctx: Ctx, user: User, input: PlaceBetInput, idempotencyKey: string | null): Promise<Result<PlaceBetOutput>> {
  const requestHash = canonicalRequest(input);

  // Each way: the bet's stake is both parts (each-way-placement.ts); everything below counts it in full.
  const eachWayRefusal = eachWaySlipProblem(input);
  if (eachWayRefusal) return err(eachWayRefusal);
  const unitStake = input.stake;
  input = { ...input, stake: betStakeOf(input) };
  const problem = validateSlip({ selections: input.selections, stakeCents: input.stake, betType: input.betType });
  if (problem) {
    const { code, message, ...rest } = problem;
    return err(domainError(code, message, Object.keys(rest).length ? rest : undefined));
  }
  const requested = input.selections.map((s) => parseOdds(s.odds));
  if (requested.some((o) => o === null))
    return err(domainError("REQUEST.INVALID", "Odds must be between 1.01 and 1000", { field: "selections.odds" }));

  let now = ctx.clock.now();
  const responsible = ctx.ports.responsible;
  const [snap, policy] = await Promise.all([
    responsible.wagerSnapshot(user.id, now),
    ctx.ports.accountSettings.of(user.id).then((s) => s.priceChangePolicy),
  ]);
  // The national self-exclusion register, from the answer kept on the account while it is fresh (register.ts).
  const listed = await registerListed(ctx, user, snap.register, now);
  const gate = checkMayWager(
    { user, exclusions: snap.exclusions, registerListed: listed, lossLimits: snap.lossLimits, netLoss: snap.netLoss },
    input.stake,
    now,
  );
  if (!gate.ok) return gate;
  const outcomeIds = input.selections.map((s) => s.outcomeId);
  // As of this request's session lookup (rows kept since may answer); after a delay, and when the
  // write refuses a price, read as of now.
  let found = new Map((await ctx.ports.events.pricedOutcomes(outcomeIds, "session")).map((p) => [p.outcomeId, p]));
  const refusal = checkSelections(input, found, now, policy);
  if (refusal) return err(refusal);
  const eachWay = eachWayTermsFor(input, found);
  if (!eachWay.ok) return eachWay;
  // In play: wait the bet delay, then check again at the prices and state after it (in-play.ts).
  const delay = inPlayDelayFor([...found.values()], (sport) => ctx.ports.inPlay.delayMs(sport));
  if (delay > 0) {
    await ctx.ports.inPlay.wait(delay);
    now = ctx.clock.now();
    found = new Map((await ctx.ports.events.pricedOutcomes(outcomeIds)).map((p) => [p.outcomeId, p]));
    const after = checkSelections(input, found, now, policy);
    if (after) return err(after);
  }

  const betId = ctx.ids.next("bet");
  // Placed at the current prices: equal to the seen ones under "refuse", acceptable ones otherwise.
  const legOdds = input.selections.map((s) => found.get(s.outcomeId)!.priceMilli);
  let totalOddsMilli: number;
  let potentialReturn: number;
  let sgmPrices: Record<string, number> | undefined;
  if (input.betType === "same_game_multi") {
    // Re-priced here, at the state after any delay, by the quote's own function (sgm-quote.ts).
    const sgm = await priceSgmForPlacement(ctx, input, found, betId, policy);
    if (!sgm.ok) return sgm;
    totalOddsMilli = sgm.value.oddsMilli;
    sgmPrices = sgm.value.subsetPrices;
    potentialReturn = returnAtOdds(input.stake, totalOddsMilli);
  } else {
    totalOddsMilli = input.betType === "single" ? legOdds[0] : combinedOddsMilli(legOdds);
    potentialReturn = eachWay.value ? eachWayReturnIfWon(unitStake, legOdds[0], eachWay.value) : returnFor(input.stake, legOdds);
  }
  // The limits that need the book's figures (the stake factor, the payout ceilings, the market and
  // event liability limits) are checked by the write itself: the stake-factor assertion below and
  // the triggers on bets and bet_legs. Most bets fit, so those figures are read only when the write
  // refuses, to say which limit and the largest stake that fits now (placement-refusals.ts). The
  // combined-odds ceiling needs no figures and refuses here.
  const limits = ctx.ports.placementLimits;
  const limitCheck = { stake: input.stake, betType: input.betType, legOdds, totalOddsMilli, found: [...found.values()], eachWay: eachWay.value };
  const oddsLimit = oddsRefusal(totalOddsMilli);
  if (oddsLimit) return err(limitRefusalError(oddsLimit));
  const limitRefusalNow = async () => {
    const r = limitRefusalOf(limitCheck, await limits.exposure(user.id, outcomeIds, new Date(now.getTime() - PAYOUT_WINDOW_MS)));
    return r ? limitRefusalError(inUnitStakes(r, eachWay.value)) : null;
  };
  // The least stake factor this stake needs, asserted inside the write against the factor then.
  const minFactorBp = minStakeFactorBp(liabilityBaseFor(limitCheck.found.map((p) => p.sport)), input.stake, totalOddsMilli);

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
  const planFor = (split: { cash: number; bonus: number }, tx: PlacementPlan["stakeTransaction"]): PlacementPlan => ({
    bet: {
      id: betId,
      userId: user.id,
      betType: input.betType,
      stake: input.stake,
      totalOddsMilli,
      potentialReturn,
      status: "pending",
      placedAt: now,
      bonusStake: split.bonus,
      ...(sgmPrices ? { sgmPrices } : {}),
      ...(eachWay.value ? { eachWay: eachWay.value } : {}),
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
    stakeTransaction: tx,
    walletAccountId: walletAccountId(user.id),
    idempotency: idempotencyKey ? { key: idempotencyKey, requestHash, response } : null,
    guards: {
      at: now,
      minStakeFactorBp: minFactorBp,
      lossLimits: LIMIT_PERIODS.flatMap((p) => {
        const limit = effectiveLimit(snap.lossLimits[p], now).amount;
        return limit === null ? [] : [{ since: windowStart(p, now), limit }];
      }),
    },
  });
  const stakeTx = (split: { cash: number; bonus: number }) =>
    ledgerTransaction(
      { id: ctx.ids.next("tx"), kind: "bet_stake", reference: betId, createdAt: now, createdBy: user.id },
      stakePostings(user.id, split),
    );

  // Cash first, then bonus (domain/wallet/bonus.ts). Most bets are covered by cash: they are written
  // at once, with no read of the balances; only when the cash falls short are the balances read and
  // the stake split across cash and bonus (the write's CHECKs refuse if either part fell short).
  const cashOnly = { cash: input.stake, bonus: 0 };
  const tx = stakeTx(cashOnly);
  if (!tx.ok) return tx;
  let plan = planFor(cashOnly, tx.value);
  let written = await ctx.ports.bets.place(plan);
  if (written.kind === "insufficient_funds") {
    const split = await stakeSplitFor(ctx, user.id, input.stake);
    if (split.bonus > 0) {
      const tx2 = stakeTx(split);
      if (!tx2.ok) return tx2;
      plan = planFor(split, tx2.value);
      written = await ctx.ports.bets.place(plan);
    }
  }
  switch (written.kind) {
    case "placed":
      // The live bet ticker: after the write, in memory, from what we already hold. Each watcher sees
      // the bets of the customers within their reach (demo bets reach demo staff only).
      ctx.ports.betTicker.placed({ bet: plan.bet, legs: plan.legs, customer: user });
      return ok({ replayed: false, response: { ...response, balance: written.balance } });
    case "insufficient_funds":
      // A limit the bet breaks is the answer before the balance, as the slip can act on it.
      return err((await limitRefusalNow()) ?? domainError("BET.INSUFFICIENT_FUNDS", "Your balance is too low for this stake"));
    case "no_wallet":
      return err(domainError("BET.NO_WALLET", "This account has no wallet"));
    case "duplicate_idempotency_key":
      // A concurrent request with the same key won the race: placeBet answers as it did, from the
      // key's lookup; this answer stands only if that request's record is gone again.
      return err(domainError("BET.IDEMPOTENCY_CONFLICT", "Retry the request"));
    case "odds_changed": {
      // The price or state moved between our read and the write: report what it is now.
      const fresh = new Map((await ctx.ports.events.pricedOutcomes(input.selections.map((s) => s.outcomeId))).map((p) => [p.outcomeId, p]));
      return err(
        checkSelections(input, fresh, now, policy) ??
          domainError("BET.ODDS_CHANGED", "A price on your slip changed", { prices: currentPrices(input, fresh, now) }),
      );
    }
    case "liability_limit":
    case "event_limit":
    case "max_payout": {
      // The write found no room: answer with what fits now (other bets may have taken the room
      // meanwhile, or given it back).
      const again = await limitRefusalNow();
      return err(again ?? domainError(written.kind === "max_payout" ? "BET.MAX_PAYOUT" : written.kind === "event_limit" ? "BET.EVENT_LIMIT" : "BET.LIABILITY_LIMIT", "A limit changed while placing the bet; please try again", { maxStake: 0 }));
    }
    case "refused": {
      // A limit the bet breaks (the stake factor is asserted in the write; checked first, as the
      // slip can act on it)...
      const limitNow = await limitRefusalNow();
      if (limitNow) return err(limitNow);
      // ...or suspension, an exclusion or losses changed between our checks and the write.
      const later = ctx.clock.now();
      const [fresh, again] = await Promise.all([ctx.ports.users.findById(user.id), responsible.wagerSnapshot(user.id, later)]);
      const recheck = checkMayWager(
        { user: fresh ?? user, exclusions: again.exclusions, registerListed: listed, lossLimits: again.lossLimits, netLoss: again.netLoss },
        input.stake,
        later,
      );
      return recheck.ok ? err(domainError("RG.CONCURRENT_CHANGE", "Your account changed while placing the bet; please try again")) : recheck;
    }
  }
}

function replay(prior: { requestHash: string; response: unknown }, requestHash: string): Result<PlaceBetOutput> {
  if (prior.requestHash !== requestHash)
    return err(domainError("BET.IDEMPOTENCY_CONFLICT", "This Idempotency-Key was already used for a different bet"));
  return ok({ replayed: true, response: prior.response as PlacedBet });
}
