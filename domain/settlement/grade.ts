/**
 * Grading a bet from the results of its legs. A single is its one leg. A multiple is lost if any
 * leg lost, waits while any leg is pending, is void when every leg is void, and otherwise wins
 * stake x the product of the won legs' odds: a void leg counts as odds 1.00.
 *
 * Dead heat (docs/money.md "Results and grading"): a won leg may carry a factor num/den (two runners
 * tied for one place: 1/2). The stake on it is divided: stake x factor is paid at full odds and the
 * rest is lost; a multiple carries the factor forward (stake x product of odds x product of factors).
 * The return is computed exactly in integers and rounded once, down, to the cent.
 */
import { combineOdds, combinedOddsMilli, returnFor, type OddsMilli } from "../shared/odds.ts";
import type { Cents } from "../shared/money.ts";
import { formatMoney } from "../shared/money.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { BetStatus, BetType, DeadHeat } from "../shared/types.ts";
import { returnAtOdds } from "../betting/same-game-multi.ts";
import { subsetKey } from "../pricing/sgm.ts";
import { gradeEachWayParts, type EachWayTerms } from "./each-way.ts";
import { termsForGrading, type EachWayField } from "./final-field-terms.ts";
import { placedLegs } from "./placed.ts";
import { multipleReturnUnderRule4 } from "./rule4-multiple.ts";

export type LegResult = "pending" | "won" | "lost" | "void";
export type BetOutcome = "pending" | "won" | "lost" | "void";

export type { DeadHeat };

export interface GradableLeg {
  id: string;
  oddsMilli: OddsMilli;
  result: LegResult;
  /** Only on a won leg: the dead-heat factor it was graded with. */
  deadHeat?: DeadHeat | null;
  /** Each way: the runner finished within the places (a winner always has), with a dead-heat factor for a shared last place. */
  placed?: boolean | null;
  placeDeadHeat?: DeadHeat | null;
  /** Each way: the finishing position of a placed runner when the result tells it (market-result.ts legGradeFor). */
  placePosition?: number | null;
  /** A multiple's leg: the Rule 4 deduction (pence per pound) of withdrawals from its race after the bet was struck (rule4-multiple.ts). */
  rule4?: number | null;
}

/** An each-way bet's terms and the Rule 4 deduction (pence per pound) on its winnings; docs/money.md "Each way and Rule 4". */
export interface GradeTerms {
  eachWay?: EachWayTerms | null;
  rule4?: number | null;
  /** The field when struck and at the off: the place part is graded on the final field's terms (final-field-terms.ts). */
  eachWayField?: EachWayField | null;
}

/** A leg's graded result as stored: won (with a dead-heat factor when it dead-heated), lost or void. */
export interface LegGradeEntry {
  legId: string;
  result: "won" | "lost" | "void";
  deadHeat?: DeadHeat | null;
}

/** Apply the won legs' dead-heat factors to a return at full odds, exactly, rounded down once. */
function divided(stake: Cents, oddsNum: bigint, oddsDen: bigint, legs: readonly GradableLeg[]): Cents {
  let num = BigInt(stake) * oddsNum;
  let den = oddsDen;
  for (const l of legs) {
    if (l.result !== "won" || !l.deadHeat) continue;
    num *= BigInt(l.deadHeat.num);
    den *= BigInt(l.deadHeat.den);
  }
  return Number(num / den);
}

/**
 * A same game multi is graded the same way, but the legs that won are priced as a same game multi:
 * at the price of exactly those legs in the subset table stored at placement (`sgmPrices`, priced by
 * domain/pricing/sgm.ts from the model as it stood then; a single remaining leg is its own odds),
 * never above the whole bet's price in that table (tables stored before that cap existed could hold
 * a subset above it). The adapters give every stored same game multi a table (bets placed before
 * tables were stored get struckSubsetPrices); a record without one is graded as a multiple. A same
 * game multi graded "won" returns at least its stake: max(stake, stake x price).
 */
