/**
 * The Settle dialog's result as the settle API takes it (docs/money.md "Results and grading", "Each
 * way and Rule 4"): one winner, a dead heat between the runners chosen (each at 1/n), no winner, or
 * void; with each-way terms, the placed runners (at most the places). A withdrawn runner is never
 * offered (the server voids its bets).
 */
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
}

type Outcome = { id: string };
export type SettleResultBody =
  | { winningOutcomeId: string; placed?: { outcomeId: string }[] }
  | { void: true }
  | { noWinner: true; placed?: { outcomeId: string }[] }
  | { outcomes: { outcomeId: string; result: "lost" | "void" | "dead_heat"; deadHeat?: { numerator: number; denominator: number } }[]; placed?: { outcomeId: string }[] };

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
  const placedIds = places === null ? [] : running.filter((o) => r.placed.includes(o.id)).map((o) => o.id);
  if (places !== null && placedIds.length > places) return { error: `At most ${places} runners are placed` };
  const placed = placedIds.length > 0 ? { placed: placedIds.map((outcomeId) => ({ outcomeId })) } : {};
  if (r.choice === NO_WINNER) return { body: { noWinner: true, ...placed } };
  if (r.choice === DEAD_HEAT) {
    const sharing = running.filter((o) => r.sharing.includes(o.id)).map((o) => o.id);
    if (sharing.length < 2) return { error: "Pick at least two runners sharing the dead heat" };
    return {
      body: {
        outcomes: outcomes.map((o) =>
          sharing.includes(o.id)
            ? { outcomeId: o.id, result: "dead_heat" as const, deadHeat: { numerator: 1, denominator: sharing.length } }
            : { outcomeId: o.id, result: withdrawn.has(o.id) ? ("void" as const) : ("lost" as const) },
        ),
        ...placed,
      },
    };
  }
  if (!running.some((o) => o.id === r.choice)) return { error: "That runner cannot win" };
  return { body: { winningOutcomeId: r.choice, ...placed } };
}

/** What the confirmation calls it: a void refunds, anything else settles. */
export function resultAction(choice: string): "void" | "settle" {
  return choice === VOID ? "void" : "settle";
}
