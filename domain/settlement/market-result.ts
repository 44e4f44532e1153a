/**
 * Settlement by market: the operator records a market's result and every pending leg on that market
 * is graded from it. A result is, per outcome, won, lost, void, or a dead heat (won with a factor
 * num/den: the stake on it is divided, grade.ts); the older shapes stay as shorthands:
 * - winner: that outcome won, every other lost;
 * - void: every outcome void (singles refunded);
 * - no_winner: every outcome lost (no goalscorer, nobody finishes, a correct score not listed);
 * - outcomes: one result for every outcome of the market.
 * A bet is then graded from all its legs (grade.ts): a single settles at once; a multiple settles
 * when none of its legs is pending any more (or as soon as one leg has lost), and otherwise waits
 * with the leg result stored. Every path (by market, by bet, bulk, the results job) grades a leg
 * with legGradeFor and a bet with gradeBet.
 */
import type { Cents } from "../shared/money.ts";
import type { BetType } from "../shared/types.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { gradeBet, type DeadHeat, type GradableLeg, type GradeTerms, type LegGradeEntry, type LegResult } from "./grade.ts";

export interface OutcomeResult {
  outcomeId: string;
  result: "won" | "lost" | "void";
  /** Only with "won": the dead-heat factor (num < den). */
  deadHeat?: DeadHeat | null;
}

/** Each way: a runner that finished within the places, with the factor of a dead heat for the last place. */
export interface PlacedRunner {
  outcomeId: string;
  deadHeat?: DeadHeat | null;
}

export type MarketResult = (
  | { kind: "winner"; winningOutcomeId: string }
  | { kind: "void" }
  | { kind: "no_winner" }
  | { kind: "outcomes"; outcomes: OutcomeResult[] }
) & {
  /** Racing with each-way terms: the runners placed (the winner need not be listed); graded only for each-way bets. */
  placed?: readonly PlacedRunner[];
  /** Rule 4: runners withdrawn from the race (rule4.ts withWithdrawn): their bets are void whatever the result. */
  withdrawn?: readonly string[];
};

/** A leg's grade: its result, and the dead-heat factor of a won leg that dead-heated. */
export interface LegGrade {
  result: "won" | "lost" | "void";
  deadHeat?: DeadHeat | null;
  /** Each way: placed (listed in the result's placed runners), with a place dead-heat factor. */
  placed?: boolean;
  placeDeadHeat?: DeadHeat | null;
  /** Each way: a placed runner's finishing position (final-field-terms.ts: terms may have lost places). */
  placePosition?: number;
}

export function legGradeFor(outcomeId: string, result: MarketResult): LegGrade {
  if (result.withdrawn?.includes(outcomeId)) return { result: "void" };
  const g = winGradeFor(outcomeId, result);
  const p = result.placed?.find((x) => x.outcomeId === outcomeId);
  if (!p || g.result === "void") return g;
  return { ...g, placed: true, placePosition: placePositionOf(outcomeId, result), ...(p.deadHeat && p.deadHeat.num < p.deadHeat.den ? { placeDeadHeat: p.deadHeat } : {}) };
}

/**
 * A placed runner's finishing position: the placed runners are listed in finishing order and the
 * winners need not be listed, so it is the winners not listed plus its place in the list.
 */
function placePositionOf(outcomeId: string, result: MarketResult): number {
  const placed = result.placed ?? [];
  const listed = new Set(placed.map((x) => x.outcomeId));
  const winners = result.kind === "winner" ? [result.winningOutcomeId] : result.kind === "outcomes" ? result.outcomes.filter((o) => o.result === "won").map((o) => o.outcomeId) : [];
  return winners.filter((id) => !listed.has(id)).length + placed.findIndex((x) => x.outcomeId === outcomeId) + 1;
}