export function gradeBet(
  stake: Cents,
  legs: readonly GradableLeg[],
  betType: BetType,
  sgmPrices?: Readonly<Record<string, number>> | null,
  terms: GradeTerms = {},
): { status: BetOutcome; actualReturn: Cents } {
  if (betType === "single" && legs.length === 1 && (terms.eachWay || terms.rule4)) return gradeRacingSingle(stake, legs[0], terms);
  if (legs.some((l) => l.result === "lost")) return { status: "lost", actualReturn: 0 };
  if (legs.some((l) => l.result === "pending")) return { status: "pending", actualReturn: 0 };
  if (legs.every((l) => l.result === "void")) return { status: "void", actualReturn: stake };
  const wonLegs = legs.filter((l) => l.result === "won");
  const won = wonLegs.map((l) => l.oddsMilli);
  const deadHeat = legs.some((l) => l.result === "won" && l.deadHeat && l.deadHeat.num !== l.deadHeat.den);
  if (betType === "same_game_multi") {
    // The legs that won, priced from the table stored at placement (a void leg drops out and the
    // rest are re-priced together), capped at the whole bet's price.
    const stored = sgmPrices?.[subsetKey(wonLegs.map((l) => l.id))];
    const full = sgmPrices?.[subsetKey(legs.map((l) => l.id))];
    const odds = stored === undefined ? combinedOddsMilli(won) : full === undefined ? stored : Math.min(stored, full);
    // A dead heat divides the stake, so that return may be below it; otherwise a win never is.
    if (deadHeat) return { status: "won", actualReturn: divided(stake, BigInt(odds), 1000n, legs) };
    return { status: "won", actualReturn: Math.max(stake, returnAtOdds(stake, odds)) };
  }
  // Rule 4 on a multiple: the deduction goes into the leg's price (rule4-multiple.ts).
  if (betType === "multiple" && wonLegs.some((l) => (l.rule4 ?? 0) > 0)) return { status: "won", actualReturn: multipleReturnUnderRule4(stake, legs) };
  if (!deadHeat) return { status: "won", actualReturn: returnFor(stake, won) };
  const { numerator, denominator } = combineOdds(won);
  return { status: "won", actualReturn: divided(stake, numerator, denominator, legs) };
}

/**
 * A racing single with each-way terms and/or a Rule 4 deduction: void refunds the stake; otherwise
 * each-way.ts grades the win part (a dead heat divides it) and the place part (placed: the runner
 * won or finished within the places; a dead heat for the last place divides it), with the deduction
 * taken from the winnings of both. A win-only bet is the win part at the whole stake.
 */
function gradeRacingSingle(stake: Cents, leg: GradableLeg, terms: GradeTerms): { status: BetOutcome; actualReturn: Cents } {
  if (leg.result === "pending") return { status: "pending", actualReturn: 0 };
  if (leg.result === "void") return { status: "void", actualReturn: stake };
  const struck = terms.eachWay ?? null;
  // Withdrawals that moved the field into a lower band: the final field's terms (final-field-terms.ts).
  const ew = termsForGrading(struck, terms.eachWayField);
  const deduction = Math.max(0, Math.min(90, terms.rule4 ?? 0));
  const won = leg.result === "won";
  const winOnly = ew !== null && ew.places === 1;
  const g = gradeEachWayParts(ew ? stake / 2 : stake, leg.oddsMilli, ew, {
    won, winDeadHeat: won ? leg.deadHeat ?? null : null,
    // A runner listed as placed takes its own place factor (none: paid in full, e.g. two tied for 1st
    // with three places, dead-heat.ts); a winner not listed shares the place part as it shares the win.
    // One place (win only): the place part goes as the win part does.
    placed: won || (leg.placed === true && placedWithin(ew, struck, leg.placePosition, !!leg.placeDeadHeat)),
    placeDeadHeat: winOnly ? (won ? leg.deadHeat ?? null : null) : leg.placed === true ? leg.placeDeadHeat ?? null : won ? leg.deadHeat ?? null : null,
  }, deduction);
  return { status: g.actualReturn > 0 || won ? "won" : "lost", actualReturn: g.actualReturn };
}

/**
 * A runner listed as placed that did not win is placed under `terms`: never with one place (only the
 * winner is); by its finishing position when the result tells it (a position not known, as in a
 * settlement by bet "placed", counts as within them), so a bet struck at fewer places than the
 * result lists (a race re-formed to fewer places after a non-runner, or terms that lost places) is
 * placed only within its own. A runner sharing a dead heat for the last place is listed beyond the
 * places and stays placed, unless the terms lost places to withdrawals.
 */
