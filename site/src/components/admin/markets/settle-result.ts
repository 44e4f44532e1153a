/**
 * The Settle dialog's result as the settle API takes it (docs/money.md "Results and grading", "Each
 * way and Rule 4"; docs/trading.md "Results and Rule 4"): one winner, a dead heat between the runners
 * chosen, no winner, or void; with each-way terms, the placed runners (at most the places) and runners
 * tied for the last place paid. Every dead-heat factor is (places left) / (runners tied), from
 * domain/settlement/dead-heat.ts: 1/n for the win; for a tie behind k runners with p places paid,
 * min(p - k, n) / n of the place part. A withdrawn runner is never offered (the server voids its bets).
 */
import { deadHeatFactor, tiedPlaceFactor } from "../../../../../domain/settlement/dead-heat.ts";
import type { DeadHeat } from "../../../../../domain/shared/types.ts";

export const DEAD_HEAT = "__dead_heat";
export const NO_WINNER = "__no_winner";
export const VOID = "__void";

export interface ResultChoice {
  /** An outcome id (that runner won), DEAD_HEAT, NO_WINNER or VOID; "" = nothing chosen yet. */
  choice: string;
  /** The runners sharing a dead heat. */
  sharing: readonly string[];
  /** Each way: the runners placed (the winner need not be listed). */
  placed: readonly string[];
  /** Each way: the runners tied for the last place paid (behind the winner(s) and the placed runners). */
  tiedLast?: readonly string[];
}

type Outcome = { id: string };
type Placed = { outcomeId: string; deadHeat?: { numerator: number; denominator: number } }[];
export type SettleResultBody =
  | { winningOutcomeId: string; placed?: Placed }
  | { void: true }
  | { noWinner: true; placed?: Placed }
  | { outcomes: { outcomeId: string; result: "lost" | "void" | "dead_heat"; deadHeat?: { numerator: number; denominator: number } }[]; placed?: Placed };

/** The factors the dialog will use, shown before settling: the win dead heat, and each way the place factors. */
export interface ResultFactors {
  /** The runners sharing the win and their factor (1/n). */
  win: DeadHeat | null;
  /** Each way, a dead heat for the win: the sharing runners' place factor (1 when places are enough for all). */
  winPlace: DeadHeat | null;
  /** The runners tied for the last place paid, their position and factor (null: no paid place left). */
  tied: readonly string[];
  tiedPosition: number;
  tiedFactor: DeadHeat | null;
}

export function resultFactors(r: ResultChoice, outcomes: readonly Outcome[], places: number | null, withdrawn: ReadonlySet<string> = new Set()): ResultFactors {
  const running = outcomes.filter((o) => !withdrawn.has(o.id)).map((o) => o.id);
  const sharing = r.choice === DEAD_HEAT ? running.filter((id) => r.sharing.includes(id)) : [];
  const winners = r.choice === DEAD_HEAT ? sharing : running.includes(r.choice) ? [r.choice] : [];
  const tiedAsked = new Set(r.tiedLast ?? []);
  const clear = places === null ? [] : running.filter((id) => r.placed.includes(id) && !tiedAsked.has(id));
  const ahead = new Set([...winners, ...clear]);
  const tied = places === null ? [] : running.filter((id) => tiedAsked.has(id) && !ahead.has(id));
  return {
    win: sharing.length >= 2 ? deadHeatFactor(1, sharing.length) : null,
    winPlace: places !== null && sharing.length >= 2 ? tiedPlaceFactor(places, 0, sharing.length) : null,
    tied,
    tiedPosition: ahead.size + 1,
    tiedFactor: places !== null && tied.length >= 2 ? tiedPlaceFactor(places, ahead.size, tied.length) : null,
  };
}

const factorBody = (f: DeadHeat | null) => (f && f.num < f.den ? { deadHeat: { numerator: f.num, denominator: f.den } } : {});

/** "1/2", or "in full" for a factor of 1. */
export function formatFactor(f: DeadHeat | null): string {
  return f === null ? "nothing" : f.num >= f.den ? "in full" : `${f.num}/${f.den}`;
}