function winGradeFor(outcomeId: string, result: MarketResult): LegGrade {
  switch (result.kind) {
    case "void":
      return { result: "void" };
    case "no_winner":
      return { result: "lost" };
    case "winner":
      return { result: outcomeId === result.winningOutcomeId ? "won" : "lost" };
    case "outcomes": {
      const o = result.outcomes.find((x) => x.outcomeId === outcomeId);
      if (!o) return { result: "lost" };
      return o.result === "won" && o.deadHeat && o.deadHeat.num < o.deadHeat.den ? { result: "won", deadHeat: o.deadHeat } : { result: o.result };
    }
  }
}

/** Every outcome's result under `result` (what is recorded on the outcomes when the market settles). */
export function outcomeResultsOf(outcomeIds: readonly string[], result: MarketResult): OutcomeResult[] {
  return outcomeIds.map((id) => {
    const g = legGradeFor(id, result);
    return g.deadHeat ? { outcomeId: id, result: g.result, deadHeat: g.deadHeat } : { outcomeId: id, result: g.result };
  });
}

/**
 * The market result per-outcome results make, in its simplest shape: void (all void), no_winner
 * (all lost), winner (one won without a dead heat, the rest lost), otherwise outcomes.
 */
export function simplestResult(outcomes: readonly OutcomeResult[]): MarketResult {
  if (outcomes.length > 0 && outcomes.every((o) => o.result === "void")) return { kind: "void" };
  if (outcomes.every((o) => o.result === "lost")) return { kind: "no_winner" };
  const won = outcomes.filter((o) => o.result === "won");
  if (won.length === 1 && !won[0].deadHeat && outcomes.every((o) => o.result !== "void")) return { kind: "winner", winningOutcomeId: won[0].outcomeId };
  return { kind: "outcomes", outcomes: outcomes.map((o) => ({ ...o })) };
}

/** Two results that grade every outcome the same way (a repeat of a settlement is recognised whatever its shape). */
export function sameGrades(outcomeIds: readonly string[], a: MarketResult, b: MarketResult): boolean {
  return outcomeIds.every((id) => {
    const x = legGradeFor(id, a);
    const y = legGradeFor(id, b);
    if (x.result !== y.result || !!x.placed !== !!y.placed) return false;
    if ((x.placeDeadHeat?.num ?? 1) * (y.placeDeadHeat?.den ?? 1) !== (y.placeDeadHeat?.num ?? 1) * (x.placeDeadHeat?.den ?? 1)) return false;
    const fx = (x.deadHeat?.num ?? 1) * (y.deadHeat?.den ?? 1);
    const fy = (y.deadHeat?.num ?? 1) * (x.deadHeat?.den ?? 1);
    return fx === fy;
  });
}

/** The admin's result input (POST /api/admin/markets/{id}/settle). */
export type MarketResultInput = (
  | { winningOutcomeId: string }
  | { void: true }
  | { noWinner: true }
  | { outcomes: { outcomeId: string; result: "won" | "lost" | "void" | "dead_heat"; deadHeat?: { numerator: number; denominator: number } }[] }
) & { placed?: { outcomeId: string; deadHeat?: { numerator: number; denominator: number } }[] };

const MAX_DEN = 1_000_000;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Validate an admin's result against the market's outcomes. Per-outcome results must name every
 * outcome exactly once; a dead heat needs a factor in (0, 1] (whole numbers, denominator up to
 * 1,000,000), stored reduced; a factor of 1 is a plain win. Refusals: MARKET.OUTCOME_NOT_FOUND,
 * MARKET.RESULT_INVALID.
 */
export function marketResultFromInput(
  market: { name: string; outcomes: readonly { id: string }[]; eachWay?: { places: number } | null },
  input: MarketResultInput,
): Result<MarketResult> {
  const win = winResultFromInput(market, input);
  if (!win.ok || !input.placed || input.placed.length === 0) return win;
  const placed = placedFromInput(market, input.placed);
  if (!placed.ok) return placed;
  return win.value.kind === "void" ? win : ok({ ...win.value, placed: placed.value });
}

/**
 * The placed runners of an each-way market: outcomes of the market, each once, at most `places`
 * plus those sharing a dead heat for the last place; a dead heat needs a factor in (0, 1).
 * Refused (MARKET.RESULT_INVALID) on a market without each-way terms.
 */
