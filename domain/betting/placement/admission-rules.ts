/**
 * The rules that admit a bet into the book, each declared once: its stable code, the text the
 * customer reads, where the placement write enforces it (a trigger and the text it raises, an
 * assertion the adapter adds to the write, a table constraint, or nothing when the rule is refused
 * before the write) and which refusal of the write it gives. The use case words every refusal from
 * here (each selection's state and price through selections.ts, before the write and again to
 * explain a refused one), the libSQL adapter reads its refusals off these guards, and one
 * table-driven test (tests/api/admission-rules.test.ts) checks every row against the migrated
 * database and the use case. Adding a rule is one row here and one row in that test.
 *
 * The customer's own gates (suspension, exclusions, loss limits) are worded by the wager gate
 * (domain/responsible/wagering-gate.ts), which fantasy entries and deposits share; here they are
 * one row for the write's assertion that backs them.
 */
import type { ErrorCode } from "../../shared/result.ts";
import type { PlacementOutcome } from "../../ports/index.ts";
import { formatMoney } from "../../shared/money.ts";
import { formatOdds } from "../../shared/odds.ts";

/** How the placement write refused: every outcome of the Bets port but "placed". */
export type WriteRefusal = Exclude<PlacementOutcome["kind"], "placed">;

export type WriteGuard =
  /** A trigger of the migrations that aborts the write with RAISE(ABORT, raise). */
  | { kind: "trigger"; name: string; raise: string }
  /** An assertion statement the adapter adds to the write, reading this table. */
  | { kind: "assertion"; reads: string }
  /** A CHECK constraint of a table, by name. */
  | { kind: "check"; table: string; name: string }
  /** A table's primary key refusing a second row with the same key. */
  | { kind: "unique"; table: string }
  /** Refused before the write: the rule needs no figure that only the write holds. */
  | { kind: "before_write" };

/**
 * What the use case reads to explain a refused write: "prices" (the prices and state now),
 * "limits" (the limit figures now), "limits_first" (a limit the bet breaks is the better answer,
 * else this rule), "account" (a limit, else the customer's gates now), "none".
 */
export type Explanation = "prices" | "limits" | "limits_first" | "account" | "none";

const trigger = (name: string, raise: string): WriteGuard => ({ kind: "trigger", name, raise });

/**
 * The write's check of each leg against its outcome, market and event as they are at the write
 * (migrations 0001, 0021, 0042): it raises one text for every state it refuses, so the use case
 * reads the prices and state again to say which (explain.ts).
 */
const PRICE_GUARD = trigger("bet_legs_price_guard", "BET.ODDS_CHANGED");

/** A limit refused the write but no longer does when the figures are read again. */
const LIMIT_CHANGED = "A limit changed while placing the bet; please try again";

