/** Rows of a market's outcomes as the operator screens list them: every outcome, each with its share of the stakes. */
export interface OutcomeFigures {
  outcomeId: string;
  name: string;
  odds: string;
  stakes: number;
  payout: number;
  net: number;
  /** The running total placement checks against the market's limit. */
  liability: number;
}

export interface OutcomeRow extends OutcomeFigures {
  /** Share of the market's stakes on this outcome, percent with one decimal (0 when nothing is staked). */
  share: number;
}

/** Every outcome in the market's own order (draw and every racing runner included), with its stake share. */
export function outcomeRows(outcomes: readonly OutcomeFigures[]): OutcomeRow[] {
  const total = outcomes.reduce((s, o) => s + o.stakes, 0);
  return outcomes.map((o) => ({ ...o, share: total > 0 ? Math.round((1000 * o.stakes) / total) / 10 : 0 }));
}