function placedWithin(terms: EachWayTerms | null, struck: EachWayTerms | null, position: number | null | undefined, deadHeat: boolean): boolean {
  if (!terms || terms.places === 1) return false;
  if (position === null || position === undefined || position <= terms.places) return true;
  return deadHeat && !(struck && terms.places < struck.places);
}

export interface SettlementRequest {
  /** "placed": an each-way single whose runner placed but did not win (placed.ts). */
  status: "won" | "lost" | "void" | "placed";
  actualReturn: Cents;
  legResults?: readonly LegGradeEntry[];
}

export interface SettlementDecision {
  status: "won" | "lost" | "void";
  actualReturn: Cents;
  legResults: LegGradeEntry[];
}

/**
 * Decide a manual settlement. The server computes the return itself; a requested return that
 * disagrees is refused. Without leg results every leg takes the bet's status; with them, every leg
 * must be graded and the grade must agree with the requested status.
 */
export function decideSettlement(
  bet: { status: BetStatus; stake: Cents; legs: readonly GradableLeg[]; betType: BetType; sgmPrices?: Readonly<Record<string, number>> | null; eachWay?: GradeTerms["eachWay"]; rule4?: number | null; eachWayField?: EachWayField | null },
  req: SettlementRequest,
): Result<SettlementDecision> {
  if (bet.status !== "pending")
    return err(domainError("BET.NOT_PENDING", `This bet is already ${bet.status === "cashed_out" ? "cashed out" : bet.status}`));
  let legResults: SettlementDecision["legResults"];
  if (req.status === "placed") return decidePlaced(bet, req);
  if (req.legResults) {
    const byId = new Map(req.legResults.map((r) => [r.legId, r]));
    if (byId.size !== req.legResults.length || byId.size !== bet.legs.length || bet.legs.some((l) => !byId.has(l.id)))
      return err(domainError("BET.LEG_RESULTS_INVALID", "Give exactly one result for every leg of the bet"));
    legResults = bet.legs.map((l) => {
      const r = byId.get(l.id)!;
      return r.result === "won" && r.deadHeat ? { legId: l.id, result: r.result, deadHeat: r.deadHeat } : { legId: l.id, result: r.result };
    });
  } else {
    legResults = bet.legs.map((l) => ({ legId: l.id, result: req.status as "won" | "lost" | "void" }));
  }
  const graded = gradeBet(
    bet.stake,
    bet.legs.map((l, i) => ({ ...l, result: legResults[i].result, deadHeat: legResults[i].deadHeat ?? null })),
    bet.betType,
    bet.sgmPrices,
    { eachWay: bet.eachWay, rule4: bet.rule4, eachWayField: bet.eachWayField },
  );
  if (graded.status !== req.status)
    return err(
      domainError("BET.LEG_RESULTS_INVALID", `Those leg results make the bet ${graded.status}, not ${req.status}`),
    );
  if (graded.actualReturn !== req.actualReturn)
    return err(
      domainError("BET.RETURN_MISMATCH", `The return for this settlement is ${formatMoney(graded.actualReturn)}`, {
        expectedReturn: graded.actualReturn,
      }),
    );
  return ok({ status: graded.status, actualReturn: graded.actualReturn, legResults });
}

/** Settle an each-way single "placed" (placed.ts): the place part at the bet's terms, Rule 4 applied; refused for any other bet. */
function decidePlaced(
  bet: Parameters<typeof decideSettlement>[0],
  req: SettlementRequest,
): Result<SettlementDecision> {
  if (req.legResults) return err(domainError("BET.LEG_RESULTS_INVALID", "A placed settlement takes no leg results"));
  const legs = placedLegs(bet);
  if (!legs.ok) return legs;
  const graded = gradeBet(bet.stake, legs.value, bet.betType, null, { eachWay: bet.eachWay, rule4: bet.rule4, eachWayField: bet.eachWayField });
  if (graded.status === "pending") return err(domainError("BET.LEG_RESULTS_INVALID", "This bet cannot be graded placed"));
  if (graded.actualReturn !== req.actualReturn)
    return err(
      domainError("BET.RETURN_MISMATCH", `The return for this settlement is ${formatMoney(graded.actualReturn)}`, { expectedReturn: graded.actualReturn }),
    );
  return ok({ status: graded.status, actualReturn: graded.actualReturn, legResults: legs.value.map((l) => ({ legId: l.id, result: "lost" as const })) });
}
