/** The wagering gates a write that takes a customer's money for a wager re-checks inside it. */
/**
 * The customer's wagering gates re-checked inside a write that takes their money for a wager (a
 * contest entry fee): at `at` the account is active and under no time-out or self-exclusion, and
 * in each loss-limit window net losses after `since` plus the amount stay within `limit`.
 */
export interface WagerGuards {
  at: Date;
  lossLimits: { since: Date; limit: number }[];
  /** Bet placement: the customer's stake factor (basis points, none = full) must still be at least this (placement-limits.ts minStakeFactorBp). */
  minStakeFactorBp?: number;
}