/** The request body, or why the choice cannot be sent yet. */
export function settleResultBody(
  r: ResultChoice,
  outcomes: readonly Outcome[],
  places: number | null,
  withdrawn: ReadonlySet<string> = new Set(),
): { body: SettleResultBody } | { error: string } {
  if (!r.choice) return { error: "Choose the result" };
  if (r.choice === VOID) return { body: { void: true } };
  const running = outcomes.filter((o) => !withdrawn.has(o.id));
  const f = resultFactors(r, outcomes, places, withdrawn);
  const tiedSet = new Set(r.tiedLast ?? []);
  // In the order ticked, which is the finishing order (the server reads positions from it).
  const runningIds = new Set(running.map((o) => o.id));
  const placedIds = places === null ? [] : r.placed.filter((id) => runningIds.has(id) && !tiedSet.has(id));
  if (places !== null && placedIds.length > places) return { error: `At most ${places} runners are placed` };
  if (f.tied.length === 1) return { error: "Pick at least two runners tied for the last place" };
  if (f.tied.length >= 2 && f.tiedFactor === null) return { error: `No place is left for runners tied in position ${f.tiedPosition}` };
  const sharing = r.choice === DEAD_HEAT ? running.filter((o) => r.sharing.includes(o.id)).map((o) => o.id) : [];
  const placedList: Placed = [
    // Each way, a dead heat for the win: the sharing runners' place part at its own factor.
    ...(places !== null && sharing.length >= 2 ? sharing.filter((id) => !placedIds.includes(id)).map((outcomeId) => ({ outcomeId, ...factorBody(f.winPlace) })) : []),
    ...placedIds.map((outcomeId) => (sharing.includes(outcomeId) ? { outcomeId, ...factorBody(f.winPlace) } : { outcomeId })),
    ...f.tied.map((outcomeId) => ({ outcomeId, ...factorBody(f.tiedFactor) })),
  ];
  const placed = placedList.length > 0 ? { placed: placedList } : {};
  if (r.choice === NO_WINNER) return { body: { noWinner: true, ...placed } };
  if (r.choice === DEAD_HEAT) {
    if (sharing.length < 2 || !f.win) return { error: "Pick at least two runners sharing the dead heat" };
    const win = f.win;
    return {
      body: {
        outcomes: outcomes.map((o) =>
          sharing.includes(o.id)
            ? { outcomeId: o.id, result: "dead_heat" as const, deadHeat: { numerator: win.num, denominator: win.den } }
            : { outcomeId: o.id, result: withdrawn.has(o.id) ? ("void" as const) : ("lost" as const) },
        ),
        ...placed,
      },
    };
  }
  if (!running.some((o) => o.id === r.choice)) return { error: "That runner cannot win" };
  return { body: { winningOutcomeId: r.choice, ...placed } };
}

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th"}`;

/**
 * A ticked placed runner's finishing position as the server will read it ("2nd"): the winners come
 * first, then the placed runners in the order ticked (docs/money.md "Each-way terms after
 * withdrawals": when withdrawals cut the places, only runners within them are paid). Null for a
 * winner (1st) or a runner not ticked.
 */
export function placedPosition(r: ResultChoice, id: string, withdrawn: ReadonlySet<string> = new Set()): string | null {
  const winners = r.choice === DEAD_HEAT ? r.sharing.filter((w) => !withdrawn.has(w)) : r.choice && r.choice !== NO_WINNER && r.choice !== VOID ? [r.choice] : [];
  if (winners.includes(id)) return null;
  const tied = new Set(r.tiedLast ?? []);
  const order = r.placed.filter((p) => !withdrawn.has(p) && !tied.has(p) && !winners.includes(p));
  const i = order.indexOf(id);
  return i < 0 ? null : ordinal(winners.length + i + 1);
}

/** What the confirmation calls it: a void refunds, anything else settles. */
export function resultAction(choice: string): "void" | "settle" {
  return choice === VOID ? "void" : "settle";
}
