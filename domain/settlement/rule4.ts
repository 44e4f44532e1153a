/**
 * Rule 4 (docs/money.md "Each way and Rule 4"): the Tattersalls Rule 4(c) scale of deductions, the
 * cap on several withdrawals, and how a withdrawn runner's bets and the others' are graded.
 *
 * A withdrawn runner's bets are void (refunded) whatever result is entered: every path that grades a
 * market (settle by market, the system's settlement, resettle and the corrections after it) passes
 * its result through withWithdrawn. The deduction on the other runners' bets is read with each bet
 * (BetRecord.rule4, the SQL twin in adapters/libsql/bets.ts, capped with RULE4_CAP) and applied by
 * grade.ts.
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { OddsMilli } from "../shared/odds.ts";
import type { MarketResult } from "./market-result.ts";

/**
 * The scale, ONE table: each band runs from just above the previous band's longest price up to and
 * including its own longest price, in decimal odds thousandths (`upToMilli`). So a decimal price
 * between two published bands (1.31, between 3/10 and 1/3; 1.96, between 20/21 and evens) takes the
 * band of the longer price, the smaller deduction, as the scale's "over 3/10 up to and including
 * 2/5" wording reads and as doubt in a rule is read in the customer's favour. A band's longest price
 * counts both as its exact decimal (cut to the thousandth: 20/21 = 1.952) and as the price the
 * 0.01 ladder quotes for it (8/13 = 1.615..., quoted 1.62), whichever is longer, so 20/21 is 50p
 * whether it is given as 1.95 or 1.952. A test derives every bound from its fraction.
 */
export const RULE4_SCALE: readonly { longest: string; num: number; den: number; upToMilli: number; pence: number }[] = [
  { longest: "1/9", num: 1, den: 9, upToMilli: 1111, pence: 90 },
  { longest: "2/11", num: 2, den: 11, upToMilli: 1181, pence: 85 },
  { longest: "1/4", num: 1, den: 4, upToMilli: 1250, pence: 80 },
  { longest: "3/10", num: 3, den: 10, upToMilli: 1300, pence: 75 },
  { longest: "2/5", num: 2, den: 5, upToMilli: 1400, pence: 70 },
  { longest: "8/15", num: 8, den: 15, upToMilli: 1533, pence: 65 },
  { longest: "8/13", num: 8, den: 13, upToMilli: 1620, pence: 60 },
  { longest: "4/5", num: 4, den: 5, upToMilli: 1800, pence: 55 },
  { longest: "20/21", num: 20, den: 21, upToMilli: 1952, pence: 50 },
  { longest: "6/5", num: 6, den: 5, upToMilli: 2200, pence: 45 },
  { longest: "6/4", num: 6, den: 4, upToMilli: 2500, pence: 40 },
  { longest: "7/4", num: 7, den: 4, upToMilli: 2750, pence: 35 },
  { longest: "9/4", num: 9, den: 4, upToMilli: 3250, pence: 30 },
  { longest: "3/1", num: 3, den: 1, upToMilli: 4000, pence: 25 },
  { longest: "4/1", num: 4, den: 1, upToMilli: 5000, pence: 20 },
  { longest: "11/2", num: 11, den: 2, upToMilli: 6500, pence: 15 },
  { longest: "9/1", num: 9, den: 1, upToMilli: 10000, pence: 10 },
  { longest: "14/1", num: 14, den: 1, upToMilli: 15000, pence: 5 },
];

/**
 * Several withdrawals add up to at most 90p in the pound. 90p, not the 75p of the older scale: the
 * scale above already takes 90p for one runner at 1/9 or shorter, so a 75p cap would make a second,
 * longer-priced withdrawal lower the deduction of the first. 90p is the largest deduction the scale
 * itself sets, and the cap the current rule and the big UK books state for several withdrawals.
 */
export const RULE4_CAP = 90;

/** The deduction (pence in the pound) for a runner withdrawn at `oddsMilli`; nothing above 14/1. */
export function tattersallsDeduction(oddsMilli: OddsMilli): number {
  for (const band of RULE4_SCALE) if (oddsMilli <= band.upToMilli) return band.pence;
  return 0;
}

/** Several withdrawals in one race: their deductions add up, at most RULE4_CAP. */
export function totalDeduction(deductions: readonly number[]): number {
  return Math.min(RULE4_CAP, deductions.reduce((s, d) => s + d, 0));
}

/** The result with the market's withdrawn runners void (unchanged when none is withdrawn). */
export function withWithdrawn<R extends MarketResult | null>(market: { withdrawn?: readonly { outcomeId: string }[] | null }, result: R): R {
  if (!result || !market.withdrawn || market.withdrawn.length === 0) return result;
  return { ...result, withdrawn: market.withdrawn.map((w) => w.outcomeId) };
}

/** A withdrawn runner cannot win or be placed: refused (MARKET.RESULT_INVALID) before anything is written. */
export function checkNotWithdrawn(market: { withdrawn?: readonly { outcomeId: string }[] | null; outcomes: readonly { id: string; name: string }[] }, result: MarketResult): Result<MarketResult> {
  const gone = new Set((market.withdrawn ?? []).map((w) => w.outcomeId));
  if (gone.size === 0) return ok(result);
  const named = [
    ...(result.kind === "winner" ? [result.winningOutcomeId] : []),
    ...(result.kind === "outcomes" ? result.outcomes.filter((o) => o.result === "won").map((o) => o.outcomeId) : []),
    ...(result.placed ?? []).map((p) => p.outcomeId),
  ].find((id) => gone.has(id));
  if (named === undefined) return ok(result);
  const name = market.outcomes.find((o) => o.id === named)?.name ?? named;
  return err(domainError("MARKET.RESULT_INVALID", `${name} was withdrawn: it cannot win or be placed`, { fields: ["winningOutcomeId", "outcomes", "placed"] }));
}

/** A runner's price in the market a re-form closed, with that price's deduction (race_reform_prices). */
export interface ReformPrice {
  outcomeId: string;
  reformedAt: Date;
  deduction: number;
}

/**
 * The deduction a bet struck at `placedAt` on `outcomeId` takes: each runner withdrawn after it,
 * added up, at most RULE4_CAP. Each withdrawal deducts by the runner's price in the market the bet
 * was struck in: its price at withdrawal, or, when the race was re-formed between the bet and the
 * withdrawal, its last price before the first such re-form (the re-formed prices are shorter and
 * were never the bet's market). The SQL twin is adapters/libsql/bets.ts `rule4Sql`.
 */
export function rule4For(
  withdrawals: readonly { outcomeId: string; deduction: number; withdrawnAt: Date }[],
  bet: { outcomeId: string; placedAt: Date },
  reformPrices: readonly ReformPrice[] = [],
): number {
  const placed = bet.placedAt.getTime();
  return totalDeduction(
    withdrawals
      .filter((w) => w.outcomeId !== bet.outcomeId && w.withdrawnAt.getTime() > placed)
      .map((w) => {
        const inBetsMarket = reformPrices
          .filter((r) => r.outcomeId === w.outcomeId && r.reformedAt.getTime() > placed && r.reformedAt.getTime() < w.withdrawnAt.getTime())
          .sort((a, b) => a.reformedAt.getTime() - b.reformedAt.getTime())[0];
        return inBetsMarket ? inBetsMarket.deduction : w.deduction;
      }),
  );
}