function placedFromInput(
  market: { name: string; outcomes: readonly { id: string }[]; eachWay?: { places: number } | null },
  input: readonly { outcomeId: string; deadHeat?: { numerator: number; denominator: number } }[],
): Result<PlacedRunner[]> {
  if (!market.eachWay) return err(domainError("MARKET.RESULT_INVALID", `The ${market.name} market has no each-way terms: no placed runners`, { fields: ["placed"] }));
  const ids = new Set(market.outcomes.map((o) => o.id));
  const seen = new Set<string>();
  const out: PlacedRunner[] = [];
  for (const p of input) {
    if (!ids.has(p.outcomeId)) return err(domainError("MARKET.OUTCOME_NOT_FOUND", `The ${market.name} market has no outcome ${p.outcomeId}`));
    if (seen.has(p.outcomeId)) return err(domainError("MARKET.RESULT_INVALID", `Outcome ${p.outcomeId} is placed twice`, { fields: ["placed"] }));
    seen.add(p.outcomeId);
    const f = p.deadHeat;
    if (f && (f.numerator <= 0 || f.numerator >= f.denominator || f.denominator > MAX_DEN))
      return err(domainError("MARKET.RESULT_INVALID", "A place dead heat needs a factor numerator/denominator in (0, 1)", { fields: ["placed"] }));
    if (f) {
      const g = gcd(f.numerator, f.denominator);
      out.push({ outcomeId: p.outcomeId, deadHeat: { num: f.numerator / g, den: f.denominator / g } });
    } else out.push({ outcomeId: p.outcomeId });
  }
  const full = out.filter((p) => !p.deadHeat).length;
  if (full > market.eachWay.places || (out.length > market.eachWay.places && full >= market.eachWay.places))
    return err(domainError("MARKET.RESULT_INVALID", `At most ${market.eachWay.places} runners are placed (more only in a dead heat for the last place)`, { fields: ["placed"] }));
  return ok(out);
}

function winResultFromInput(market: { name: string; outcomes: readonly { id: string }[] }, input: MarketResultInput): Result<MarketResult> {
  const ids = new Set(market.outcomes.map((o) => o.id));
  if ("winningOutcomeId" in input) {
    if (!ids.has(input.winningOutcomeId))
      return err(domainError("MARKET.OUTCOME_NOT_FOUND", `The ${market.name} market has no outcome ${input.winningOutcomeId}`));
    return ok({ kind: "winner", winningOutcomeId: input.winningOutcomeId });
  }
  if ("void" in input) return ok({ kind: "void" });
  if ("noWinner" in input) return ok({ kind: "no_winner" });
  const seen = new Set<string>();
  const out: OutcomeResult[] = [];
  for (const r of input.outcomes) {
    if (!ids.has(r.outcomeId)) return err(domainError("MARKET.OUTCOME_NOT_FOUND", `The ${market.name} market has no outcome ${r.outcomeId}`));
    if (seen.has(r.outcomeId)) return err(domainError("MARKET.RESULT_INVALID", `Outcome ${r.outcomeId} is given twice`, { fields: ["outcomes"] }));
    seen.add(r.outcomeId);
    if (r.result !== "dead_heat") {
      if (r.deadHeat) return err(domainError("MARKET.RESULT_INVALID", "Only a dead heat takes a factor", { fields: ["outcomes"] }));
      out.push({ outcomeId: r.outcomeId, result: r.result });
      continue;
    }
    const f = r.deadHeat;
    if (!f || !Number.isSafeInteger(f.numerator) || !Number.isSafeInteger(f.denominator) || f.numerator <= 0 || f.denominator > MAX_DEN || f.numerator > f.denominator)
      return err(domainError("MARKET.RESULT_INVALID", "A dead heat needs a factor numerator/denominator in (0, 1], whole numbers, denominator at most 1,000,000", { fields: ["outcomes"] }));
    const g = gcd(f.numerator, f.denominator);
    const num = f.numerator / g;
    const den = f.denominator / g;
    out.push(num === den ? { outcomeId: r.outcomeId, result: "won" } : { outcomeId: r.outcomeId, result: "won", deadHeat: { num, den } });
  }
  if (seen.size !== ids.size) return err(domainError("MARKET.RESULT_INVALID", "Give one result for every outcome of the market", { fields: ["outcomes"] }));
  return ok(simplestResult(out));
}

