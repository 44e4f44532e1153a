/** Whose an object of the back office is, for the demo sandbox's object checks (domain/shared/reach.ts). */

/** Who an account belongs to: someone who signed up, the demo data's seed, or a demo login. */
export type AccountKind = "registered" | "sample" | "demo";

/** Objects that belong to one person: the account itself, or its bet, payment or fraud alert. */
export type ReachObject = "user" | "bet" | "payment" | "fraud_alert";

/**
 * A shared thing whose results, prices or limits decide what customers hold: a market or event of the
 * catalogue (their bets), or a fantasy contest (its entries: a settle pays them, a cancel refunds them).
 */
export type SharedScope = { marketId: string } | { eventId: string } | { contestId: string };

export interface AccountKinds {
  /** The kind of the account that owns the object (an account owns itself); null when there is no such object. */
  ownerKind(object: ReachObject, id: string): Promise<AccountKind | null>;
  /**
   * Whether a registered customer (not demo, not sample) holds anything on it: a bet, open or settled,
   * with a leg on the market or event, or an entry in the contest.
   */
  registeredBetsOn(scope: SharedScope): Promise<boolean>;
}