export const ADMISSION_RULES = {
  /** Combined odds above the ceiling: refused before the write (it needs no figures). */
  oddsCeiling: {
    code: "BET.ODDS_TOO_HIGH",
    guard: { kind: "before_write" },
    message: (maxOdds: number) => `These selections combine to odds above ${formatOdds(maxOdds)}; remove a selection`,
  },
  /**
   * Every selection still exists, in the market and event it was offered in: the write finds no
   * outcome of that id under the leg's market and event.
   */
  selectionNotFound: {
    code: "BET.SELECTION_NOT_FOUND",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: () => "A selection on your slip no longer exists",
  },
  /** The event has not finished: the write checks its status. */
  eventClosed: {
    code: "BET.EVENT_CLOSED",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: (eventName: string) => `${eventName} has finished and takes no more bets`,
  },
  /**
   * A race is never bet from its start (the off). The write has no check of its own for races: it
   * refuses a race past its start while it is still upcoming (the past-post check every event has),
   * and a race the feed has turned live only while the event is suspended, as the feed keeps it
   * until its result. A live race that is not suspended is refused before the write alone.
   */
  raceOff: {
    code: "BET.RACE_OFF",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: (eventName: string) => `${eventName} is off: betting on this race has closed`,
  },
  /** An upcoming event past its start takes no pre-match bets (past-post): the write checks it against the bet's time. */
  eventStarted: {
    code: "BET.EVENT_STARTED",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: (eventName: string) => `${eventName} has started: pre-match betting is closed until it is priced in play`,
  },
  /** The outcome has no result yet: the write checks it. */
  selectionDecided: {
    code: "BET.SELECTION_DECIDED",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: (outcomeName: string, marketName: string) => `${outcomeName} (${marketName}) is already decided and no longer offered`,
  },
  /** The market is open (not suspended, not closed): the write checks its status. */
  marketClosed: {
    code: "BET.MARKET_CLOSED",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: (marketName: string, status: string) => `The ${marketName} market is ${status}`,
  },
  /** The event is not suspended while its prices are updated: the write checks its suspension against the bet's time. */
  eventSuspended: {
    code: "BET.MARKET_SUSPENDED",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: (eventName: string) => `${eventName} is suspended while its prices are updated; try again in a moment`,
  },
  /** A race re-formed after a non-runner takes no bets until it reopens: the write checks the market's reopening against the bet's time. */
  raceReforming: {
    code: "BET.MARKET_SUSPENDED",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: (marketName: string) => `The ${marketName} market is suspended while the race is re-formed after a non-runner; try again in a moment`,
  },
  /**
   * A slip priced before its race was re-formed is refused whatever the customer's price-change
   * setting. The write knows only the price the leg is struck at, not the one the customer saw: a
   * re-form before the use case's read is refused before the write alone; one between that read
   * and the write moves the price, which the write refuses.
   */
  raceReformed: {
    code: "BET.RACE_REFORMED",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: (marketName: string, outcomeName: string, priceMilli: number) =>
      `${marketName} was re-formed after a non-runner: ${outcomeName} is now ${formatOdds(priceMilli)}. Check the new prices and place again`,
  },
  /**
   * Every leg at its current price (or one the customer's price-change setting accepts); the write
   * checks the price the leg is struck at. Its text is also the answer when the write refused but
   * the prices and state read again show nothing to refuse.
   */
  price: {
    code: "BET.ODDS_CHANGED",
    guard: PRICE_GUARD,
    refusal: "odds_changed",
    explainBy: "prices",
    message: (moved: readonly { outcomeName: string; priceMilli: number }[]) =>
      moved.length === 1 ? `The price of ${moved[0].outcomeName} changed to ${formatOdds(moved[0].priceMilli)}` : `${moved.length} prices on your slip changed`,
    fallback: "A price on your slip changed",
  },
  /** The customer's stake factor (set by traders) allows this stake at these odds. */
  stakeFactor: {
    code: "BET.STAKE_TOO_HIGH",
    guard: { kind: "assertion", reads: "customer_stake_factors" },
    refusal: "refused",
    explainBy: "account",
    message: (maxStake: number) => `The maximum stake on this account at these odds is ${formatMoney(maxStake)}`,
  },
  /** The maximum payout per bet and per customer in 24 hours. */
  maxPayout: {
    code: "BET.MAX_PAYOUT",
    guard: trigger("bets_max_payout", "BET.MAX_PAYOUT"),
    refusal: "max_payout",
    explainBy: "limits",
    message: (maxStake: number, limit: "per_bet" | "per_day") =>
      limit === "per_bet"
        ? `This bet would pay more than the maximum payout per bet; max stake for this selection is ${formatMoney(maxStake)}`
        : `This bet would take your payouts in 24 hours past the maximum; max stake for this selection is ${formatMoney(maxStake)}`,
    fallback: LIMIT_CHANGED,
  },
  /** Each outcome's liability in the bettor's book within its market's limit. */
  liability: {
    code: "BET.LIABILITY_LIMIT",
    guard: trigger("bet_legs_liability_limit", "BET.LIABILITY_LIMIT"),
    refusal: "liability_limit",
    explainBy: "limits",
    message: (maxStake: number) => `Max stake for this selection is ${formatMoney(maxStake)}`,
    fallback: LIMIT_CHANGED,
  },
  /** Each event's liability in the bettor's book within the event's limit. */
  eventLimit: {
    code: "BET.EVENT_LIMIT",
    guard: trigger("bet_legs_liability_limit", "BET.EVENT_LIMIT"),
    refusal: "event_limit",
    explainBy: "limits",
    message: (maxStake: number) => `The book on this event is full; max stake for this selection is ${formatMoney(maxStake)}`,
    fallback: LIMIT_CHANGED,
  },
  /**
   * The customer is active, not excluded, and within their loss limits at the write. The wager
   * gate words each of those; this text is for a gate that refused the write but passes again.
   */
  wagerGates: {
    code: "RG.CONCURRENT_CHANGE",
    guard: { kind: "assertion", reads: "responsible_exclusions" },
    refusal: "refused",
    explainBy: "account",
    fallback: "Your account changed while placing the bet; please try again",
  },
  /** The cash wallet (then the bonus wallet) covers the stake. */
  funds: {
    code: "BET.INSUFFICIENT_FUNDS",
    guard: { kind: "check", table: "ledger_accounts", name: "ledger_accounts_wallet_nonneg_ck" },
    refusal: "insufficient_funds",
    explainBy: "limits_first",
    fallback: "Your balance is too low for this stake",
  },
  /** The stake is posted from a wallet that exists. */
  wallet: {
    code: "BET.NO_WALLET",
    guard: trigger("ledger_postings_apply", "LEDGER.UNKNOWN_ACCOUNT"),
    refusal: "no_wallet",
    explainBy: "none",
    fallback: "This account has no wallet",
  },
  /**
   * One bet per Idempotency-Key: a concurrent request with the same key won the race. placeBet
   * answers as that request did; this text stands only when its record is gone again.
   */
  idempotency: {
    code: "BET.IDEMPOTENCY_CONFLICT",
    guard: { kind: "unique", table: "idempotency_keys" },
    refusal: "duplicate_idempotency_key",
    explainBy: "none",
    fallback: "Retry the request",
  },
} as const satisfies Record<string, AdmissionRuleShape>;

interface AdmissionRuleShape {
  code: ErrorCode;
  guard: WriteGuard;
  /** The write's refusal when this guard fails; absent for a rule refused before the write. */
  refusal?: WriteRefusal;
  explainBy?: Explanation;
  /** The text with the figures the slip can act on (the largest stake that fits, the odds ceiling). */
  message?: (...args: never[]) => string;
  /** The text when the explanation finds nothing more precise. */
  fallback?: string;
}

/** How the use case explains one refusal of the write. */
export interface RefusalRule {
  code: ErrorCode;
  explainBy: Explanation;
  fallback: string;
}

/**
 * The rule that words each refusal of the write. "refused" (an assertion failed) may be the stake
 * factor or a wager gate: its explanation reads the limits first, then the gates.
 */
export const RULE_OF_REFUSAL: Readonly<Record<WriteRefusal, RefusalRule>> = {
  odds_changed: ADMISSION_RULES.price,
  refused: ADMISSION_RULES.wagerGates,
  max_payout: ADMISSION_RULES.maxPayout,
  liability_limit: ADMISSION_RULES.liability,
  event_limit: ADMISSION_RULES.eventLimit,
  insufficient_funds: ADMISSION_RULES.funds,
  no_wallet: ADMISSION_RULES.wallet,
  duplicate_idempotency_key: ADMISSION_RULES.idempotency,
};