/** The result a settled market recorded (null while unsettled): the shorthand, or its outcomes' results. */
export function recordedResult(m: {
  resultKind: "winner" | "void" | null;
  winningOutcomeId: string | null;
  outcomes: readonly { id: string; result?: "won" | "lost" | "void" | null; deadHeat?: DeadHeat | null }[];
  placed?: readonly PlacedRunner[] | null;
}): MarketResult | null {
  if (m.resultKind === null) return null;
  if (m.resultKind === "void") return { kind: "void" };
  const placed = m.placed && m.placed.length > 0 ? { placed: m.placed } : {};
  if (m.winningOutcomeId) return { kind: "winner", winningOutcomeId: m.winningOutcomeId, ...placed };
  return { ...simplestResult(m.outcomes.map((o) => ({ outcomeId: o.id, result: o.result ?? "lost", deadHeat: o.deadHeat ?? null }))), ...placed };
}

/** How a result is stored on the market row: result_kind 'void', or 'winner' with the sole winner's id (null for any other shape). */
export function storedKind(result: MarketResult): { kind: "winner" | "void"; winningOutcomeId: string | null } {
  if (result.kind === "void") return { kind: "void", winningOutcomeId: null };
  return { kind: "winner", winningOutcomeId: result.kind === "winner" ? result.winningOutcomeId : null };
}

export interface MarketGradableLeg extends GradableLeg {
  marketId: string;
  outcomeId: string;
}

export type BetGrading =
  | { kind: "settle"; status: "won" | "lost" | "void"; actualReturn: Cents; legResults: LegGradeEntry[] }
  | { kind: "wait"; legResults: LegGradeEntry[] }
  | { kind: "untouched" };

const entry = (legId: string, g: LegGrade): LegGradeEntry => (g.deadHeat ? { legId, result: g.result, deadHeat: g.deadHeat } : { legId, result: g.result });

/**
 * Apply a market's result to one pending bet. `legResults` of "settle" lists every leg that has a
 * result (a lost multiple settles at once; its legs on markets not yet decided stay pending: they
 * were never graded); of "wait", only the legs graded now.
 */
export function gradeBetForMarket(
  bet: { stake: Cents; legs: readonly MarketGradableLeg[]; betType: BetType; sgmPrices?: Readonly<Record<string, number>> | null; eachWay?: GradeTerms["eachWay"]; rule4?: number | null; eachWayField?: GradeTerms["eachWayField"] },
  marketId: string,
  result: MarketResult,
): BetGrading {
  const now = bet.legs.filter((l) => l.marketId === marketId && l.result === "pending");
  if (now.length === 0) return { kind: "untouched" };
  const graded = new Map(now.map((l) => [l.id, legGradeFor(l.outcomeId, result)]));
  const legs = bet.legs.map((l) => {
    const g = graded.get(l.id);
    return g ? { ...l, result: g.result as LegResult, deadHeat: g.deadHeat ?? null, placed: g.placed ?? false, placeDeadHeat: g.placeDeadHeat ?? null, placePosition: g.placePosition ?? null } : l;
  });
  const outcome = gradeBet(bet.stake, legs, bet.betType, bet.sgmPrices, { eachWay: bet.eachWay, rule4: bet.rule4, eachWayField: bet.eachWayField });
  if (outcome.status === "pending") {
    return { kind: "wait", legResults: now.map((l) => entry(l.id, graded.get(l.id)!)) };
  }
  return {
    kind: "settle",
    status: outcome.status,
    actualReturn: outcome.actualReturn,
    legResults: legs.flatMap((l) => (l.result === "pending" ? [] : [entry(l.id, { result: l.result, deadHeat: l.result === "won" ? l.deadHeat : null })])),
  };
}
